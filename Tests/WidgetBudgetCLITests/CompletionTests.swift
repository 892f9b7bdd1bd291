import Foundation
import Testing
import WidgetBudgetTestSupport

/// Enumerated options list their values in help, errors and shell completion; file and folder
/// arguments complete the right kind.
@Suite("Completion and enumerated options")
struct CompletionTests {
    @Test func anUnknownObjectiveIsAUsageErrorListingTheValues() throws {
        let out = try CLIRunner.run(["optimize", "Scenarios/clock-minute-entries.yaml", "--objective", "mean-ages"])
        #expect(out.status == 64)
        #expect(
            out.stderr.contains("Please provide one of 'mean-age', 'p95-age', 'view-freshness', 'freshness' or 'view-age'"), "\(out.stderr)"
        )
    }

    @Test func zshCompletionKnowsValuesFilesAndFolders() throws {
        let out = try CLIRunner.run(["--generate-completion-script", "zsh"])
        #expect(out.status == 0)
        let script = out.stdout
        #expect(script.contains("___objective=('mean-age' 'p95-age' 'view-freshness' 'freshness' 'view-age')"))
        #expect(script.contains("('auto' 'exhaustive' 'search')"))
        #expect(script.contains("___align=('none' 'minute' 'quarter-hour' 'hour')"))
        #expect(script.contains("('text' 'json')"))
        #expect(script.contains("*.yaml *.yml"))
        #expect(script.contains("_files -/"))
    }
}
