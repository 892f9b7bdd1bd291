import Foundation
import Testing
import WidgetBudgetKit

@testable import WidgetBudgetIO

/// The output transaction and safe file names, with system calls that fail on purpose.
@Suite("Output transaction")
struct OutputTransactionTests {
    @Test(arguments: [
        ("README.md\u{0}", "README.md"), ("../../etc/passwd", "etc-passwd"), (".hidden", "hidden"), ("--force", "force"),
        ("Météo du jour", "Meteo-du-jour"), ("a/b\\c", "a-b-c"), ("...", "scenario"), ("", "scenario"), ("a\u{1}\u{7f}b", "a-b"),
        ("clock-minute-entries", "clock-minute-entries"),
    ])
    func safeNames(_ name: String, _ expected: String) {
        #expect(FileName.safe(name) == expected)
    }

    @Test func safeNamesAreBoundedAndUnique() {
        #expect(FileName.safe(String(repeating: "x", count: 500)).utf8.count == Bounds.maxNameBytes)
        #expect(FileName.unique(["a b", "a/b", "A-B", "c"]) == ["a-b", "a-b-2", "A-B-3", "c"])
    }

    static func withFolder(_ body: (String) throws -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("widgetbudget-tx-" + UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try body(root)
    }

    /// The live calls, but `rename` fails (as on a full disk) for a destination named `failing`.
    static func failingRename(_ failing: String) -> FileSystemCalls {
        var calls = FileSystemCalls.live
        let live = FileSystemCalls.live.rename
        calls.rename = { from, to in
            if (to as NSString).lastPathComponent == failing { throw FileSystemCalls.Failure(reason: "No space left on device") }
            try live(from, to)
        }
        return calls
    }

    @Test func aFailedCommitLeavesTheFolderAsItWasAndNoStaging() throws {
        try Self.withFolder { (root: String) throws in
            let out = root + "/out"
            try OutputTransaction.run(into: out) { t in
                try AtomicFile.write("old\n", to: t.path("a.csv"))
                try AtomicFile.write("old\n", to: t.path("b.csv"))
            }
            let transaction = try OutputTransaction(destination: out, system: Self.failingRename("out"))
            try AtomicFile.write("new\n", to: transaction.path("a.csv"))
            // A new folder is renamed whole; an existing one entry by entry: make that fail too.
            let entryFailing = try OutputTransaction(destination: root + "/fresh", system: Self.failingRename("fresh"))
            try AtomicFile.write("x\n", to: entryFailing.path("x.csv"))
            #expect(throws: FileWriteError.self) { try entryFailing.commit() }
            entryFailing.abort()
            transaction.abort()
            #expect(try String(contentsOfFile: out + "/a.csv", encoding: .utf8) == "old\n")
            #expect(!FileManager.default.fileExists(atPath: root + "/fresh"))
            let names = try FileManager.default.contentsOfDirectory(atPath: root)
            #expect(names == ["out"], "\(names)")
        }
    }

    @Test func aFailedBuildWritesNothing() throws {
        try Self.withFolder { (root: String) throws in
            struct Boom: Error {}
            #expect(throws: Boom.self) {
                try OutputTransaction.run(into: root + "/out") { t in
                    try AtomicFile.write("half\n", to: t.path("a.csv"))
                    throw Boom()
                }
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: root).isEmpty)
        }
    }

    @Test func aForeignEntryAtAnOutputNameIsRefusedBeforeAnyChange() throws {
        try Self.withFolder { (root: String) throws in
            let out = root + "/out"
            try FileManager.default.createDirectory(atPath: out + "/summary.csv", withIntermediateDirectories: true)
            try AtomicFile.write("mine\n", to: out + "/summary.csv/keep.txt")
            let error = #expect(throws: FileWriteError.self) {
                try OutputTransaction.run(into: out) { t in
                    try AtomicFile.write("a\n", to: t.path("days.csv"))
                    try AtomicFile.write("b\n", to: t.path("summary.csv"))
                }
            }
            #expect(error?.description.contains("not written by widgetbudget") == true)
            #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["summary.csv"])
        }
    }
}
