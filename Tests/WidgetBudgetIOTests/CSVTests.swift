import Foundation
import Testing

@testable import WidgetBudgetIO

@Suite("CSV reading and writing through libcsv")
struct CSVTests {
    /// Fields that need care: separators, quotes, blanks, spaces, non-ASCII text, formulas. (The
    /// writer never writes a control character: `CSVInjectionTests`.)
    static let awkwardRows: [[String]] = [
        ["plain", "with,comma", "say \"hi\""],
        ["", "", ""],
        ["line\u{2028}separator", "-not a number", "'=already prefixed"],
        [" leading", "trailing ", " both "],
        ["ünïcødé", "日本語", "👩‍👩‍👧 emoji"],
        ["\"", ",", "\"\""],
        ["a\"b\"c", "=1+2", "\u{FEFF}bom-not-first"],
    ]

    @Test("round trip of awkward fields is exact")
    func roundTrip() throws {
        let header = ["first", "second column", "third,with comma"]
        var writer = CSVWriter(header: header)
        writer.append(contentsOf: Self.awkwardRows)
        let table = try CSVReader.read(data: writer.data, name: "round.csv")
        #expect(table.header == header)
        #expect(table.rows.map(\.fields) == Self.awkwardRows)
        #expect(table.rows.map(\.number) == Array(2...8))
        #expect(table.rows.map(\.line) == Array(2...8))
    }

    @Test("the writer is deterministic and quotes only where needed")
    func writerOutput() {
        let text = CSVWriter.document(
            header: ["time", "label"],
            rows: [["1", "plain"], ["2.5", "with,comma"], ["3", "say \"hi\""], ["4", ""], ["5", " pad"]])
        #expect(text == "time,label\n1,plain\n2.5,\"with,comma\"\n3,\"say \"\"hi\"\"\"\n4,\n5,\" pad\"\n")
        #expect(CSVWriter.document(header: ["time", "label"], rows: [["1", "a\nb"]]) == "time,label\n1,a\u{FFFD}b\n")
        var first = CSVWriter(header: ["a", "b", "c"])
        var second = CSVWriter(header: ["a", "b", "c"])
        first.append(contentsOf: Self.awkwardRows)
        second.append(contentsOf: Self.awkwardRows)
        #expect(first.data == second.data)
        #expect(first.rowCount == Self.awkwardRows.count)
    }

    @Test("single-column empty fields and a leading BOM character survive")
    func singleColumnEdgeCases() throws {
        let rows = [[""], ["x"], [""], ["\u{FEFF}"]]
        let writer = CSVWriter(header: ["\u{FEFF}only"])
        var all = writer
        all.append(contentsOf: rows)
        #expect(all.text == "\"\u{FEFF}only\"\n\"\"\nx\n\"\"\n\u{FEFF}\n")
        let table = try CSVReader.read(data: all.data, name: "single.csv")
        #expect(table.header == ["\u{FEFF}only"])
        #expect(table.rows.map(\.fields) == rows)
    }

    @Test("CRLF line ends, with line numbers")
    func crlf() throws {
        let data = Data("time,label\r\n1,a\r\n\r\n2,\"b\r\nc\"\r\n3,d\r\n".utf8)
        let table = try CSVReader.read(data: data, name: "crlf.csv")
        #expect(table.header == ["time", "label"])
        #expect(table.rows.map(\.fields) == [["1", "a"], ["2", "b\r\nc"], ["3", "d"]])
        #expect(table.rows.map(\.line) == [2, 4, 6])
        #expect(table.rows.map(\.number) == [2, 3, 4])
    }

    @Test("line numbers count blank lines, LF, CR and quoted breaks")
    func lineNumbers() throws {
        let data = Data("a,b\n\n\n1,\"x\ny\"\n2,z\r3,w\n  \n4,v".utf8)
        let table = try CSVReader.read(data: data, name: "lines.csv")
        #expect(table.rows.map(\.fields) == [["1", "x\ny"], ["2", "z"], ["3", "w"], ["4", "v"]])
        #expect(table.rows.map(\.line) == [4, 6, 7, 9])
    }

