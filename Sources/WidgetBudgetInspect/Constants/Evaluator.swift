import SwiftSyntax

/// Resolves an expression to a constant: literals, `+ - * /`, parentheses, `TimeInterval(…)`,
/// `Double(…)`, `Int(…)`, names of ``ConstantTable`` (bare, `Type.name`, `Self.name`), a
/// function's local `let`s, enum raw values and loop variables bound to a number.
struct Evaluator {
    /// What could not be resolved: the source text of the part that stopped it.
    struct Unknown: Error {
        var text: String
    }

    let table: ConstantTable
    /// The type the expression sits in (`Self.name`, a bare property name).
    var typeName: String?
    /// The enclosing function's local `let`/`var` initialisers, by name.
    var locals: [String: ExprSyntax] = [:]
    /// Loop variables and closure parameters bound to a value.
    var bindings: [String: Double] = [:]
    /// How deep the resolution is (names resolving to names): at 32 it stops, so a cycle is unresolved.
    var depth = 0

    init(table: ConstantTable, typeName: String?, locals: [String: ExprSyntax] = [:]) {
        self.table = table
        self.typeName = typeName
        self.locals = locals
    }

    /// The expression's number, or ``Unknown``.
    func number(_ expr: ExprSyntax) throws(Unknown) -> Double {
        guard let n = try value(expr).number, n.isFinite else { throw Unknown(text: expr.trimmedDescription) }
        return n
    }

    /// The expression's value, or ``Unknown``.
    func value(_ expr: ExprSyntax) throws(Unknown) -> ConstantValue {
        guard depth < 32 else { throw Unknown(text: expr.trimmedDescription) }
        if let literal = expr.as(IntegerLiteralExprSyntax.self), let n = Double(literal.literal.text.filter { $0 != "_" }) {
            return .number(n)
        }
        if let literal = expr.as(FloatLiteralExprSyntax.self), let n = Double(literal.literal.text.filter { $0 != "_" }) {
            return .number(n)
        }
        if let literal = expr.as(StringLiteralExprSyntax.self), let text = literal.plainText { return .text(text) }
        if let tuple = expr.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first {
            return try value(inner.expression)
        }
        if let unwrap = expr.as(ForceUnwrapExprSyntax.self) { return try value(unwrap.expression) }
        if let prefix = expr.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return .number(-(try number(prefix.expression)))
        }
        if let sequence = expr.as(SequenceExprSyntax.self) { return .number(try fold(Array(sequence.elements))) }
        if let infix = expr.as(InfixOperatorExprSyntax.self), let op = infix.operator.as(BinaryOperatorExprSyntax.self) {
            return .number(try Self.apply(op.operator.text, try number(infix.leftOperand), try number(infix.rightOperand), expr))
        }
        if let call = expr.as(FunctionCallExprSyntax.self), call.arguments.count == 1, let argument = call.arguments.first,
            argument.label == nil, Self.numberTypes.contains(call.calledExpression.trimmedDescription)
        {
            return try value(argument.expression)
        }
        if let reference = expr.as(DeclReferenceExprSyntax.self) { return try named(reference.baseName.text, expr) }
        if let member = expr.as(MemberAccessExprSyntax.self) { return try memberValue(member) }
        throw Unknown(text: expr.trimmedDescription)
    }

    static let numberTypes: Set<String> = ["TimeInterval", "Double", "Int", "Float", "CGFloat", "Int64", "Int32", "UInt"]

    private func named(_ name: String, _ expr: ExprSyntax) throws(Unknown) -> ConstantValue {
        if let bound = bindings[name] { return .number(bound) }
        if let local = locals[name] { return try deeper().value(local) }
        if let typeName, let declaration = table.declaration(typeName + "." + name) { return try resolve(declaration) }
        if let declaration = table.declaration(name) { return try resolve(declaration) }
        throw Unknown(text: expr.trimmedDescription)
    }

    private func memberValue(_ member: MemberAccessExprSyntax) throws(Unknown) -> ConstantValue {
        let name = member.declName.baseName.text
        guard let base = member.base else { throw Unknown(text: member.trimmedDescription) }
        var baseText = base.trimmedDescription
        if baseText == "Self" || baseText == "self", let typeName { baseText = typeName }
        if name == "rawValue", let raw = table.rawValues[baseText] { return raw }
        if let declaration = table.declaration(baseText + "." + name) { return try resolve(declaration) }
        if let raw = table.rawValues[baseText + "." + name] { return raw }
        throw Unknown(text: member.trimmedDescription)
    }

    private func resolve(_ declaration: ConstantTable.Declaration) throws(Unknown) -> ConstantValue {
        var next = Evaluator(table: table, typeName: declaration.typeName)
        next.depth = depth + 1
        return try next.value(declaration.value)
    }

    func deeper() -> Evaluator {
        var next = self
        next.depth += 1
        return next
    }

    /// Folds an unfolded operator sequence (`a + b * c`, `x as TimeInterval`): `*` and `/` first.
    private func fold(_ elements: [ExprSyntax]) throws(Unknown) -> Double {
        var operands: [ExprSyntax] = []
        var operators: [String] = []
        var index = 0
        while index < elements.count {
            let element = elements[index]
            if element.is(UnresolvedAsExprSyntax.self) {
                index += 2  // `as` and the type
                continue
            }
            if let op = element.as(BinaryOperatorExprSyntax.self) {
                operators.append(op.operator.text)
            } else {
                operands.append(element)
            }
            index += 1
        }
        guard operands.count == operators.count + 1 else { throw Unknown(text: elements.map(\.trimmedDescription).joined(separator: " ")) }
        var terms: [Double] = [try number(operands[0])]
        var additive: [String] = []
        for (op, operand) in zip(operators, operands.dropFirst()) {
            let right = try number(operand)
            if op == "*" || op == "/" {
                terms[terms.count - 1] = try Self.apply(op, terms[terms.count - 1], right, operand)
            } else {
                additive.append(op)
                terms.append(right)
            }
        }
        var total = terms[0]
        for (op, term) in zip(additive, terms.dropFirst()) { total = try Self.apply(op, total, term, operands[0]) }
        return total
    }

    private static func apply(_ op: String, _ a: Double, _ b: Double, _ at: some SyntaxProtocol) throws(Unknown) -> Double {
        switch op {
        case "+": return a + b
        case "-": return a - b
        case "*": return a * b
        case "/" where b != 0: return a / b
        default: throw Unknown(text: at.trimmedDescription)
        }
    }
}
