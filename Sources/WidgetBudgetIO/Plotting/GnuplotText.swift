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

    /// Room a title line may take: the canvas width less 100 px on each side. gnuplot centres the
    /// title over the plot area, which sits up to ~60 px off the canvas's centre (tic labels on the
    /// left, the colour box on the right), and the rest keeps it off the edge.
    static let titleMargin = 100.0

    /// The `set title` command for `text` on a canvas `width` pixels wide: the text wrapped at
    /// spaces into lines no wider than the canvas less ``titleMargin`` on each side (estimated with
    /// ``TextWidth``), at most `maximumLines`, the last cut with an ellipsis when the text is longer
    /// (rather than at ``maximumLength`` characters, as other text is).
    static func title(_ text: String, width: Int, maximumLines: Int = 3) -> String {
        // Three lines hold fewer than 600 characters (the narrowest, `i`, is 0.28 em).
        let lines = wrapped(sanitized(text, maximumLength: 600), width: Double(width) - 2 * titleMargin, maximumLines: maximumLines)
        return "set title " + lines.map(quoted).joined(separator: " . \"\\n\" . ") + " noenhanced"
    }

    /// `text` broken at spaces into lines at most `width` pixels wide at the default font size,
    /// after a comma or a colon where that leaves a line at least half full; a word wider than a
    /// line is cut; past `maximumLines` the last line ends in an ellipsis.
    static func wrapped(_ text: String, width: Double, maximumLines: Int) -> [String] {
        func fits(_ line: String) -> Bool { TextWidth.pixels(line) <= width }
        func cut(_ line: String) -> String {
            var out = line
            while !out.isEmpty && !fits(out + "…") { out.removeLast() }
            return out.trimmingCharacters(in: .whitespaces) + "…"
        }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if fits(candidate) {
                line = candidate
                continue
            }
            // Break after the last comma or colon when that leaves the line at least half full.
            var carried: [Substring] = []
            var words = line.split(separator: " ")
            if let mark = words.lastIndex(where: { $0.hasSuffix(",") || $0.hasSuffix(":") }), mark + 1 < words.count,
                TextWidth.pixels(words[...mark].joined(separator: " ")) >= width / 2
            {
                carried = Array(words[(mark + 1)...])
                words = Array(words[...mark])
            }
            if !words.isEmpty { lines.append(words.joined(separator: " ")) }
            let next = (carried.map(String.init) + [word]).joined(separator: " ")
            line = fits(next) ? next : fits(word) ? word : cut(word)
            if !fits(next) && !carried.isEmpty { lines.append(carried.joined(separator: " ")) }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        guard lines.count > maximumLines else { return lines }
        let rest = lines[(maximumLines - 1)...].joined(separator: " ")
        return Array(lines.prefix(maximumLines - 1)) + [cut(rest)]
    }

    /// `text` with control characters (line breaks, tabs, escapes) replaced by spaces and cut
    /// to ``maximumLength`` characters.
    public static func sanitized(_ text: String) -> String {
        sanitized(text, maximumLength: maximumLength)
    }

    /// `text` with control characters replaced by spaces and cut to `maximumLength` characters.
    static func sanitized(_ text: String, maximumLength: Int) -> String {
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
