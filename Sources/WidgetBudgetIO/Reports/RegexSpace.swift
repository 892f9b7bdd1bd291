/// ICU's regular-expression white space, for text scanned by hand where a regular expression used
/// to be (compiling the first one initialises ICU's tables: a sixth of a `simulate`'s start-up
/// instructions).
extension Unicode.Scalar {
    /// ICU's `\s`: the Unicode White_Space property (tab, line feed, vertical tab, form feed,
    /// carriage return, next line, and the separators). Every line terminator, before which `$`
    /// matches, is one of them.
    var isRegexSpace: Bool { properties.isWhitespace }
}

extension String {
    /// The text with trailing white space removed, as `replacingOccurrences(of: "\\s+$", with: "",
    /// options: .regularExpression)` removes it.
    var trimmingTrailingRegexSpace: String {
        var scalars = unicodeScalars[...]
        while let last = scalars.last, last.isRegexSpace { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
