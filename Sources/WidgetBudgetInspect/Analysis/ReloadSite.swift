import SwiftSyntax

/// Where an app's `reloadTimelines(ofKind:)` / `reloadAllTimelines()` call sits, which decides
/// whether it is charged, how often it runs and which rule speaks.
public enum ReloadSite: String, Sendable, Codable, Equatable {
    /// Inside a loop or `forEach`: each pass is a charged call (OBSERVED #17).
    case loop
    /// The scene phase becoming `.active`, or the app becoming active: free (OBSERVED #3).
    case foreground
    /// A push handler: charged and seen late (OBSERVED #13, #14).
    case push
    /// Background fetch, a background task or a location handler: charged and seen late.
    case background
    /// An App Intent's `perform()`: free (OBSERVED #3).
    case intent
    /// A `didSet`, `onChange`, notification or subscription handler without a throttle.
    case everyChange = "every-change"
    /// The same with a throttle or debounce around it.
    case throttledChange = "throttled-change"
    /// Anywhere else (a button, a save): how often is unknown.
    case plain

    /// How much a site says about the budget, to pick among a function's callers: a loop first.
    var weight: Int {
        switch self {
        case .loop: 7
        case .everyChange: 6
        case .push: 5
        case .background: 4
        case .throttledChange: 3
        case .intent: 2
        case .foreground: 1
        case .plain: 0
        }
    }

    /// Classifies `call` by walking out from it; `timers` names the constants holding a
    /// `Timer.publish(every:…)` (an `.onReceive` of one repeats).
    static func of(_ call: FunctionCallExprSyntax, timers: Set<String> = []) -> ReloadSite {
        let ancestors = sequence(first: Syntax(call), next: { $0.parent }).dropFirst()
        var handler: ReloadSite?
        for node in ancestors {
            if node.is(ForStmtSyntax.self) || node.is(WhileStmtSyntax.self) || node.is(RepeatStmtSyntax.self) {
                if let loop = node.as(ForStmtSyntax.self), loop.awaitKeyword != nil {
                    return handler ?? throttle(around: node, .everyChange)
                }
                return .loop
            }
            if let closure = node.as(ClosureExprSyntax.self), let owner = closure.parent?.closureOwner {
                let name = owner.calleeName
                if ["forEach", "map", "compactMap", "flatMap", "concurrentPerform"].contains(name) { return .loop }
                if handler == nil { handler = closureSite(owner, timers: timers) }
            }
            if handler == nil, isActiveBranch(node) { handler = .foreground }
            if let accessor = node.as(AccessorDeclSyntax.self), handler == nil,
                [.keyword(.didSet), .keyword(.willSet)].contains(accessor.accessorSpecifier.tokenKind)
            {
                handler = throttle(around: Syntax(accessor), .everyChange)
            }
            if let function = node.as(FunctionDeclSyntax.self) {
                return handler ?? functionSite(function)
            }
        }
        return handler ?? .plain
    }

    /// A branch taken when the scene becomes active: `case .active:`, `if phase == .active`.
    private static func isActiveBranch(_ node: Syntax) -> Bool {
        if let switchCase = node.as(SwitchCaseSyntax.self), case .case(let label) = switchCase.label {
            return label.caseItems.contains { $0.pattern.trimmedDescription.hasSuffix(".active") }
        }
        if let branch = node.as(CodeBlockSyntax.self), let ifExpr = branch.parent?.as(IfExprSyntax.self), ifExpr.body.id == branch.id {
            return ifExpr.conditions.trimmedDescription.contains(".active")
        }
        return false
    }

    private static func closureSite(_ owner: FunctionCallExprSyntax, timers: Set<String>) -> ReloadSite? {
        let text = owner.trimmedDescription
        switch owner.calleeName {
        case "onChange":
            if text.contains("scenePhase"), text.contains(".active") { return .foreground }
            return throttle(around: Syntax(owner), .everyChange)
        case "onReceive":
            let publisher = owner.arguments.first?.expression.trimmedDescription ?? ""
            if publisher.contains("Timer.publish(") || timers.contains(publisher) { return .loop }
            if text.contains("didBecomeActive") || text.contains("willEnterForeground") { return .foreground }
            return throttle(around: Syntax(owner), .everyChange)
        case "scheduledTimer" where owner.argument("repeats")?.trimmedDescription == "true":
            return .loop
        case "Timer" where owner.argument("repeats")?.trimmedDescription == "true":
            return .loop
        case "sink" where text.contains("Timer.publish("):
            return .loop
        case "sink", "addObserver", "observe", "onContinueUserActivity":
            return throttle(around: Syntax(owner), .everyChange)
        case "task" where owner.argument("id") != nil:
            return throttle(around: Syntax(owner), .everyChange)
        case "register" where owner.argument("forTaskWithIdentifier") != nil: return .background
        case "backgroundTask": return .background
        default: return nil
        }
    }

