import Foundation
import Testing

@testable import WidgetBudgetIO

/// Every input file (a scenario, a trace, a device log, a shard's tables) is read through
/// ``FileSystemCalls/openInput``: a regular file only, checked with `fstat` on a descriptor opened
/// with `O_NONBLOCK`, so a FIFO is refused at once instead of blocking `open` for ever (issue #27,
/// item 2), and a failure says what the system said (item 13).
@Suite("Input files: regular files only, through one seam")
struct InputFileTests {
    /// A seam whose `openInput` fails as `open(2)` does on a file the user may not read (the tests
    /// run as root, which reads any file: the CLI test drops the capabilities instead).
    static let denied: FileSystemCalls = {
        var system = FileSystemCalls.live
        system.openInput = { _ in throw FileSystemCalls.InputProblem.failed(reason: "Permission denied") }
        return system
    }()

    @Test("a FIFO with no writer is refused at once, as a CSV file and as a scenario")
    func fifoIsRefused() throws {
        try withCSVScratch { scratch in
            let fifo = scratch.file("pipe")
            #expect(mkfifo(fifo, 0o600) == 0)
            #expect(csvErrorDescription { _ = try CSVReader.read(path: fifo) } == "cannot read \(fifo): it is a FIFO, not a regular file")
            #expect(throws: FileSystemCalls.InputProblem.notRegular(what: "a FIFO")) { try FileSystemCalls.live.openInput(fifo) }
            let error = #expect(throws: ScenarioError.self) { try ScenarioLoader.load(path: fifo) }
            #expect(error?.description == "\(fifo): this is a FIFO, not a regular file (give a .yaml file)")
        }
    }

    @Test("a device, a folder and a missing file: each says what it is")
    func otherKinds() throws {
        try withCSVScratch { scratch in
            #expect(
                csvErrorDescription { _ = try CSVReader.read(path: "/dev/zero") }
                    == "cannot read /dev/zero: it is a device, not a regular file")
            #expect(csvErrorDescription { _ = try CSVReader.read(path: scratch.path) } == "cannot read \(scratch.path): it is a directory")
            #expect(
                csvErrorDescription { _ = try CSVReader.read(path: scratch.file("none.csv")) }
                    == "CSV file not found: \(scratch.file("none.csv"))")
            let folder = #expect(throws: ScenarioError.self) { try ScenarioLoader.load(path: scratch.path) }
            #expect(folder?.description.contains("this is a folder, not a scenario file") == true)
            #expect(folder?.description.contains("`report` takes a folder") == true)
        }
    }

    @Test("permission denied says so, for a scenario and a CSV file, not 'cannot read as UTF-8'")
    func permissionDenied() throws {
        try withCSVScratch { scratch in
            let path = try scratch.write("s.yaml", "name: t\n")
            let error = #expect(throws: ScenarioError.self) { try ScenarioLoader.load(path: path, system: Self.denied) }
            #expect(error?.description == "\(path): cannot read the file: Permission denied (check its permissions)")
            let csv = try scratch.write("t.csv", "time\n1\n")
            #expect(
                csvErrorDescription { try CSVReader.forEachRecord(path: csv, kind: "trace file", system: Self.denied) { _ in } }
                    == "cannot read \(csv): Permission denied")
        }
    }

    @Test("a regular file still reads, in chunks, to the end")
    func regularFileReads() throws {
        try withCSVScratch { scratch in
            let rows = (0..<20_000).map { "\($0),\($0 * 2)" }.joined(separator: "\n")
            let path = try scratch.write("big.csv", "a,b\n" + rows + "\n")
            let table = try CSVReader.read(path: path)
            #expect(table.rows.count == 20_000)
            #expect(table.rows.last?.fields == ["19999", "39998"])
            let text = String(decoding: try FileSystemCalls.live.openInput(path).readAll(limit: 1 << 20) ?? Data(), as: UTF8.self)
            #expect(text.hasPrefix("a,b\n0,0\n"))
            #expect(try FileSystemCalls.live.openInput(path).readAll(limit: 10) == nil)
        }
    }
}
