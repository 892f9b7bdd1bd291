import SwiftSyntax

/// Turns the scanners' findings into ``WidgetModel``s and ``AppReload``s, resolving kinds through
/// the ``ConstantTable``.
struct WidgetFinder {
    let table: ConstantTable
    let scanners: [ProjectScanner]
    /// Constants holding a repeating timer publisher.
    let timers: Set<String>
    private(set) var notes: [Diagnostic] = []

    init(table: ConstantTable, scanners: [ProjectScanner]) {
        self.table = table
        self.scanners = scanners
        timers = table.timerNames
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
                let (site, via) = siteThroughCallers(call, depth: 0, seen: [])
                var reload = AppReload(kind: kind, site: site, place: place, via: via)
                // Calls in one function run together: one trigger in the scenario.
                if let function = call.enclosing(FunctionDeclSyntax.self) {
                    reload.scope = scanner.file.place(of: function)
                } else if let accessor = call.enclosing(AccessorDeclSyntax.self) {
                    reload.scope = scanner.file.place(of: accessor)
                }
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

extension WidgetFinder {
    /// The site of `call`; where it is plain, the weightiest site of the calls to its function,
    /// followed up to three functions out (`locationManager(_:didEnterRegion:)` → `handleRegionEntry`
    /// → `refreshWidgets` → the reload), with the functions passed through.
    func siteThroughCallers(_ call: FunctionCallExprSyntax, depth: Int, seen: Set<String>) -> (ReloadSite, [String]) {
        let site = ReloadSite.of(call, timers: timers)
        let function = call.enclosing(FunctionDeclSyntax.self)
        guard site == .plain, depth < 3, let function else {
            // A caller's site: name the function it sits in (the handler), first in the way.
            return (site, depth > 0 && site != .plain ? [function?.name.text ?? Self.accessorName(call)].compactMap { $0 } : [])
        }
        let name = function.name.text
        guard !seen.contains(name) else { return (site, []) }
        var best: (ReloadSite, [String]) = (site, [])
        for scanner in scanners {
            for caller in scanner.calls[name] ?? [] where Self.calls(caller, function) {
                let found = siteThroughCallers(caller, depth: depth + 1, seen: seen.union([name]))
                if found.0.weight > best.0.weight { best = (found.0, found.1 + [name]) }
            }
        }
        return best
    }

    /// `score.didSet` for a call in a property observer, nil elsewhere.
    static func accessorName(_ call: FunctionCallExprSyntax) -> String? {
        guard let accessor = call.enclosing(AccessorDeclSyntax.self),
            let binding = accessor.enclosing(PatternBindingSyntax.self)?.pattern.trimmedDescription
        else { return nil }
        return binding + "." + accessor.accessorSpecifier.text
    }

    /// Whether `call` can be a call of `function`: its argument labels are the parameters' (those
    /// left out have defaults or are trailing closures), and a call without a receiver (or on
    /// `self`) sits in the same type.
    static func calls(_ call: FunctionCallExprSyntax, _ function: FunctionDeclSyntax) -> Bool {
        let parameters = Array(function.signature.parameterClause.parameters)
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        guard labels.count <= parameters.count,
            zip(labels, parameters).allSatisfy({ $0 == $1.firstName.text })
        else { return false }
        let rest = parameters.dropFirst(labels.count)
        let closures = (call.trailingClosure == nil ? 0 : 1) + call.additionalTrailingClosures.count
        guard rest.filter({ $0.defaultValue == nil }).count <= closures else { return false }
        let receiver = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription
        if receiver == nil || receiver == "self" || receiver == "Self" {
            return call.enclosingTypeName == function.enclosingTypeName
        }
        return true
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
