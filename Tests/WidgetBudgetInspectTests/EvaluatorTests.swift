import SwiftParser
import SwiftSyntax
import Testing

@testable import WidgetBudgetInspect

/// Constant resolution across files: literals, arithmetic, `TimeInterval(…)`, `Type.name`,
/// `Self.name`, raw values, and what stays unresolved.
@Suite("inspect: constants")
struct EvaluatorTests {
    static let constants = """
        enum Refresh {
            static let interval: TimeInterval = 30 * 60
            static let half = Self.interval / 2
            static let quarter = TimeInterval(15 * 60)
            static let mixed = 1 + 2 * 3 - (4 - 1)
        }
        enum Kind: String { case weather, ticker = "com.example.ticker" }
        let bare = 1_000
        func later() -> TimeInterval { 5 }
        """

    static func value(_ expression: String, typeName: String? = nil) -> ConstantValue? {
        let table = ConstantTable(files: [SourceFile(path: "Constants.swift", text: constants)])
        let use = SourceFile(path: "Use.swift", text: "let x = \(expression)")
        let visitor = FirstInitializer()
        visitor.walk(use.tree)
        return try? Evaluator(table: table, typeName: typeName).value(visitor.found!)
    }

    @Test func arithmeticAndNamesResolve() {
        #expect(Self.value("Refresh.interval") == .number(1800))
        #expect(Self.value("Refresh.half") == .number(900))
        #expect(Self.value("Refresh.quarter") == .number(900))
        #expect(Self.value("Refresh.mixed") == .number(4))
        #expect(Self.value("Self.quarter * 2", typeName: "Refresh") == .number(1800))
        #expect(Self.value("bare + 24") == .number(1024))
        #expect(Self.value("-Refresh.interval") == .number(-1800))
        #expect(Self.value("Double(bare) as TimeInterval") == .number(1000))
    }

    @Test func rawValuesResolve() {
        #expect(Self.value("Kind.weather.rawValue") == .text("weather"))
        #expect(Self.value("Kind.ticker.rawValue") == .text("com.example.ticker"))
    }

    @Test func callsAndUnknownNamesStayUnresolved() {
        #expect(Self.value("later()") == nil)
        #expect(Self.value("Refresh.missing") == nil)
        #expect(Self.value("1 / 0") == nil)
        #expect(Self.value("\"a\\(bare)\"") == nil)
    }

    final class FirstInitializer: SyntaxVisitor {
        var found: ExprSyntax?
        init() { super.init(viewMode: .sourceAccurate) }
        override func visit(_ node: InitializerClauseSyntax) -> SyntaxVisitorContinueKind {
            if found == nil { found = node.value }
            return .skipChildren
        }
    }
}
