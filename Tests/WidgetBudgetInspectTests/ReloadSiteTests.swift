import SwiftSyntax
import Testing

@testable import WidgetBudgetInspect

/// Where a reload call sits decides its rule: one case per idiom the issue names.
@Suite("inspect: reload sites")
struct ReloadSiteTests {
    static func site(_ code: String) -> ReloadSite? {
        let scanner = ProjectScanner(file: SourceFile(path: "A.swift", text: code))
        return scanner.reloadCalls.first.map { ReloadSite.of($0) }
    }

    static let cases: [(String, ReloadSite)] = [
        ("func f() { for k in kinds { WidgetCenter.shared.reloadTimelines(ofKind: k) } }", .loop),
        ("func f() { kinds.forEach { WidgetCenter.shared.reloadTimelines(ofKind: $0) } }", .loop),
        ("func f() { while true { WidgetCenter.shared.reloadAllTimelines() } }", .loop),
        (
            "var body: some Scene { W().onChange(of: scenePhase) { p in if p == .active { WidgetCenter.shared.reloadAllTimelines() } } }",
            .foreground
        ),
        ("func f() { switch phase { case .active: WidgetCenter.shared.reloadAllTimelines() default: break } }", .foreground),
        ("func sceneDidBecomeActive(_ s: UIScene) { WidgetCenter.shared.reloadAllTimelines() }", .foreground),
        (
            "func application(_ a: UIApplication, didReceiveRemoteNotification u: [AnyHashable: Any]) { WidgetCenter.shared.reloadAllTimelines() }",
            .push
        ),
        ("func handle(task: BGAppRefreshTask) { WidgetCenter.shared.reloadAllTimelines() }", .background),
        (
            "func f() { BGTaskScheduler.shared.register(forTaskWithIdentifier: id, using: nil) { _ in WidgetCenter.shared.reloadAllTimelines() } }",
            .background
        ),
        (
            "func locationManager(_ m: CLLocationManager, didEnterRegion r: CLRegion) { WidgetCenter.shared.reloadAllTimelines() }",
            .background
        ),
        (
            "struct I: AppIntent { func perform() async throws -> some IntentResult { WidgetCenter.shared.reloadAllTimelines(); return .result() } }",
            .intent
        ),
        ("var x = 0 { didSet { WidgetCenter.shared.reloadAllTimelines() } }", .everyChange),
        ("var body: some View { T().onChange(of: value) { WidgetCenter.shared.reloadAllTimelines() } }", .everyChange),
        ("func f() { p.sink { _ in WidgetCenter.shared.reloadAllTimelines() } }", .everyChange),
        (
            "func f() { p.debounce(for: .seconds(5), scheduler: q).sink { _ in WidgetCenter.shared.reloadAllTimelines() } }",
            .throttledChange
        ),
        (
            "func f() async { for await _ in NotificationCenter.default.notifications(named: n) { WidgetCenter.shared.reloadAllTimelines() } }",
            .everyChange
        ),
        ("func save() { store.save(); WidgetCenter.shared.reloadTimelines(ofKind: \"k\") }", .plain),
        (
            "func f() { t = Timer.scheduledTimer(withTimeInterval: 15, repeats: true) { _ in WidgetCenter.shared.reloadAllTimelines() } }",
            .loop
        ),
        (
            "var body: some View { T().onReceive(Timer.publish(every: 60, on: .main, in: .common).autoconnect()) { _ in WidgetCenter.shared.reloadAllTimelines() } }",
            .loop
        ),
        ("var body: some View { T().onReceive(model.$value) { _ in WidgetCenter.shared.reloadAllTimelines() } }", .everyChange),
    ]

    @Test(arguments: cases.indices)
    func classifies(index: Int) {
        let (code, expected) = Self.cases[index]
        #expect(Self.site(code) == expected, "\(code)")
    }
}

