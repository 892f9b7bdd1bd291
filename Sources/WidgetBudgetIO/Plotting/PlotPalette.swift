import Foundation

/// A gnuplot palette of colour stops (`set palette defined`), evaluated in Swift the way gnuplot
/// evaluates it, so that a figure can choose, per cell, a label colour that stays readable on the
/// cell's fill.
///
/// gnuplot maps a value `z` on the colour box's range `[low, high]` to `gray = (z − low) / (high −
/// low)` (clamped to 0…1; `1 − gray` with `set palette negative`), rescales the stops' positions to
/// 0…1 and interpolates each of red, green and blue linearly between the two stops around `gray`
/// (`set palette model RGB`, gnuplot's default). The rendering tests compare these colours with the
/// fills gnuplot writes into the SVG.
struct PlotPalette: Sendable, Equatable {
    /// A colour as red, green and blue, each 0…1.
    struct RGB: Sendable, Equatable {
        var red: Double
        var green: Double
        var blue: Double

        /// The colour of `hex` (`#rrggbb`).
        init(hex: String) {
            let digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
            let value = Int(digits, radix: 16) ?? 0
            red = Double((value >> 16) & 0xff) / 255
            green = Double((value >> 8) & 0xff) / 255
            blue = Double(value & 0xff) / 255
        }

        /// A colour from its channels, each 0…1.
        init(red: Double, green: Double, blue: Double) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// The channels rounded to 8 bits, as gnuplot's terminals write them.
        var bytes: (Int, Int, Int) {
            func byte(_ c: Double) -> Int { Int((min(max(c, 0), 1) * 255).rounded()) }
            return (byte(red), byte(green), byte(blue))
        }

        /// `#rrggbb`, lower case.
        var hex: String {
            let (r, g, b) = bytes
            return "#" + [r, g, b].map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        }

        /// WCAG 2's relative luminance of the 8-bit colour: each sRGB channel linearised
        /// (`c / 12.92` up to 0.04045, else `((c + 0.055) / 1.055)^2.4`), then weighted
        /// 0.2126 R + 0.7152 G + 0.0722 B.
        var relativeLuminance: Double {
            let (r, g, b) = bytes
            func linear(_ byte: Int) -> Double {
                let c = Double(byte) / 255
                return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
        }

        /// WCAG 2's contrast ratio of two colours, 1…21: `(L1 + 0.05) / (L2 + 0.05)`, lighter over darker.
        func contrast(with other: RGB) -> Double {
            let a = relativeLuminance, b = other.relativeLuminance
            return (max(a, b) + 0.05) / (min(a, b) + 0.05)
        }
    }

    /// The stops: position (any increasing numbers) and colour (`#rrggbb`).
    var stops: [(position: Double, color: String)]

    static func == (a: PlotPalette, b: PlotPalette) -> Bool {
        a.stops.map(\.position) == b.stops.map(\.position) && a.stops.map(\.color) == b.stops.map(\.color)
    }

    /// The `set palette defined (…)` command.
    var command: String {
        "set palette defined (" + stops.map { "\(PlotScale.number($0.position)) '\($0.color)'" }.joined(separator: ", ") + ")"
    }

    /// The colour gnuplot gives `value` on a colour box from `low` to `high` (reversed when `negative`).
    func color(_ value: Double, low: Double, high: Double, negative: Bool = false) -> RGB {
        var gray = high > low ? (value - low) / (high - low) : 0.5
        gray = min(max(gray.isFinite ? gray : 0.5, 0), 1)
        if negative { gray = 1 - gray }
        guard let first = stops.first, let last = stops.last, last.position > first.position else {
            return RGB(hex: stops.first?.color ?? "#000000")
        }
        let z = first.position + gray * (last.position - first.position)
        guard let upper = stops.firstIndex(where: { $0.position >= z }), upper > 0 else { return RGB(hex: first.color) }
        let a = stops[upper - 1], b = stops[upper]
        let t = b.position > a.position ? (z - a.position) / (b.position - a.position) : 1
        let ca = RGB(hex: a.color), cb = RGB(hex: b.color)
        return RGB(
            red: ca.red + t * (cb.red - ca.red), green: ca.green + t * (cb.green - ca.green), blue: ca.blue + t * (cb.blue - ca.blue))
    }

    /// Black and white, the label colours: one of them always reaches a contrast ratio of at least
    /// 4.58 with any fill (the two ratios are equal at luminance 0.179, where both are 4.58), which
    /// no pair of less extreme greys guarantees (`#1d1d1f` and white meet at 4.1).
    static let darkLabel = "#000000"
    /// The light label colour.
    static let lightLabel = "#ffffff"

    /// The label colour with the higher contrast on `fill`: ``darkLabel`` or ``lightLabel``.
    static func labelColor(on fill: RGB) -> String {
        RGB(hex: darkLabel).contrast(with: fill) >= RGB(hex: lightLabel).contrast(with: fill) ? darkLabel : lightLabel
    }
}