    @Test("a UTF-8 byte order mark is dropped")
    func byteOrderMark() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("time,x\n1,2\n".utf8)
        let table = try CSVReader.read(data: Data(bytes), name: "bom.csv")
        #expect(table.header == ["time", "x"])
        #expect(table.rows.map(\.fields) == [["1", "2"]])
        #expect(table.rows.first?.line == 2)
        // Only at the very start, whatever the chunking.
        let records = try parse(bytes, chunkSize: 1)
        #expect(records.map(\.fields) == [["time", "x"], ["1", "2"]])
    }

    @Test("any chunking gives the same records", arguments: [1, 2, 3, 5, 7, 64, 1 << 20])
    func chunking(chunkSize: Int) throws {
        let document = "a,b\r\n\"q,\"\"1\"\"\",\"multi\nline\"\r\n\r\nü,\"\"\nlast,no-newline"
        let records = try parse(Array(document.utf8), chunkSize: chunkSize)
        #expect(
            records.map(\.fields) == [["a", "b"], ["q,\"1\"", "multi\nline"], ["ü", ""], ["last", "no-newline"]])
        #expect(records.map(\.line) == [1, 2, 5, 6])
    }

    @Test("empty file, header only, spaces trimmed, no final newline")
    func smallDocuments() throws {
        let empty = try CSVReader.read(data: Data(), name: "empty.csv")
        #expect(empty.header.isEmpty && empty.rows.isEmpty)
        let blank = try CSVReader.read(data: Data("\n\r\n  \n".utf8), name: "blank.csv")
        #expect(blank.header.isEmpty && blank.rows.isEmpty)
        let headerOnly = try CSVReader.read(data: Data("time,label".utf8), name: "h.csv")
        #expect(headerOnly.header == ["time", "label"] && headerOnly.rows.isEmpty)
        let spaced = try CSVReader.read(data: Data(" time , label \n 1 ,\" a \"".utf8), name: "s.csv")
        #expect(spaced.header == ["time", "label"])
        #expect(spaced.rows.map(\.fields) == [["1", " a "]])
        #expect(spaced.columnIndex("label") == 1)
        #expect(throws: CSVError.missingColumn(file: "s.csv", column: "x", found: ["time", "label"])) {
            try spaced.requireColumn("x")
        }
    }

    @Test("a ragged row is an error naming its line and record")
    func raggedRow() {
        let tooMany = csvErrorDescription {
            _ = try CSVReader.read(data: Data("a,b\n1,2\n\n3,4,5\n".utf8), name: "r.csv")
        }
        #expect(
            tooMany
                == "r.csv:4: record 3 has 3 fields but the header has 2; enclose fields that contain commas in double quotes"
        )
        let tooFew = csvErrorDescription {
            _ = try CSVReader.read(data: Data("a,b\n1\n".utf8), name: "r.csv")
        }
        #expect(
            tooFew
                == "r.csv:2: record 2 has 1 field but the header has 2; add the missing fields (an empty field is nothing between two commas)"
        )
        // Streaming raw records allows them.
        var counts: [Int] = []
        #expect(throws: Never.self) {
            try CSVReader.forEachRecord(data: Data("a,b\n1\n1,2,3\n".utf8), name: "r.csv") { counts.append($0.count) }
        }
        #expect(counts == [2, 1, 3])
    }

    @Test(
        "strict mode rejects malformed quoting",
        arguments: [
            ("a,b\n1,x\"y\n", 2),  // a quote inside an unquoted field
            ("a,b\n1,\"x\"y\n", 2),  // text after a closing quote
            ("a,b\n1,2\n3,\"x\" \"y\"\n", 3),  // a quote after the closing quote and a space
        ])
    func malformedQuoting(document: String, line: Int) {
        #expect(
            throws: CSVError.malformedQuoting(
                file: "m.csv", line: line, detail: "error parsing data while strict checking enabled")
        ) {
            _ = try CSVReader.read(data: Data(document.utf8), name: "m.csv")
        }
        let description = csvErrorDescription { _ = try CSVReader.read(data: Data(document.utf8), name: "m.csv") }
        #expect(
            description?.hasPrefix(
                "m.csv:\(line): malformed quoting (libcsv: error parsing data while strict checking enabled); ") == true
        )
    }

    @Test("a quote left open at the end is an error at the line it opens")
    func unterminatedQuote() {
        let description = csvErrorDescription {
            _ = try CSVReader.read(data: Data("a,b\n1,2\n3,\"open\nstill open\n".utf8), name: "u.csv")
        }
        #expect(description == "u.csv:3: a quoted field starting here is never closed; add the closing '\"'")
    }

    @Test("invalid UTF-8 is an error")
    func invalidUTF8() {
        let bytes = Array("a,b\n1,2\n3,".utf8) + [0xFF, 0xFE] + Array("\n".utf8)
        #expect(throws: CSVError.invalidUTF8(file: "bin.csv", line: 3)) {
            _ = try CSVReader.read(data: Data(bytes), name: "bin.csv")
        }
    }

    @Test("files: read, not found, directory")
    func files() throws {
        try withCSVScratch { scratch in
            let path = try scratch.write("t.csv", "time,label\n1,a\n2,b\n")
            let table = try CSVReader.read(path: path)
            #expect(table.name == path)
            #expect(table.rows.map(\.fields) == [["1", "a"], ["2", "b"]])
            let missing = scratch.file("missing.csv")
            #expect(csvErrorDescription { _ = try CSVReader.read(path: missing) } == "CSV file not found: \(missing)")
            #expect(
                csvErrorDescription { _ = try CSVReader.read(path: scratch.path) }
                    == "cannot read \(scratch.path): it is a directory")
        }
    }

    @Test("an error thrown by the row handler stops the reading")
    func handlerError() {
        struct Stop: Error, Equatable {}
        var seen = 0
        #expect(throws: Stop.self) {
            try CSVReader.forEachRow(data: Data("a\n1\n2\n3\n".utf8), name: "s.csv") { row in
                seen += 1
                if row[0] == "2" { throw Stop() }
            }
        }
        #expect(seen == 2)
    }

    @Test("streaming a large file keeps order and line numbers")
    func largeFile() throws {
        let rowCount = 200_000
        try withCSVScratch { scratch in
            var writer = CSVWriter(header: ["time", "event", "note"])
            for i in 0..<rowCount { writer.append([String(i), "view", i % 1000 == 0 ? "a, b" : ""]) }
            let path = scratch.file("big/device.csv")
            try writer.write(to: path)
            var count = 0
            var lastTime = -1
            var linesMatch = true
            let header = try CSVReader.forEachRow(path: path) { row in
                count += 1
                lastTime = Int(row[0])!
                linesMatch = linesMatch && row.line == count + 1 && row.number == count + 1
            }
            #expect(header == ["time", "event", "note"])
            #expect(count == rowCount)
            #expect(lastTime == rowCount - 1)
            #expect(linesMatch)
        }
    }

    @Test("libcsv's csv_write2 always quotes; the writer calls it only where needed")
    func libcsvQuoting() {
        #expect(CSVWriter.needsQuotes(Array("abc".utf8), alone: false, atDocumentStart: false) == false)
        #expect(CSVWriter.needsQuotes([UInt8](), alone: false, atDocumentStart: false) == false)
        #expect(CSVWriter.needsQuotes([UInt8](), alone: true, atDocumentStart: false) == true)
        #expect(CSVWriter.needsQuotes(Array("a b".utf8), alone: false, atDocumentStart: false) == false)
        #expect(CSVWriter.needsQuotes(Array("a\tb ".utf8), alone: false, atDocumentStart: false) == true)
        #expect(CSVWriter.document(header: ["x"], rows: [["\"\"\""]]) == "x\n\"\"\"\"\"\"\"\"\n")
        #expect(CSVWriter.libcsvQuoted("plain") == "\"plain\"")
        #expect(CSVWriter.libcsvQuoted("") == "\"\"")
        #expect(CSVWriter.libcsvQuoted("a\"b") == "\"a\"\"b\"")
        #expect(CSVWriter.libcsvQuoted("x\ny, ü") == "\"x\ny, ü\"")
    }

    /// Parses `bytes` fed in chunks of `chunkSize`, returning every record.
    private func parse(_ bytes: [UInt8], chunkSize: Int) throws -> [CSVRecord] {
        var records: [CSVRecord] = []
        let parser = try CSVParser(name: "chunks.csv") { records.append($0) }
        var start = 0
        while start < bytes.count {
            let end = min(start + chunkSize, bytes.count)
            try bytes[start..<end].withUnsafeBytes { try parser.parse($0) }
            start = end
        }
        try parser.finish()
        return records
    }
}
