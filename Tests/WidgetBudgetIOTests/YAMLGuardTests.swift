import Foundation
import Testing
import WidgetBudgetKit

@testable import WidgetBudgetIO

/// `YAMLGuard` scans for complex keys by hand (no ICU regular expressions at start-up): the scan
/// against the regular expressions it replaced, as the oracle, on random lines over the characters
/// that matter (ICU white space and line breaks included), and on the cases by name.
@Suite("Complex keys and trailing space scanned without regular expressions")
struct YAMLGuardTests {
    /// The expressions `YAMLGuard` used, in its order, with what it says about each.
    static let oracle: [(NSRegularExpression, String)] = [
        (try! NSRegularExpression(pattern: #"(^|[\s{,\[])\?(\s|$)"#, options: [.anchorsMatchLines]), "an explicit '?' key"),
        (try! NSRegularExpression(pattern: #"[\]}]\s*:(\s|$)"#, options: [.anchorsMatchLines]), "a list or mapping used as a key"),
        (
            try! NSRegularExpression(pattern: #"(^|[\s{,\[])\*[^\s,\[\]{}]+\s*:(\s|$)"#, options: [.anchorsMatchLines]),
            "an alias used as a key"
        ),
    ]

    static func expected(_ line: String) -> String? {
        let range = NSRange(line.startIndex..., in: line)
        return oracle.first { $0.0.firstMatch(in: line, range: range) != nil }?.1
    }

    @Test("the scan finds what the regular expressions found, on 20,000 random lines")
    func scanMatchesRegularExpressions() {
        let alphabet: [Unicode.Scalar] = [
            " ", " ", "\t", "?", "?", ":", ":", ":", "*", "*", "[", "]", "{", "}", ",", "a", "b", "<", "\r", "\u{0B}", "\u{0C}",
            "\u{85}", "\u{A0}", "\u{2003}", "\u{2028}",
        ]
        var g = SeededGenerator(seed: 77)
        var mismatches = 0
        for _ in 0..<20_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int(g.next() % 10) { scalars.append(alphabet[Int(g.next() % UInt64(alphabet.count))]) }
            let line = String(scalars)
            let want = Self.expected(line)
            let got = YAMLGuard.complexKey(in: Array(line.unicodeScalars))
            if got != want && mismatches < 5 {
                mismatches += 1
                Issue.record("\(Array(line.unicodeScalars).map { String($0.value, radix: 16) }): \(got ?? "none") != \(want ?? "none")")
            }
        }
    }

    /// A line is passed at once when it has no `?`, `]`, `}` or `*` (issue #26, start-up): on random
    /// lines with quotes, comments and combining marks, the same answer as the scan of the whole
    /// line outside quotes and comments.
    @Test("a line passed at once is one the whole scan passes, on 20,000 random lines")
    func quickPassMatchesTheWholeScan() {
        let alphabet: [Unicode.Scalar] = [
            " ", " ", "\t", "?", ":", ":", ":", "*", "[", "]", "{", "}", ",", "a", "b", "#", "\"", "'", "\u{301}", "\r", "\u{A0}",
        ]
        var g = SeededGenerator(seed: 78)
        var mismatches = 0
        var found = 0
        for _ in 0..<20_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int(g.next() % 12) { scalars.append(alphabet[Int(g.next() % UInt64(alphabet.count))]) }
            let line = Substring(String(scalars))
            let code = YAMLGuard.unquoted(line)
            let want = code.contains("?") || code.contains(":") ? YAMLGuard.complexKey(in: Array(code.unicodeScalars)) : nil
            let got = YAMLGuard.complexKey(inLine: line)
            if want != nil { found += 1 }
            if got != want && mismatches < 5 {
                mismatches += 1
                Issue.record("\(Array(line.unicodeScalars).map { String($0.value, radix: 16) }): \(got ?? "none") != \(want ?? "none")")
            }
        }
        #expect(found > 1_000)
    }

    /// `check` cuts the text into lines on its bytes (issue #26, start-up): the same lines as the
    /// split of its characters on "\n", where a CR LF pair is one character and ends no line, so
    /// the same first complex key on the same line number, on random texts.
    @Test("the check names the line the split of the characters names, on 5,000 random texts")
    func checkSplitsLinesAsCharacters() {
        let alphabet: [String] = ["a", " ", ":", "?", "*", "}", "{", "\"", "#", "\n", "\n", "\r\n", "\r", "\u{301}", "x: 1\n"]
        var g = SeededGenerator(seed: 79)
        var mismatches = 0
        var found = 0
        for _ in 0..<5_000 {
            var text = ""
            for _ in 0..<Int(g.next() % 16) { text += alphabet[Int(g.next() % UInt64(alphabet.count))] }
            var want: (Int, String)?
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if let what = YAMLGuard.complexKey(inLine: line) {
                    want = (number + 1, "\(what) is not supported in scenario files")
                    break
                }
            }
            var got: (Int, String)?
            do { try YAMLGuard.check(text, file: "f") } catch let error as ScenarioError { got = (error.line ?? 0, error.message) } catch {}
            if want != nil { found += 1 }
            if got?.0 != want?.0 || got?.1 != want?.1, mismatches < 5 {
                mismatches += 1
                Issue.record("\(text.debugDescription): \(String(describing: got)) != \(String(describing: want))")
            }
        }
        #expect(found > 500)
    }

    @Test("trailing white space is trimmed as the regular expression trimmed it, on 5,000 random lines")
    func trimMatchesRegularExpression() {
        let alphabet: [Unicode.Scalar] = [" ", " ", "\t", "a", "1", "\r", "\n", "\u{0B}", "\u{85}", "\u{A0}", "\u{2028}"]
        var g = SeededGenerator(seed: 78)
        for _ in 0..<5_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int(g.next() % 7) { scalars.append(alphabet[Int(g.next() % UInt64(alphabet.count))]) }
            let line = String(scalars)
            let want = line.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
            if line.trimmingTrailingRegexSpace.unicodeScalars.elementsEqual(want.unicodeScalars) { continue }
            Issue.record("\(Array(line.unicodeScalars).map { String($0.value, radix: 16) }): trimmed differently")
            break
        }
    }

    @Test(
        "named cases",
        arguments: [
            ("? *e", "an explicit '?' key"), ("[a, b]: v", "a list or mapping used as a key"),
            ("{a: b}: v", "a list or mapping used as a key"), ("*alias: v", "an alias used as a key"),
            ("- *a : 1", "an alias used as a key"), ("<<: *defaults", nil), ("days: 7", nil), ("a?: b", nil),
            ("list: [1, 2]", nil), ("x: *a:b", nil),
        ] as [(String, String?)])
    func namedCases(_ line: String, _ what: String?) {
        #expect(YAMLGuard.complexKey(in: Array(line.unicodeScalars)) == what)
        #expect(Self.expected(line) == what)
    }
}
