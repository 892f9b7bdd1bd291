import Foundation
import Testing
import WidgetBudgetTestSupport

/// Every ```console block of README.md and docs/ is a run of the tool: each `$ widgetbudget …` (or
/// `$ .build/release/widgetbudget …`, the README's build, or `$ swift run -c release widgetbudget …`) line is run, in a folder that holds this package's
/// `Scenarios/` (and `Tests/`, for `inspect`'s fixture projects), and the lines under it must be what it printed (issue #28: the README's numbers
/// had drifted from the tool's). `…` in an expected line stands for anything (elided columns);
/// spacing is compared as single spaces; the block may leave printed lines out, not change them.
/// A block's commands run in order in one folder: `$ cat FILE` shows an input the block uses (the
/// test writes the lines under it into FILE first), and any other `$ …` line is run by bash (to
/// make a larger input), its output compared the same way.
@Suite("Docs console blocks")
struct DocsConsoleTests {
    /// One `$` line of a block and the lines documented under it.
    struct Command: Sendable {
        /// What runs: the tool's arguments, a file shown with `cat`, or a shell line.
        enum Kind: Sendable, Equatable {
            case tool([String])
            case cat(String)
            case shell(String)
        }
        var kind: Kind
        var expected: [String]
    }

    /// A console block: where it is and its commands.
    struct Example: CustomStringConvertible, Sendable {
        var document: String
        var line: Int
        var commands: [Command]
        var description: String { "\(document):\(line)" }
    }

    static let prefixes = [
        "$ .build/release/widgetbudget ", "$ swift run -c release widgetbudget ", "$ widgetbudget ",
    ]

    /// The command a `$` line stands for.
    static func command(_ line: String) -> Command.Kind {
        if let prefix = prefixes.first(where: line.hasPrefix) {
            return .tool(line.dropFirst(prefix.count).split(separator: " ").map(String.init))
        }
        let shell = String(line.dropFirst(2))
        let words = shell.split(separator: " ")
        if words.count == 2, words[0] == "cat" { return .cat(String(words[1])) }
        return .shell(shell)
    }

    /// The ```console blocks of `text`.
    static func examples(_ text: String, document: String) -> [Example] {
        var out: [Example] = []
        var current: Example?
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw)
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if current == nil {
                if trimmed == "```console" { current = Example(document: document, line: n + 1, commands: []) }
            } else if trimmed == "```" {
                if let block = current, !block.commands.isEmpty { out.append(block) }
                current = nil
            } else if line.hasPrefix("$ ") {
                current?.commands.append(Command(kind: command(line), expected: []))
            } else if !trimmed.isEmpty, let last = current?.commands.indices.last {
                current?.commands[last].expected.append(line)
            }
        }
        return out
    }

    /// The examples of README.md and every page under docs/.
    static var all: [Example] {
        let root = CLIRunner.packageRoot
        var documents = ["README.md"]
        let docs = root.appendingPathComponent("docs")
        for case let name as String in FileManager.default.enumerator(atPath: docs.path)! where name.hasSuffix(".md") {
            documents.append("docs/" + name)
        }
        return documents.sorted().flatMap { document in
            let text = (try? String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)) ?? ""
            return examples(text, document: document)
        }
    }

    /// A line as compared: runs of spaces as one, trimmed.
    static func normalized(_ line: String) -> String {
        line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    /// Whether `line` matches `pattern`, where each `…` of the pattern stands for any text.
    static func matches(_ line: String, _ pattern: String) -> Bool {
        let parts = normalized(pattern).components(separatedBy: "…").map { normalized($0) }
        let text = normalized(line)
        guard parts.count > 1 else { return text == parts[0] }
        guard text.hasPrefix(parts[0]), text.hasSuffix(parts[parts.count - 1]) else { return false }
        var rest = text.dropFirst(parts[0].count).dropLast(parts[parts.count - 1].count)
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let found = rest.range(of: part) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }

    /// The first expected line that is not printed, in order, or nil when all are.
    static func firstMissing(_ expected: [String], in printed: [String]) -> String? {
        var next = printed.startIndex
        for line in expected {
            guard let found = printed[next...].firstIndex(where: { matches($0, line) }) else { return line }
            next = found + 1
        }
        return nil
    }

    @Test("the matcher: wildcards, spacing, order, and a changed number is caught")
    func matcher() {
        #expect(Self.matches("current  1 entry, after 36m   40.0  x  58.7%  y", "current 1 entry, after 36m 40.0 … 58.7% …"))
        #expect(!Self.matches("current  1 entry, after 36m   40.0  x  58.8%  y", "current 1 entry, after 36m 40.0 … 58.7% …"))
        #expect(Self.firstMissing(["a 1", "c 3"], in: ["a  1", "b 2", "c 3"]) == nil)
        #expect(Self.firstMissing(["c 3", "a 1"], in: ["a 1", "b 2", "c 3"]) == "a 1")
        let text = "x\n```console\n$ cat a.yaml\nname: a\n$ widgetbudget simulate a.yaml\nline 1\n\n$ seq 2\n```\n$ widgetbudget no"
        let blocks = Self.examples(text, document: "d")
        #expect(blocks.count == 1 && blocks[0].commands.map(\.kind) == [.cat("a.yaml"), .tool(["simulate", "a.yaml"]), .shell("seq 2")])
        #expect(blocks[0].commands.map(\.expected) == [["name: a"], ["line 1"], []])
    }

    @Test("the docs hold console blocks")
    func blocksExist() {
        #expect(Self.all.count >= 4)
    }

    @Test("every console block is what the command prints", arguments: all)
    func blockIsWhatTheCommandPrints(_ example: Example) throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("Scenarios"), withDestinationURL: CLIRunner.packageRoot.appendingPathComponent("Scenarios"))
        // `inspect`'s examples read the fixture projects (docs/inspect.md).
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("Tests"), withDestinationURL: CLIRunner.packageRoot.appendingPathComponent("Tests"))
        for command in example.commands {
            let out: CLIRunner.Output
            switch command.kind {
            case let .tool(arguments):
                out = try CLIRunner.run(arguments, in: folder, environment: ["PATH": "/usr/bin:/bin"])
            case let .cat(file):
                let path = folder.appendingPathComponent(file)
                if !FileManager.default.fileExists(atPath: path.path) {
                    try (command.expected.joined(separator: "\n") + "\n").write(to: path, atomically: true, encoding: .utf8)
                }
                out = try CLIRunner.run(program: URL(fileURLWithPath: "/bin/cat"), [file], in: folder)
            case let .shell(line):
                out = try CLIRunner.run(program: URL(fileURLWithPath: "/bin/bash"), ["-c", line], in: folder)
            }
            let printed = (out.stdout + out.stderr).split(separator: "\n").map(String.init)
            let missing = Self.firstMissing(command.expected, in: printed)
            #expect(missing == nil, "\(example) \(command.kind): not printed: \(missing ?? "")\n--- printed:\n\(out.stdout)\(out.stderr)")
        }
    }
}
