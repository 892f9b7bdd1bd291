import Foundation
import Testing
import WidgetBudgetKit

@testable import WidgetBudgetIO

/// `DirectoryNames` against `FileManager.contentsOfDirectory` filtered by the prefixes' bytes:
/// the same names, in a folder of names that begin with a prefix, with part of one, with a prefix
/// and more, with non-ASCII letters, and longer than a prefix that is longer than `d_name`.
@Suite("Directory names")
struct DirectoryNamesTests {
    static let prefixes = [".out.widgetbudget-staging-", "..out.widgetbudget-journal.tmp-", ".é-" + String(repeating: "x", count: 300)]

    @Test func theNamesWithAPrefixAreThoseFileManagerListsThatBeginWithOne() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("widgetbudget-names-" + UUID().uuidString).path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: false)
        var names = [
            ".out.widgetbudget-staging-1", ".out.widgetbudget-staging-", ".out.widgetbudget-stagin", "..out.widgetbudget-journal.tmp-ab",
            ".out.widgetbudget-journal", "out", "..", ".out", "x.out.widgetbudget-staging-2", ".é-x",
            ".é-" + String(repeating: "x", count: 200),
            ".OUT.widgetbudget-staging-3", "café.out", ".out.widgetbudget-staging-é",
        ]
        // And a few hundred others, some of them beginning like a prefix.
        var generator = SeededGenerator(seed: 26)
        for i in 0..<300 {
            let prefix = Self.prefixes[i % 2]
            names.append(String(prefix.prefix(Int.random(in: 0...prefix.count, using: &generator))) + "\(i)")
        }
        for name in Set(names) where name != ".." && name != "." {
            #expect(FileManager.default.createFile(atPath: root + "/" + name, contents: nil))
        }
        let listed = try FileManager.default.contentsOfDirectory(atPath: root)
        let expected = listed.filter { name in Self.prefixes.contains { Array(name.utf8).starts(with: Array($0.utf8)) } }
        let found = DirectoryNames.names(in: root, beginningWith: Self.prefixes)
        #expect(found.sorted() == expected.sorted())
        #expect(expected.count > 10)
        #expect(DirectoryNames.names(in: root, beginningWith: [""]).sorted() == listed.sorted())
    }

    @Test func aFolderThatCannotBeReadHasNoNames() {
        #expect(DirectoryNames.names(in: "/nonexistent-widgetbudget-folder", beginningWith: [""]).isEmpty)
        #expect(DirectoryNames.names(in: "/etc/hostname", beginningWith: [""]).isEmpty)
    }
}
