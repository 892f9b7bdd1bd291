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
}
