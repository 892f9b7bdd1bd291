import Foundation

/// Checks a scenario file's text for YAML that no scenario needs and that makes the YAML library
/// hang: complex keys (`? key`, `[a, b]: v`, `{a: b}: v`, `*alias: v`). Yams hashes each mapping
/// key to find duplicates, and a key built from nested aliases (an "alias bomb") expands to
/// billions of nodes. Aliases as values (`<<: *defaults`) stay allowed.
enum YAMLGuard {
    /// Throws a ``ScenarioError`` naming the line of the first complex key outside quotes and
    /// comments.
    static func check(_ yaml: String, file: String) throws {
        // The lines of `yaml.split(separator: "\n", omittingEmptySubsequences: false)`, cut on the
        // bytes: a line feed ends a line unless it follows a carriage return (CR LF is one
        // character, which is not "\n"). The characters' split took 0.7 M instructions at start-up.
        let bytes = yaml.utf8
        var number = 1
        var start = bytes.startIndex
        var previous: UInt8 = 0
        var index = start
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") && previous != UInt8(ascii: "\r") {
                try check(yaml[start..<index], number: number, file: file)
                number += 1
                start = bytes.index(after: index)
            }
            previous = byte
            index = bytes.index(after: index)
        }
        try check(yaml[start..<bytes.endIndex], number: number, file: file)
    }

    /// Throws for the file's line `number`, `line`, when it is a complex key.
    private static func check(_ line: Substring, number: Int, file: String) throws {
        if let what = complexKey(inLine: line) {
            throw ScenarioError(
                file: file, line: number, key: "", message: "\(what) is not supported in scenario files",
                hint: "keys are plain names such as `days` or `widgets`")
        }
    }

    /// What makes the file's line `line` a complex key (``complexKey(in:)`` of the line outside
    /// quotes and comments), or `nil`.
    ///
    /// Every complex key has a `?`, a `*`, or a `]` or `}` with a `:` after it, and blanking
    /// quotes or cutting a comment adds none of them and keeps the order of the rest: a line
    /// without one (most lines, `provider: {type: fixed, entries: 6}` among them) is passed at
    /// once, not copied character by character (the whole check of a 40-line scenario took 2.0 M
    /// instructions at start-up, docs/performance.md). `YAMLGuardTests` compares it with the scan
    /// of every line.
    static func complexKey(inLine line: Substring) -> String? {
        var closed = false
        var candidate = false
        for byte in line.utf8 {
            switch byte {
            case UInt8(ascii: "?"), UInt8(ascii: "*"): candidate = true
            case UInt8(ascii: "]"), UInt8(ascii: "}"): closed = true
            case UInt8(ascii: ":"): candidate = candidate || closed
            default: break
            }
            if candidate { break }
        }
        guard candidate else { return nil }
        let code = unquoted(line)
        guard code.contains("?") || code.contains(":") else { return nil }
        return complexKey(in: Array(code.unicodeScalars))
    }

    /// What makes `line` a complex key, checked in this order (each as a regular expression, `\s`
    /// being ICU's white space):
    /// - an explicit '?' key: `(^|[\s{,\[])\?(\s|$)`;
    /// - a list or mapping used as a key: `[\]}]\s*:(\s|$)`;
    /// - an alias used as a key: `(^|[\s{,\[])\*[^\s,\[\]{}]+\s*:(\s|$)`.
    /// Scanned by hand rather than by `NSRegularExpression` (see `Unicode.Scalar.isRegexSpace`);
    /// `YAMLGuardTests` checks the scan against those expressions.
    static func complexKey(in line: [Unicode.Scalar]) -> String? {
        func at(_ i: Int) -> Unicode.Scalar? { i >= 0 && i < line.count ? line[i] : nil }
        /// `\s|$`: white space (every line break is white space) or the end.
        func spaceOrEnd(_ i: Int) -> Bool { at(i).map { $0.isRegexSpace } ?? true }
        /// `^|[\s{,\[]` just before `i`.
        func opens(_ i: Int) -> Bool { at(i - 1).map { $0.isRegexSpace || "{,[".unicodeScalars.contains($0) } ?? true }
        /// `\s*:(\s|$)` from `i`.
        func colonKey(from i: Int) -> Bool {
            var j = i
            while let c = at(j), c.isRegexSpace { j += 1 }
            return at(j) == ":" && spaceOrEnd(j + 1)
        }
        if line.indices.contains(where: { line[$0] == "?" && opens($0) && spaceOrEnd($0 + 1) }) { return "an explicit '?' key" }
        if line.indices.contains(where: { (line[$0] == "]" || line[$0] == "}") && colonKey(from: $0 + 1) }) {
            return "a list or mapping used as a key"
        }
        for i in line.indices where line[i] == "*" && opens(i) {
            // The name: a run of characters other than white space and `,[]{}`, at least one.
            var end = i + 1
            while let c = at(end), !c.isRegexSpace, !",[]{}".unicodeScalars.contains(c) { end += 1 }
            guard end > i + 1 else { continue }
            // A colon inside the run after its first character, where `(\s|$)` matches after it
            // (`*a: 1`), or white space and a colon after the run (`*a : 1`).
            if (i + 2..<end).contains(where: { line[$0] == ":" && spaceOrEnd($0 + 1) }) || colonKey(from: end) {
                return "an alias used as a key"
            }
        }
        return nil
    }

    /// `line` with quoted text blanked and any comment cut, so `description: "a ? b"` passes.
    static func unquoted(_ line: Substring) -> String {
        var out = ""
        var quote: Character?
        var previous: Character = " "
        for c in line {
            if let q = quote {
                if c == q { quote = nil }
                out.append("_")
            } else if c == "\"" || c == "'" {
                quote = c
                out.append("_")
            } else if c == "#" && (previous == " " || previous == "\t") {
                break
            } else {
                out.append(c)
            }
            previous = c
        }
        return out
    }
}