/// A reload in a helper takes the site of the helper's callers, matched by type and labels.
@Suite("inspect: reload sites through callers")
struct ReloadCallerTests {
    static func reloads(_ code: String) -> [AppReload] {
        let file = SourceFile(
            path: "A.swift",
            text: code
                + "\nstruct W: Widget { var body: some WidgetConfiguration { StaticConfiguration(kind: \"k\", provider: P()) { _ in E() } } }"
        )
        var finder = WidgetFinder(table: ConstantTable(files: [file]), scanners: [ProjectScanner(file: file)])
        let widgets = finder.widgets(providers: [:])
        return finder.reloads(widgets: widgets)
    }

    @Test func aHelperCalledFromAPushHandlerIsAPushSite() {
        let found = Self.reloads(
            """
            final class D {
                func application(_ a: UIApplication, didReceiveRemoteNotification u: [AnyHashable: Any]) { update(from: u) }
                func update(from info: [AnyHashable: Any]) { reload() }
                func reload() { WidgetCenter.shared.reloadTimelines(ofKind: "k") }
            }
            """)
        #expect(found.map(\.site) == [.push])
        #expect(found.first?.via == ["application", "update", "reload"])
    }

    @Test func aSameNamedFunctionOfAnotherTypeOrOtherLabelsIsNotACaller() {
        let found = Self.reloads(
            """
            final class D { func reload() { WidgetCenter.shared.reloadTimelines(ofKind: "k") } }
            struct S {
                func reload() {}
                func reload(times: Int) {}
                func go() { for _ in 0..<3 { reload() } }
            }
            final class T { func go(d: D) { for _ in 0..<3 { d.reload(times: 2) } } }
            """)
        #expect(found.map(\.site) == [.plain])
    }

    @Test func aHelperCalledFromADidSetNamesTheProperty() {
        let found = Self.reloads(
            """
            final class M {
                var inOffice = false { didSet { save() } }
                func save() { WidgetCenter.shared.reloadAllTimelines() }
            }
            """)
        #expect(found.map(\.site) == [.everyChange])
        #expect(found.first?.via == ["inOffice.didSet", "save"])
    }

    @Test func anOnReceiveOfATimerConstantInAnotherPlaceIsALoop() {
        let found = Self.reloads(
            """
            let refreshTimer = Timer.publish(every: TimeInterval(60 * 5), on: .main, in: .common).autoconnect()
            struct V: View { var body: some View { T().onReceive(refreshTimer) { _ in WidgetCenter.shared.reloadAllTimelines() } } }
            """)
        #expect(found.map(\.site) == [.loop])
    }

    @Test func aCallOnAnotherObjectIsACaller() {
        let found = Self.reloads(
            """
            final class D { func reload() { WidgetCenter.shared.reloadTimelines(ofKind: "k") } }
            final class T { func go(d: D) { for _ in 0..<3 { d.reload() } } }
            """)
        #expect(found.map(\.site) == [.loop])
        #expect(found.first?.via == ["go", "reload"])
    }
}

/// Calls of one function run together: the scenario makes them one trigger.
@Suite("inspect: reload triggers")
struct ReloadTriggerTests {
    @Test func callsOfOneFunctionAreOneTriggerReloadingEveryWidgetWhenTheyDiffer() throws {
        let found = ReloadCallerTests.reloads(
            """
            final class D {
                func refresh() {
                    WidgetCenter.shared.reloadAllTimelines()
                    WidgetCenter.shared.reloadTimelines(ofKind: "k")
                }
                func save() { WidgetCenter.shared.reloadTimelines(ofKind: "k") }
                func other() { WidgetCenter.shared.reloadTimelines(ofKind: "k") }
            }
            """)
        let triggers = ScenarioWriter.triggers(found)
        #expect(triggers.map(\.0.kind) == [nil, "k", "k"])
        #expect(triggers.map { $0.1.map(\.line) } == [[3, 4], [6], [7]])
    }
}