    private static func functionSite(_ function: FunctionDeclSyntax) -> ReloadSite {
        let name = function.name.text
        let labels = Set(function.signature.parameterClause.parameters.map { $0.firstName.text })
        let types = function.signature.parameterClause.trimmedDescription
        if labels.contains("didReceiveRemoteNotification") || name == "pushRegistry" || name == "userNotificationCenter" {
            return .push
        }
        if labels.contains("performFetchWithCompletionHandler") || types.contains("BGTask") || types.contains("BGAppRefreshTask")
            || types.contains("BGProcessingTask") || name.contains("AppRefresh") || name.contains("BackgroundFetch")
        {
            return .background
        }
        if name == "locationManager", !labels.isDisjoint(with: ["didUpdateLocations", "didEnterRegion", "didExitRegion", "didVisit"]) {
            return .background
        }
        if ["sceneDidBecomeActive", "applicationDidBecomeActive", "sceneWillEnterForeground", "applicationWillEnterForeground"].contains(
            name)
        {
            return .foreground
        }
        if name == "perform", let type = function.enclosingInheritance, type.contains("Intent") { return .intent }
        if function.attributes.trimmedDescription.contains("@objc"), types.contains("Notification") {
            return throttle(around: Syntax(function), .everyChange)
        }
        return .plain
    }

    /// `.throttledChange` when a throttle, a debounce or a time check sits around `node`.
    private static func throttle(around node: Syntax, _ site: ReloadSite) -> ReloadSite {
        let text = (node.as(FunctionCallExprSyntax.self)?.trimmedDescription ?? node.trimmedDescription)
        let enclosing = node.ancestorOrSelf(FunctionDeclSyntax.self)?.trimmedDescription ?? text
        for hint in ["debounce", "throttle", "timeIntervalSince"] where text.contains(hint) || enclosing.contains(hint) {
            return .throttledChange
        }
        return site
    }
}

extension ReloadSite {
    /// The interval of the `debounce(for:)` / `throttle(for:)` the call sits behind in a
    /// subscription chain (`.seconds(60)`, `.milliseconds(500)`, a number of seconds), or nil.
    static func throttleInterval(of call: FunctionCallExprSyntax, _ evaluator: Evaluator) -> (Double, FunctionCallExprSyntax)? {
        for node in sequence(first: Syntax(call), next: { $0.parent }) {
            var link = node.as(FunctionCallExprSyntax.self)?.calledExpression.as(MemberAccessExprSyntax.self)?.base?.innerCall
            while let current = link {
                if ["debounce", "throttle"].contains(current.calleeName), let interval = current.argument("for") {
                    let scale: Double? =
                        switch interval.innerCall?.calleeName {
                        case "seconds": 1
                        case "milliseconds": 0.001
                        case nil: 1
                        default: nil
                        }
                    let amount = interval.innerCall?.arguments.first?.expression ?? interval
                    if let scale, let value = try? evaluator.number(amount) { return (value * scale, current) }
                    return nil
                }
                link = current.calledExpression.as(MemberAccessExprSyntax.self)?.base?.innerCall
            }
        }
        return nil
    }
}

extension Syntax {
    /// The call a closure is an argument or trailing closure of.
    var closureOwner: FunctionCallExprSyntax? {
        if let call = self.as(FunctionCallExprSyntax.self) { return call }
        if let argument = self.as(LabeledExprSyntax.self) { return argument.parent?.parent?.as(FunctionCallExprSyntax.self) }
        if self.is(MultipleTrailingClosureElementSyntax.self) { return parent?.parent?.as(FunctionCallExprSyntax.self) }
        return nil
    }

    /// This node or its nearest ancestor of type `T`.
    func ancestorOrSelf<T: SyntaxProtocol>(_ type: T.Type) -> T? {
        self.as(T.self) ?? enclosing(T.self)
    }
}

extension FunctionDeclSyntax {
    /// The inheritance clause of the type the function sits in, as written.
    var enclosingInheritance: String? {
        var node = parent
        while let current = node {
            if let s = current.as(StructDeclSyntax.self) { return s.inheritanceClause?.trimmedDescription }
            if let c = current.as(ClassDeclSyntax.self) { return c.inheritanceClause?.trimmedDescription }
            if let x = current.as(ExtensionDeclSyntax.self) { return x.inheritanceClause?.trimmedDescription }
            node = current.parent
        }
        return nil
    }
}
