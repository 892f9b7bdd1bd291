import Foundation
import Testing
import WidgetBudgetIO
import WidgetBudgetTestSupport

/// `docs/optimizer.md`, "From Swift": compiled here. It is not run (it optimizes a full example
/// scenario); `OptimizeCommandTests` runs the same calls through the CLI.
private func optimizerExample() throws {
    let file = try ScenarioLoader.load(path: "Scenarios/clock-minute-entries.yaml")
    let outcome = try OptimizationRun.run(file: file)  // evaluate and conclude
    try OptimizationOutput.write(outcome, to: "Reports/clock-minute-entries/optimize")
    print(outcome.recommended?.record.candidate.description ?? outcome.infeasibilityMessage!)
}

/// Every Swift block of README.md, CONTRIBUTING.md, docs/ and the DocC catalog is compiled by a test: its lines
/// (spacing aside) appear in order in one Swift file under `Tests/`.
@Suite("Docs examples")
struct DocsExamplesTests {
    /// Blocks that need Apple's SDKs (SwiftUI, an App Group) and are not compiled here, by file:
    /// none since docs/log-format.md's calls are WidgetBudgetLog's (`LogDocsTests` runs them).
    private static let needsAppleSDK: Set<String> = []

    private static let root = CLIRunner.packageRoot

    /// The Markdown files holding Swift examples.
    private static func documents() throws -> [String] {
        var paths = ["README.md", "CONTRIBUTING.md"]
        for folder in ["docs", "Sources/WidgetBudgetKit/WidgetBudgetKit.docc"] {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let name as String in walker where name.hasSuffix(".md") { paths.append(folder + "/" + name) }
        }
        return paths.sorted()
    }

    /// The ```swift blocks of `text`, each as trimmed lines without blank ones.
    static func swiftBlocks(_ text: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = normalized(line)
            if current == nil, trimmed == "```swift" {
                current = []
            } else if current != nil, trimmed == "```" {
                blocks.append(current!)
                current = nil
            } else if !trimmed.isEmpty {
                current?.append(trimmed)
            }
        }
        return blocks
    }

    /// Whether `block`'s lines, imports aside, occur in `lines` in order (other lines may come
    /// between: the test file adds its own), and its imports anywhere.
    static func contains(_ lines: [String], _ block: [String]) -> Bool {
        let imports = block.filter { $0.hasPrefix("import ") }
        guard imports.allSatisfy(lines.contains) else { return false }
        var next = lines.startIndex
        for line in block where !line.hasPrefix("import ") {
            guard let found = lines[next...].firstIndex(of: line) else { return false }
            next = found + 1
        }
        return true
    }

    /// A line as compared: trimmed, runs of spaces as one (the formatter respaces comments).
    static func normalized(_ line: Substring) -> String {
        line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    @Test func everySwiftExampleIsCompiledByATest() throws {
        var testFiles: [[String]] = []
        let tests = Self.root.appendingPathComponent("Tests")
        for case let name as String in FileManager.default.enumerator(atPath: tests.path)! where name.hasSuffix(".swift") {
            let text = try String(contentsOf: tests.appendingPathComponent(name), encoding: .utf8)
            testFiles.append(text.split(separator: "\n").map(Self.normalized).filter { !$0.isEmpty })
        }
        var checked = 0
        for document in try Self.documents() where !Self.needsAppleSDK.contains(document) {
            let text = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
            for (n, block) in Self.swiftBlocks(text).enumerated() {
                checked += 1
                #expect(
                    testFiles.contains { Self.contains($0, block) },
                    "\(document): Swift block \(n + 1) (\(block.first ?? "")…) is in no test file; copy it into one")
            }
        }
        #expect(checked >= 2)
    }

    /// The matcher itself: a changed line is caught.
    @Test func matcherCatchesAnEditedLine() {
        let file = ["import A", "let x = 1", "print(x)", "}"]
        #expect(Self.contains(file, ["import A", "let x = 1", "print(x)"]))
        #expect(!Self.contains(file, ["import A", "let x = 2", "print(x)"]))
        #expect(!Self.contains(file, ["import B", "let x = 1"]))
        #expect(!Self.contains(file, ["print(x)", "let x = 1"]))
        #expect(Self.swiftBlocks("a\n```swift\n  let x = 1\n\n```\n```sh\nls\n```") == [["let x = 1"]])
    }
}
