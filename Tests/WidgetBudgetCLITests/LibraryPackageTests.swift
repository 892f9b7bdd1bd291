import Foundation
import Testing
import WidgetBudgetTestSupport

/// An app that adds the package for `WidgetBudgetKit` with `traits: []` (README.md, "Replaying your
/// own provider") resolves none of the tool's dependencies: Yams, swift-argument-parser and
/// swift-syntax (`inspect`) are guarded by the package's default trait `Tool` (issues #28, #25).
@Suite("Library package")
struct LibraryPackageTests {
    /// The identities of the packages the app at `app` depends on, transitively, as
    /// `swift package show-dependencies` resolves them.
    static func dependencies(of app: URL) throws -> Set<String> {
        let out = try CLIRunner.run(
            program: URL(fileURLWithPath: "/usr/bin/env"), ["swift", "package", "show-dependencies", "--format", "json"], in: app)
        #expect(out.status == 0, "\(out.stderr)")
        // The JSON document starts at the first brace (resolution may print lines before it).
        let json = String(out.stdout.drop { $0 != "{" })
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "\(out.stdout)")
        var found: Set<String> = []
        func walk(_ node: [String: Any]) {
            for child in node["dependencies"] as? [[String: Any]] ?? [] {
                if let identity = child["identity"] as? String { found.insert(identity) }
                walk(child)
            }
        }
        walk(root)
        return found
    }

    /// Tests/Fixtures/LibraryApp beside a link named `WidgetBudget` to this package, with its
    /// manifest passed through `edit`.
    static func withApp(_ edit: (String) -> String = { $0 }, _ body: (URL) throws -> Void) throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("App")
        try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("Tests/Fixtures/LibraryApp"), to: app)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("WidgetBudget"), withDestinationURL: CLIRunner.packageRoot)
        let manifest = app.appendingPathComponent("Package.swift")
        try edit(try String(contentsOf: manifest, encoding: .utf8)).write(to: manifest, atomically: true, encoding: .utf8)
        try body(app)
    }

    @Test("with traits: [] the app resolves WidgetBudget alone")
    func libraryAlone() throws {
        try Self.withApp { app in
            let found = try Self.dependencies(of: app)
            #expect(found == ["widgetbudget"])
        }
    }

    /// The widget's log builds from the same app package with `traits: []`: WidgetBudgetLog
    /// alone is compiled (docs/log-format.md), nothing else of the package.
    @Test("with traits: [] the app builds WidgetBudgetLog alone")
    func logLibraryBuilds() throws {
        try Self.withApp { app in
            let out = try CLIRunner.run(
                program: URL(fileURLWithPath: "/usr/bin/env"), ["swift", "build", "--target", "WidgetLogging"], in: app)
            #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
            let modules = try FileManager.default.contentsOfDirectory(atPath: app.appendingPathComponent(".build/debug/Modules").path)
            #expect(Set(modules.filter { $0.hasSuffix(".swiftmodule") }) == ["WidgetBudgetLog.swiftmodule", "WidgetLogging.swiftmodule"])
        }
    }

    /// The control: without `traits: []` the default trait brings the tool's dependencies, so
    /// the test above would see them if the guard were gone.
    @Test("with the default traits the tool's dependencies come too")
    func defaultTraits() throws {
        let defaults: (String) -> String = { $0.replacingOccurrences(of: ", traits: []", with: "") }
        try Self.withApp(defaults) { app in
            let found = try Self.dependencies(of: app)
            #expect(found == ["widgetbudget", "yams", "swift-argument-parser", "swift-syntax"])
        }
    }
}
