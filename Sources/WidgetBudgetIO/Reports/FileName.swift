import Foundation
import WidgetBudgetKit

/// File and folder names made from names in the data (scenario and widget names), which are
/// never used as paths: `name: "README.md\0"` or `name: ../Sources` only ever name a folder of
/// the report.
public enum FileName {
    /// A safe name for `name`: ASCII letters, digits, `-`, `_` and `.` (accents dropped, any
    /// other run of characters one `-`), no leading, trailing or repeated dot or dash, at most
    /// ``Bounds/maxNameBytes`` bytes; `fallback` when nothing is left.
    public static func safe(_ name: String, fallback: String = "scenario") -> String {
        var out = ""
        var pendingDash = false
        for scalar in name.folding(options: [.diacriticInsensitive], locale: nil).unicodeScalars {
            let allowed =
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_"
                || scalar == "-" || scalar == "."
            if allowed {
                let joiner = scalar == "." || scalar == "-"
                if pendingDash && !out.isEmpty && !(out.hasSuffix("-") || out.hasSuffix(".")) { out += "-" }
                pendingDash = false
                // No leading dot or dash, and no run of them (`..` never appears).
                if joiner && (out.isEmpty || out.hasSuffix("-") || out.hasSuffix(".")) { continue }
                out.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
            if out.utf8.count >= Bounds.maxNameBytes { break }
        }
        while out.hasSuffix(".") || out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? fallback : out
    }

    /// Distinct safe names for `names`, in order: a name whose safe form repeats an earlier one
    /// gets `-2`, `-3`… appended (compared case-insensitively, for case-insensitive file systems).
    public static func unique(_ names: [String], fallback: String = "scenario") -> [String] {
        var used: Set<String> = []
        return names.map { name in
            let base = safe(name, fallback: fallback)
            var candidate = base
            var n = 2
            while used.contains(candidate.lowercased()) {
                candidate = base + "-\(n)"
                n += 1
            }
            used.insert(candidate.lowercased())
            return candidate
        }
    }
}
