import Foundation

/// A small Markdown-to-HTML conversion for the optimizer's `recommendation.md` on the HTML page:
/// headings, paragraphs, bullet and numbered lists, `code`, **bold**, and pipe tables. Everything
/// else is shown as text; all text is escaped, so no HTML passes through.
enum MarkdownLite {
    /// The HTML for `markdown`; headings start at `<h{baseLevel}>`.
    static func html(_ markdown: String, baseLevel: Int = 4) -> String {
        var out: [String] = []
        var paragraph: [String] = []
        var list: (tag: String, items: [String])?
        var table: [[String]] = []
        func flush() {
            if !paragraph.isEmpty {
                out.append("<p>" + inline(paragraph.joined(separator: " ")) + "</p>")
                paragraph = []
            }
            if let l = list {
                out.append("<\(l.tag)>" + l.items.map { "<li>" + inline($0) + "</li>" }.joined() + "</\(l.tag)>")
                list = nil
            }
            if !table.isEmpty {
                let rows = table.filter { !$0.allSatisfy { $0.allSatisfy { "-: ".contains($0) } } }
                var html = "<table>"
                for (i, row) in rows.enumerated() {
                    let tag = i == 0 ? "th" : "td"
                    html += "<tr>" + row.map { "<\(tag)>" + inline($0) + "</\(tag)>" }.joined() + "</tr>"
                }
                out.append(html + "</table>")
                table = []
            }
        }
        for raw in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty {
                flush()
            } else if line.hasPrefix("#") {
                flush()
                let level = line.prefix { $0 == "#" }.count
                let text = line.dropFirst(level).trimmingCharacters(in: .whitespaces)
                let h = min(6, baseLevel + level - 1)
                out.append("<h\(h)>" + inline(text) + "</h\(h)>")
            } else if line.hasPrefix("|") {
                if !paragraph.isEmpty || list != nil { flush() }
                table.append(
                    line.trimmingCharacters(in: CharacterSet(charactersIn: "|")).split(separator: "|", omittingEmptySubsequences: false)
                        .map { $0.trimmingCharacters(in: .whitespaces) })
            } else if line.hasPrefix("- ") || line.hasPrefix("* ") || isNumbered(line) {
                let tag = isNumbered(line) ? "ol" : "ul"
                if !paragraph.isEmpty || !table.isEmpty || (list != nil && list!.tag != tag) { flush() }
                let text = tag == "ul" ? String(line.dropFirst(2)) : String(line.drop { $0 != " " }.dropFirst())
                if list == nil { list = (tag, []) }
                list!.items.append(text)
            } else if list != nil && raw.hasPrefix("  ") {
                list!.items[list!.items.count - 1] += " " + line
            } else {
                if list != nil || !table.isEmpty { flush() }
                paragraph.append(line)
            }
        }
        flush()
        return out.joined(separator: "\n")
    }

    private static func isNumbered(_ line: String) -> Bool {
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        return !digits.isEmpty && line.dropFirst(digits.count).hasPrefix(". ")
    }

    /// Escaped text with `code` and **bold** spans.
    static func inline(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let i = rest.firstIndex(where: { $0 == "`" || $0 == "*" }) {
            out += WebText.html(String(rest[..<i]))
            let tail = rest[i...]
            if tail.hasPrefix("`"), let end = tail.dropFirst().firstIndex(of: "`") {
                out += "<code>" + WebText.html(String(tail[tail.index(after: i)..<end])) + "</code>"
                rest = tail[tail.index(after: end)...]
            } else if tail.hasPrefix("**"), let end = tail.dropFirst(2).range(of: "**") {
                out += "<strong>" + WebText.html(String(tail[tail.index(i, offsetBy: 2)..<end.lowerBound])) + "</strong>"
                rest = tail[end.upperBound...]
            } else {
                out += WebText.html(String(tail.prefix(1)))
                rest = tail.dropFirst()
            }
        }
        return out + WebText.html(String(rest))
    }
}
