import Foundation

/// Escaping for the report pages: HTML text and attributes, relative URLs, Markdown.
enum WebText {
    /// `text` safe inside HTML text and quoted attributes.
    static func html(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                if c.properties.generalCategory == .control && c != "\n" && c != "\t" { out += " " } else { out.unicodeScalars.append(c) }
            }
        }
        return out
    }

    /// A relative URL from path segments (`["my scenario", "budget-clock.svg"]` →
    /// `my%20scenario/budget-clock.svg`), each segment percent-encoded.
    static func url(_ segments: [String]) -> String {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
        allowed.insert(charactersIn: "-._~")
        return segments.filter { !$0.isEmpty }.map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0 }.joined(separator: "/")
    }

    /// `text` safe in a Markdown table cell or paragraph: markup characters escaped, one line.
    static func markdown(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "|", "#": out += "\\" + String(c)
            case "\n", "\r", "\t": out += " "
            default: out.append(c)
            }
        }
        return out
    }

    /// Prose for a Markdown paragraph or list item whose `` `code` `` spans stay code: each span
    /// between a pair of backticks is written as a code span (its text is literal there, so it
    /// needs no escape); everything else, an unpaired backtick included, is escaped as
    /// ``markdown(_:)`` does. Not for table cells: a code span does not escape `|`.
    static func markdownProse(_ text: String) -> String {
        prose(text, text: markdown, code: { "`" + $0 + "`" })
    }

    /// Prose for an HTML page whose `` `code` `` spans become `<code>`, the rest escaped as
    /// ``html(_:)`` does: the HTML twin of ``markdownProse(_:)``.
    static func htmlProse(_ text: String) -> String {
        prose(text, text: html, code: { "<code>" + html($0) + "</code>" })
    }

    /// `text` split at its backticks: the pieces between a pair through `code`, the others (and a
    /// last unpaired backtick) through `text`. A code piece keeps one line, as ``markdown(_:)``.
    private static func prose(_ text: String, text escape: (String) -> String, code: (String) -> String) -> String {
        let pieces = text.split(separator: "`", omittingEmptySubsequences: false).map(String.init)
        var out = ""
        for (i, piece) in pieces.enumerated() {
            let paired = i % 2 == 1 && i < pieces.count - 1
            if paired && !piece.isEmpty {
                out += code(String(piece.map { $0.isNewline || $0 == "\t" ? " " : $0 }))
            } else if i % 2 == 1 {
                out += escape("`" + piece + (paired ? "`" : ""))
            } else {
                out += escape(piece)
            }
        }
        return out
    }
}
