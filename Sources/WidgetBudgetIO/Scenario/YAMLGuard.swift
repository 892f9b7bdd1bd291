import Foundation

/// Checks a scenario file's text for YAML that no scenario needs and that makes the YAML library
/// hang: complex keys (`? key`, `[a, b]: v`, `{a: b}: v`, `*alias: v`). Yams hashes each mapping
/// key to find duplicates, and a key built from nested aliases (an "alias bomb") expands to
/// billions of nodes. Aliases as values (`<<: *defaults`) stay allowed.
enum YAMLGuard {
    /// The patterns of a complex key, with what to say about each.
    private static let patterns: [(NSRegularExpression, String)] = [
        (try! NSRegularExpression(pattern: #"(^|[\s{,\[])\?(\s|$)"#, options: [.anchorsMatchLines]), "an explicit '?' key"),
        (try! NSRegularExpression(pattern: #"[\]}]\s*:(\s|$)"#, options: [.anchorsMatchLines]), "a list or mapping used as a key"),
        (
            try! NSRegularExpression(pattern: #"(^|[\s{,\[])\*[^\s,\[\]{}]+\s*:(\s|$)"#, options: [.anchorsMatchLines]),
            "an alias used as a key"
        ),
    ]

    /// Throws a ``ScenarioError`` naming the line of the first complex key outside quotes and
    /// comments.
    static func check(_ yaml: String, file: String) throws {
        for (number, line) in yaml.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = unquoted(line)
            guard code.contains("?") || code.contains(":") else { continue }
            let range = NSRange(code.startIndex..., in: code)
            for (pattern, what) in patterns where pattern.firstMatch(in: code, range: range) != nil {
                throw ScenarioError(
                    file: file, line: number + 1, key: "", message: "\(what) is not supported in scenario files",
                    hint: "keys are plain names such as `days` or `widgets`")
            }
        }
    }

    /// `line` with quoted text blanked and any comment cut, so `description: "a ? b"` passes.
    private static func unquoted(_ line: Substring) -> String {
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
