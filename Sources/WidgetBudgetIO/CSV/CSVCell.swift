/// Cell text made harmless for a spreadsheet, and read back as it was.
///
/// A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` as a formula (a widget kind
/// such as `=HYPERLINK("http://…","x")`). Following OWASP's advice on CSV injection, every text
/// cell the tool writes goes through ``written(_:)``:
/// - every control character (U+0000–U+001F, U+007F–U+009F: NUL, tab, CR, LF, ESC…) becomes
///   U+FFFD `�`, so no cell carries a NUL, a line break or a terminal escape;
/// - a cell that then starts with `=`, `+`, `-` or `@` and is not a number (`-3.5`, `+2`, `1e-3`
///   stay as they are) gets a `'` in front; so does a cell that already looks like one that got
///   it (`'=x` is written `''=x`), which keeps the mapping one to one.
///
/// ``read(_:)`` undoes the prefix, so every CSV the tool reads (traces, device logs, `merge`'s
/// shards) gives back the text the tool meant to write.
enum CSVCell {
    /// The bytes after which a spreadsheet reads a formula.
    private static let formulaStarts: [UInt8] = [UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@")]
    private static let apostrophe = UInt8(ascii: "'")

    /// `field` as it is written into a cell: controls replaced, a formula prefixed with `'`.
    /// - Complexity: O(n) in the field's length; no allocation for a field that needs no change.
    static func written(_ field: String) -> String {
        var text = field
        if needsControlReplacement(field.utf8) {
            text = String(String.UnicodeScalarView(field.unicodeScalars.map { isControl($0) ? "\u{FFFD}" : $0 }))
        }
        return needsPrefix(text.utf8) ? "'" + text : text
    }

    /// Whether ``written(_:)`` changes `utf8`: a cheap check for the writer's fast path.
    @inline(__always)
    static func needsChange(_ utf8: some Collection<UInt8>) -> Bool {
        guard let first = utf8.first else { return false }
        if first == apostrophe || formulaStarts.contains(first) {
            return needsPrefix(utf8) || needsControlReplacement(utf8)
        }
        return needsControlReplacement(utf8)
    }

    /// A cell's text as the tool meant it: one leading `'` removed where ``written(_:)`` added it.
    static func read(_ cell: String) -> String {
        guard cell.utf8.first == apostrophe, looksPrefixed(cell.utf8) else { return cell }
        return String(cell.dropFirst())
    }

    /// A formula start that is not a number, or text that ``read(_:)`` would strip a `'` from.
    private static func needsPrefix(_ utf8: some Collection<UInt8>) -> Bool {
        guard let first = utf8.first else { return false }
        if formulaStarts.contains(first) { return !isNumber(utf8) }
        return first == apostrophe && looksPrefixed(utf8)
    }

    /// One or more `'` followed by a formula start, the rest not being a number: the shape of a
    /// prefixed cell.
    private static func looksPrefixed(_ utf8: some Collection<UInt8>) -> Bool {
        let rest = utf8.drop { $0 == apostrophe }
        guard rest.count < utf8.count, let first = rest.first, formulaStarts.contains(first) else { return false }
        return !isNumber(rest)
    }

    /// A decimal number: `[+-]digits[.digits][e[+-]digits]` (or `.digits`).
    static func isNumber(_ utf8: some Collection<UInt8>) -> Bool {
        var i = utf8.startIndex
        func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        func digits() -> Int {
            var n = 0
            while i != utf8.endIndex, isDigit(utf8[i]) {
                n += 1
                i = utf8.index(after: i)
            }
            return n
        }
        func skip(_ bytes: [UInt8]) {
            if i != utf8.endIndex, bytes.contains(utf8[i]) { i = utf8.index(after: i) }
        }
        skip([UInt8(ascii: "+"), UInt8(ascii: "-")])
        var mantissa = digits()
        if i != utf8.endIndex, utf8[i] == UInt8(ascii: ".") {
            i = utf8.index(after: i)
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if i != utf8.endIndex, utf8[i] == UInt8(ascii: "e") || utf8[i] == UInt8(ascii: "E") {
            i = utf8.index(after: i)
            skip([UInt8(ascii: "+"), UInt8(ascii: "-")])
            guard digits() > 0 else { return false }
        }
        return i == utf8.endIndex
    }

    /// Whether `utf8` holds a C0 control, DEL or a C1 control (UTF-8 `C2 80`…`C2 9F`).
    @inline(__always)
    private static func needsControlReplacement(_ utf8: some Collection<UInt8>) -> Bool {
        var afterC2 = false
        for b in utf8 {
            if b < 0x20 || b == 0x7F || (afterC2 && b >= 0x80 && b <= 0x9F) { return true }
            afterC2 = b == 0xC2
        }
        return false
    }

    private static func isControl(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x20 || (s.value >= 0x7F && s.value <= 0x9F)
    }
}
