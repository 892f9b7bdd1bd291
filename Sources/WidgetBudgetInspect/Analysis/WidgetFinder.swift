import SwiftSyntax

/// Turns the scanners' findings into ``WidgetModel``s and ``AppReload``s, resolving kinds through
/// the ``ConstantTable``.
struct WidgetFinder {
    let table: ConstantTable
    let scanners: [ProjectScanner]
    private(set) var notes: [Diagnostic] = []

    init(table: ConstantTable, scanners: [ProjectScanner]) {
        self.table = table
        self.scanners = scanners
    }

    /// The providers declared, with their timelines.
    mutating func providers() -> [String: ProviderModel] {
        var types: [String: SourcePlace] = [:]
        for scanner in scanners { types.merge(scanner.providerTypes) { a, _ in a } }
        var out: [String: ProviderModel] = [:]
        for scanner in scanners {
            for (function, file) in scanner.timelineFunctions {
                guard let type = function.enclosingTypeName, let place = types[type], out[type]?.shape == nil else { continue }
                var reader = TimelineFunction(function: function, file: file, table: table)
                out[type] = ProviderModel(name: type, place: place, shape: reader.shape())
                notes += reader.notes
            }
        }
        for (type, place) in types where out[type] == nil { out[type] = ProviderModel(name: type, place: place, shape: nil) }
        return out
    }

    /// One widget per kind, in source order.
    mutating func widgets(providers: [String: ProviderModel]) -> [WidgetModel] {
        var builds: [String: Set<String>] = [:]
        var selfUpdating: [String: SourcePlace] = [:]
        for scanner in scanners {
            builds.merge(scanner.builds) { $0.union($1) }
            selfUpdating.merge(scanner.selfUpdatingViews) { a, _ in a }
        }
        var out: [WidgetModel] = []
        for scanner in scanners {
            for configuration in scanner.configurations {
                let call = configuration.call
                guard let kindExpr = call.argument("kind") else { continue }
                let place = configuration.file.place(of: kindExpr)
                var kind: String
                do {
                    kind = try Evaluator(table: table, typeName: configuration.typeName).value(kindExpr).text ?? kindExpr.trimmedDescription
                } catch {
                    kind = kindExpr.trimmedDescription
                    notes.append(
                        Diagnostic(
                            .unresolved, at: place, "the widget kind '\(error.text)' is not resolved; the scenario calls it '\(kind)'"))
                }
                guard !out.contains(where: { $0.kind.value == kind }) else { continue }
                let providerName = call.argument("provider")?.innerCall?.calleeName ?? call.argument("provider")?.trimmedDescription ?? "?"
                var reached: Set<String> = configuration.typeName.map { [$0] } ?? []
                let closure = call.trailingClosure ?? call.argument("content")?.as(ClosureExprSyntax.self)
                if let closure {
                    for token in closure.tokens(viewMode: .sourceAccurate) where token.text.first?.isUppercase == true {
                        reached.insert(token.text)
                    }
                }
                var frontier = Array(reached)
                while let next = frontier.popLast() {
                    for built in builds[next] ?? [] where reached.insert(built).inserted { frontier.append(built) }
                }
                let updating = reached.compactMap { selfUpdating[$0] }.min()
                out.append(
                    WidgetModel(
                        kind: Sourced(value: kind, place: place), providerName: providerName, provider: providers[providerName],
                        selfUpdating: updating))
            }
        }
        return out
    }

    /// The app's reload calls, in source order.
    mutating func reloads(widgets: [WidgetModel]) -> [AppReload] {
        var out: [AppReload] = []
        for scanner in scanners {
            for call in scanner.reloadCalls {
                let place = scanner.file.place(of: call)
                var kind: String?
                if let kindExpr = call.argument("ofKind") {
                    let function = call.enclosing(FunctionDeclSyntax.self)
                    let locals = function.map { LocalNames($0).values } ?? [:]
                    do {
                        kind = try Evaluator(table: table, typeName: call.enclosingTypeName, locals: locals).value(kindExpr).text
                    } catch {
                        let assumed =
                            widgets.count == 1 ? "the only widget, '\(widgets[0].kind.value)'" : "every widget (reloadAllTimelines)"
                        notes.append(Diagnostic(.unresolved, at: place, "the kind '\(error.text)' is not resolved; assumed \(assumed)"))
                        kind = widgets.count == 1 ? widgets[0].kind.value : nil
                    }
                }
                if let wanted = kind, !widgets.contains(where: { $0.kind.value == wanted }) {
                    notes.append(
                        Diagnostic(
                            .unresolved, at: place, "no widget of kind '\(wanted)' was found in the paths given; this call is left out"))
                    continue
                }
                var reload = AppReload(kind: kind, site: ReloadSite.of(call), place: place)
                let evaluator = Evaluator(table: table, typeName: call.enclosingTypeName)
                if reload.site == .throttledChange, let (seconds, at) = ReloadSite.throttleInterval(of: call, evaluator), seconds > 0 {
                    reload.throttle = Sourced(value: seconds, place: scanner.file.place(of: at))
                }
                out.append(reload)
            }
        }
        return out
    }
}

/// A function's local `let`s by name (for a kind held in a local).
private final class LocalNames: SyntaxVisitor {
    var values: [String: ExprSyntax] = [:]

    init(_ function: FunctionDeclSyntax) {
        super.init(viewMode: .sourceAccurate)
        if let body = function.body { walk(body) }
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = node.initializer?.value {
            values[name] = values[name] ?? value
        }
        return .visitChildren
    }
}
