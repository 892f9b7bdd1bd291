import SwiftSyntax

/// Every `let`, `static let` and enum case with a raw value of the files inspected, by name, so a
/// constant in one file resolves where another uses it (`static let interval: TimeInterval = 30 * 60`).
struct ConstantTable {
    /// A declaration: its value's expression and the type it sits in (for `Self.name`).
    struct Declaration {
        var value: ExprSyntax
        var typeName: String?
        var file: SourceFile
    }

    /// By `Type.name` (in a type or extension) and by bare `name`.
    private(set) var byName: [String: [Declaration]] = [:]
    /// Enum cases' raw values by `Enum.case` (a String enum's case without one is its name).
    private(set) var rawValues: [String: ConstantValue] = [:]

    init(files: [SourceFile]) {
        for file in files {
            let visitor = Collector(file: file)
            visitor.walk(file.tree)
            for (key, declaration) in visitor.declarations { byName[key, default: []].append(declaration) }
            rawValues.merge(visitor.rawValues) { first, _ in first }
        }
    }

    /// Names of constants holding a repeating timer publisher (`Timer.publish(every:…)`), bare and `Type.name`.
    var timerNames: Set<String> {
        Set(byName.filter { $0.value.contains { $0.value.trimmedDescription.contains("Timer.publish(") } }.keys)
    }

    /// The one declaration named `key`, or nil when there is none or several disagree.
    func declaration(_ key: String) -> Declaration? {
        guard let found = byName[key], let first = found.first else { return nil }
        let text = first.value.trimmedDescription
        return found.allSatisfy { $0.value.trimmedDescription == text } ? first : nil
    }

    private final class Collector: SyntaxVisitor {
        let file: SourceFile
        var declarations: [(String, Declaration)] = []
        var rawValues: [String: ConstantValue] = [:]

        init(file: SourceFile) {
            self.file = file
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            guard node.bindingSpecifier.tokenKind == .keyword(.let) else { return .visitChildren }
            // Locals of functions are read where they are used (`TimelineFunction`), not here.
            if node.enclosing(FunctionDeclSyntax.self) != nil || node.enclosing(ClosureExprSyntax.self) != nil {
                return .skipChildren
            }
            let typeName = node.enclosingTypeName
            for binding in node.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    let value = binding.initializer?.value
                else { continue }
                let declaration = Declaration(value: value, typeName: typeName, file: file)
                declarations.append((name, declaration))
                if let typeName { declarations.append((typeName + "." + name, declaration)) }
            }
            return .skipChildren
        }

        override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
            guard let enumDecl = node.enclosing(EnumDeclSyntax.self) else { return .skipChildren }
            let enumName = enumDecl.name.text
            let isString = enumDecl.inheritanceClause?.inheritedTypes.contains { $0.type.trimmedDescription == "String" } ?? false
            for element in node.elements {
                let key = enumName + "." + element.name.text
                if let literal = element.rawValue?.value.as(StringLiteralExprSyntax.self), let text = literal.plainText {
                    rawValues[key] = .text(text)
                } else if let raw = element.rawValue?.value, let number = Double(raw.trimmedDescription) {
                    rawValues[key] = .number(number)
                } else if isString {
                    rawValues[key] = .text(element.name.text)
                }
            }
            return .skipChildren
        }
    }
}

extension SyntaxProtocol {
    /// The nearest ancestor of type `T`.
    func enclosing<T: SyntaxProtocol>(_ type: T.Type) -> T? {
        var node = parent
        while let current = node {
            if let found = current.as(T.self) { return found }
            node = current.parent
        }
        return nil
    }

    /// The name of the type (or extended type) this node sits in.
    var enclosingTypeName: String? {
        var node = parent
        while let current = node {
            if let s = current.as(StructDeclSyntax.self) { return s.name.text }
            if let c = current.as(ClassDeclSyntax.self) { return c.name.text }
            if let e = current.as(EnumDeclSyntax.self) { return e.name.text }
            if let a = current.as(ActorDeclSyntax.self) { return a.name.text }
            if let x = current.as(ExtensionDeclSyntax.self) { return x.extendedType.trimmedDescription }
            node = current.parent
        }
        return nil
    }
}

extension StringLiteralExprSyntax {
    /// The literal's value, escapes resolved, when it has no interpolation.
    var plainText: String? { representedLiteralValue }
}
