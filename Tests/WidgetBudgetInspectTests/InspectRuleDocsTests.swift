import Foundation
import Testing
import WidgetBudgetInspect
import WidgetBudgetTestSupport

/// The rule ids are part of the interface: docs/inspect.md lists every one with its severity.
@Suite("inspect: rules documented")
struct InspectRuleDocsTests {
    @Test(arguments: InspectRule.allCases)
    func everyRuleIsInTheDocsWithItsSeverity(rule: InspectRule) throws {
        let docs = try String(contentsOf: CLIRunner.packageRoot.appendingPathComponent("docs/inspect.md"), encoding: .utf8)
        #expect(docs.contains("| `\(rule.rawValue)` | \(rule.severity.rawValue) |"))
    }

    @Test func anXcodeLineHasExactlyTheDocumentedShape() {
        let place = SourcePlace(file: "Widget/Provider.swift", line: 12, column: 7)
        let diagnostic = Diagnostic(.afterUnder5Minutes, at: place, "too soon")
        #expect(diagnostic.xcodeLine == "Widget/Provider.swift:12:7: warning: too soon [after-under-5-minutes]")
        #expect(Diagnostic(.unresolved, at: place, "x", severity: .error).xcodeLine == "Widget/Provider.swift:12:7: error: x [unresolved]")
        #expect(
            Diagnostic(.unresolved, at: place, "kind 'a\nb\r\u{7}'").xcodeLine
                == "Widget/Provider.swift:12:7: note: kind 'a b  ' [unresolved]")
    }
}
