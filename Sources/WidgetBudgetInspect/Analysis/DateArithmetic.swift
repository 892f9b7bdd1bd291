import SwiftSyntax

/// Date arithmetic relative to the provider's "now": `Calendar.current.date(byAdding: .minute,
/// value: 15, to: now)!`, `now.addingTimeInterval(30 * 60)`, `Date(timeIntervalSinceNow: 900)`,
/// `now + 60`, `Calendar.current.dateInterval(of: .minute, for: now)!.start`. A date the analysis
/// cannot follow throws ``Evaluator/Unknown``.
extension Evaluator {
    /// Seconds per `Calendar.Component` written in a `byAdding:` argument.
    static let componentSeconds: [String: Double] = [
        "second": 1, "minute": 60, "hour": 3600, "day": 86_400, "weekOfYear": 604_800, "weekday": 86_400,
    ]

    /// Names taken for "now" when nothing in the function says otherwise.
    static let nowNames: Set<String> = ["now", "Date.now", "Date()", ".now"]

    /// The date `expr` stands for, as seconds after now.
    func dateOffset(_ expr: ExprSyntax) throws(Unknown) -> Double {
        let text = expr.trimmedDescription
        guard depth < 32 else { throw Unknown(text: text) }
        if Self.nowNames.contains(text) || text == "Date.init()" { return 0 }
        if let unwrap = expr.as(ForceUnwrapExprSyntax.self) { return try dateOffset(unwrap.expression) }
        if let chain = expr.as(OptionalChainingExprSyntax.self) { return try dateOffset(chain.expression) }
        if let tuple = expr.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first {
            return try dateOffset(inner.expression)
        }
        if let sequence = expr.as(SequenceExprSyntax.self) { return try sequenceOffset(Array(sequence.elements), expr) }
        if let reference = expr.as(DeclReferenceExprSyntax.self), let local = locals[reference.baseName.text] {
            return try deeper().dateOffset(local)
        }
        if let member = expr.as(MemberAccessExprSyntax.self), let base = member.base,
            ["start", "end"].contains(member.declName.baseName.text), let call = base.innerCall,
            call.calleeName == "dateInterval", let date = call.argument("for")
        {
            return try dateOffset(date)
        }
        // `Calendar.current.startOfDay(for: now)`: read as now; a policy `.after` the next midnight
        // is then `{after: 1d}`, exact from the first midnight reload on.
        if let call = expr.as(FunctionCallExprSyntax.self), call.calleeName == "startOfDay", let date = call.argument("for") {
            return try dateOffset(date)
        }
        if let call = expr.as(FunctionCallExprSyntax.self) { return try callOffset(call) }
        throw Unknown(text: text)
    }

    private func callOffset(_ call: FunctionCallExprSyntax) throws(Unknown) -> Double {
        let name = call.calleeName
        if name == "date", let unit = call.argument("byAdding"), let amount = call.argument("value"), let base = call.argument("to") {
            guard let seconds = Self.componentSeconds[unit.trimmedDescription.trimmingDot] else {
                throw Unknown(text: unit.trimmedDescription)
            }
            return try dateOffset(base) + seconds * number(amount)
        }
        if name == "addingTimeInterval" || name == "advanced", let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base,
            let amount = call.arguments.first?.expression
        {
            return try dateOffset(base) + number(amount)
        }
        if name == "Date" {
            if call.arguments.isEmpty { return 0 }
            if let amount = call.argument("timeIntervalSinceNow") { return try number(amount) }
            if let amount = call.argument("timeInterval"), let base = call.argument("since") {
                return try dateOffset(base) + number(amount)
            }
        }
        throw Unknown(text: call.trimmedDescription)
    }

    private func sequenceOffset(_ elements: [ExprSyntax], _ expr: ExprSyntax) throws(Unknown) -> Double {
        // `date ?? now`: the date. `now + 60`, `now - 60`.
        if elements.count == 3, let op = elements[1].as(BinaryOperatorExprSyntax.self) {
            switch op.operator.text {
            case "??": return try dateOffset(elements[0])
            case "+": return try dateOffset(elements[0]) + number(elements[2])
            case "-": return try dateOffset(elements[0]) - number(elements[2])
            default: break
            }
        }
        throw Unknown(text: expr.trimmedDescription)
    }
}

extension FunctionCallExprSyntax {
    /// The called function's last name: `date` for `Calendar.current.date(…)`, `Timeline` for `Timeline<E>(…)`.
    var calleeName: String {
        var callee = calledExpression
        if let generic = callee.as(GenericSpecializationExprSyntax.self) { callee = generic.expression }
        if let member = callee.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        if let reference = callee.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        return callee.trimmedDescription
    }

    /// The argument labelled `label`.
    func argument(_ label: String) -> ExprSyntax? {
        arguments.first { $0.label?.text == label }?.expression
    }
}

extension ExprSyntax {
    /// The call this expression is, through `!`, `?` and parentheses.
    var innerCall: FunctionCallExprSyntax? {
        if let call = self.as(FunctionCallExprSyntax.self) { return call }
        if let unwrap = self.as(ForceUnwrapExprSyntax.self) { return unwrap.expression.innerCall }
        if let chain = self.as(OptionalChainingExprSyntax.self) { return chain.expression.innerCall }
        if let tuple = self.as(TupleExprSyntax.self), tuple.elements.count == 1 { return tuple.elements.first?.expression.innerCall }
        return nil
    }
}

extension String {
    /// `.minute` → `minute`.
    var trimmingDot: String { hasPrefix(".") ? String(dropFirst()) : self }
}
