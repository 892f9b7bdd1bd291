import Foundation
import Testing

@testable import WidgetBudgetIO

@Suite("Atomic file writes")
struct CSVAtomicFileTests {
    @Test("creates parent directories and leaves no temporary file")
    func createsDirectories() throws {
        try withCSVScratch { scratch in
            let path = scratch.file("out/nested/report.csv")
            try AtomicFile.write("a,b\n1,2\n", to: path)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "a,b\n1,2\n")
            #expect(try scratch.contents("out/nested") == ["report.csv"])
        }
    }

    @Test("replaces an existing file and keeps its permissions")
    func replaces() throws {
        try withCSVScratch { scratch in
            let path = try scratch.write("report.csv", "old\n")
            try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
            try AtomicFile.write(Data("new\n".utf8), to: path)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
            let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
            #expect(permissions == 0o640)
            #expect(try scratch.contents() == ["report.csv"])
        }
    }

    @Test("a failed rename leaves the old file intact and no temporary file")
    func failedRename() throws {
        try withCSVScratch { scratch in
            let path = try scratch.write("report.csv", "old\n")
            var system = FileSystemCalls.live
            system.rename = { _, _ in throw FileSystemCalls.Failure(reason: "No space left on device") }
            let description = csvErrorDescription { try AtomicFile.write(Data("new\n".utf8), to: path, using: system) }
            #expect(
                description
                    == "cannot write \(path): cannot rename the temporary file into place: No space left on device")
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
            #expect(try scratch.contents() == ["report.csv"])
        }
    }

    @Test("a failed write leaves the old file intact and no temporary file")
    func failedWrite() throws {
        try withCSVScratch { scratch in
            let path = try scratch.write("report.csv", "old\n")
            var system = FileSystemCalls.live
            system.createFile = { path, bytes, permissions in
                // Write half, then fail, as a full disk would.
                try FileSystemCalls.live.createFile(
                    path, UnsafeRawBufferPointer(rebasing: bytes.prefix(2)), permissions)
                throw FileSystemCalls.Failure(reason: "No space left on device")
            }
            let description = csvErrorDescription { try AtomicFile.write(Data("new\n".utf8), to: path, using: system) }
            #expect(
                description
                    == "cannot write \(path): cannot write a temporary file in \(scratch.path): No space left on device"
            )
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "old\n")
            #expect(try scratch.contents() == ["report.csv"])
        }
    }

    @Test("real failures name the path and the reason")
    func realFailures() throws {
        try withCSVScratch { scratch in
            let blocker = try scratch.write("file", "x")
            let underFile = blocker + "/sub/report.csv"
            #expect(
                csvErrorDescription { try AtomicFile.write("a", to: underFile) }
                    == "cannot write \(underFile): \(blocker) is not a directory")
            #expect(
                csvErrorDescription { try AtomicFile.write("a", to: scratch.path) }
                    == "cannot write \(scratch.path): it is a directory")
            #expect(try String(contentsOfFile: blocker, encoding: .utf8) == "x")
        }
    }

    @Test("the CSV writer writes atomically")
    func writerWrites() throws {
        try withCSVScratch { scratch in
            var writer = CSVWriter(header: ["time"])
            writer.append(["1"])
            let path = scratch.file("a/b.csv")
            try writer.write(to: path)
            #expect(try CSVReader.read(path: path).rows.map(\.fields) == [["1"]])
        }
    }
}
