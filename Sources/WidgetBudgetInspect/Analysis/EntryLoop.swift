import SwiftSyntax

/// The loop that builds a timeline's entries: `for offset in 0..<5`, `(0..<60).map { … }`,
/// `stride(from: 0, to: 3600, by: 60)`, with the date arithmetic on its variable.
struct EntryLoop {
    /// Iterations.
    var count: Int
    /// Seconds between consecutive entries.
    var spacing: Double
    /// The first entry's date after now, seconds.
    var firstOffset: Double
    /// Where the range is written (the count's source).
    var countPlace: SourcePlace
    /// Where the date arithmetic is written (the spacing's source).
    var spacingPlace: SourcePlace

    /// The range a loop runs over: count, first value and step of its variable.
    struct Range {
        var count: Double
        var first: Double
        var step: Double
    }

    /// Reads `sequence` as a range (`a..<b`, `a...b`, `stride(from:to:by:)`, `stride(from:through:by:)`).
    static func range(_ sequence: ExprSyntax, _ evaluator: Evaluator) throws(Evaluator.Unknown) -> Range? {
        if let tuple = sequence.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first {
            return try range(inner.expression, evaluator)
        }
        if let elements = sequence.as(SequenceExprSyntax.self)?.elements, elements.count == 3,
            let op = Array(elements)[1].as(BinaryOperatorExprSyntax.self)?.operator.text, op == "..<" || op == "..."
        {
            let list = Array(elements)
            let low = try evaluator.number(list[0]), high = try evaluator.number(list[2])
            return Range(count: max(0, high - low + (op == "..." ? 1 : 0)), first: low, step: 1)
        }
        if let call = sequence.as(FunctionCallExprSyntax.self), call.calleeName == "stride", let from = call.argument("from"),
            let by = call.argument("by")
        {
            let low = try evaluator.number(from), step = try evaluator.number(by)
            guard step > 0 else { return nil }
            if let to = call.argument("to") {
                return Range(count: max(0, ((try evaluator.number(to)) - low) / step).rounded(.up), first: low, step: step)
            }
            if let through = call.argument("through") {
                return Range(count: max(0, ((try evaluator.number(through)) - low) / step).rounded(.down) + 1, first: low, step: step)
            }
        }
        return nil
    }

    /// The first date expression in `body` that uses `variable`, or nil.
    static func dateExpression(in body: some SyntaxProtocol, using variable: String) -> ExprSyntax? {
        let finder = DateCallFinder(variable: variable)
        finder.walk(body)
        return finder.found
    }

    private final class DateCallFinder: SyntaxVisitor {
        let variable: String
        var found: ExprSyntax?

        init(variable: String) {
            self.variable = variable
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard found == nil else { return .skipChildren }
            let name = node.calleeName
            let dated =
                (name == "date" && node.argument("byAdding") != nil) || name == "addingTimeInterval" || name == "advanced"
                || (name == "Date" && node.argument("timeIntervalSinceNow") != nil)
            if dated, node.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == variable }) {
                found = ExprSyntax(node)
                return .skipChildren
            }
            return .visitChildren
        }
    }
}
