/// Text written into the scenario YAML the tool emits (`analyze --emit-scenario`, `inspect
/// --emit-scenario`).
public enum YAMLText {
    /// `text` as a YAML double-quoted scalar: quotes and backslashes escaped, line breaks and tabs
    /// as `\n`, `\t`, `\r`, other control characters as `\xNN`, so it stays on one line.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\x" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 2)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

extension String {
    /// The string with `"0"`s in front up to `count` characters (hex digits of a code or colour).
    func leftPadded(to count: Int) -> String {
        String(repeating: "0", count: max(0, count - self.count)) + self
    }
}
