/// Text made safe to print on a terminal.
public enum TerminalText {
    /// `text` with every control character but LF and tab (U+0000–U+001F, U+007F–U+009F: ESC, CR,
    /// backspace, NUL…) replaced by U+FFFD `�`, so a widget kind, a path or a log value can never
    /// move the cursor, recolour the terminal or hide the text before it.
    /// - Complexity: O(n); no allocation when there is nothing to replace.
    public static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isUnsafe($0) ? "\u{FFFD}" : $0 }))
    }

    private static func isUnsafe(_ s: Unicode.Scalar) -> Bool {
        (s.value < 0x20 && s != "\n" && s != "\t") || (s.value >= 0x7F && s.value <= 0x9F)
    }
}
