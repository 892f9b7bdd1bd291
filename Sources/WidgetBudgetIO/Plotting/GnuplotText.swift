import Foundation

/// Text as it goes into a gnuplot script: every string from outside the program (scenario and
/// widget names, time zones, descriptions) passes through here.
///
/// gnuplot does no substitution inside single-quoted strings (no backquote commands, no `@`
/// macros, no backslash escapes); the only special character is the quote itself, written twice.
/// A line break would end the command, so control characters become spaces. With the terminals'
/// `noenhanced` option, `_`, `^`, `{` and `@` are shown as typed rather than as markup.
public enum GnuplotText {
    /// The longest text kept in a title or a key entry; longer text is cut with an ellipsis.
    static let maximumLength = 160

    /// `text` as a gnuplot single-quoted string literal, quotes included: `it's` → `'it''s'`.
    public static func quoted(_ text: String) -> String {
        "'" + sanitized(text).replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// `text` with control characters (line breaks, tabs, escapes) replaced by spaces and cut
    /// to ``maximumLength`` characters.
    public static func sanitized(_ text: String) -> String {
        var out = String(
            text.unicodeScalars.map { scalar -> Character in
                scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}" ? " " : Character(scalar)
            })
        if out.count > maximumLength { out = String(out.prefix(maximumLength - 1)) + "…" }
        return out
    }

    /// A file-name fragment for `name`: lowercase ASCII letters, digits and dashes (accents
    /// dropped: `Süd` → `sud`), at most 40 characters; `fallback` when nothing is left (a name of
    /// only symbols or non-Latin letters).
    public static func slug(_ name: String, fallback: String) -> String {
        var out = ""
        var dash = false
        for scalar in name.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased().unicodeScalars {
            if (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") {
                if dash && !out.isEmpty { out += "-" }
                out.unicodeScalars.append(scalar)
                dash = false
            } else {
                dash = true
            }
            if out.count >= 40 { break }
        }
        return out.isEmpty ? fallback : out
    }

    /// Distinct file-name fragments for `names`, in order: a slug that repeats an earlier one
    /// gets `-2`, `-3`… appended.
    public static func uniqueSlugs(_ names: [String], fallbackPrefix: String) -> [String] {
        var used: Set<String> = []
        var out: [String] = []
        for (i, name) in names.enumerated() {
            let base = slug(name, fallback: "\(fallbackPrefix)\(i + 1)")
            var candidate = base
            var n = 2
            while used.contains(candidate) {
                candidate = "\(base)-\(n)"
                n += 1
            }
            used.insert(candidate)
            out.append(candidate)
        }
        return out
    }
}
