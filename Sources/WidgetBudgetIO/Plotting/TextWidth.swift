/// The width of text as the plots draw it, estimated from DejaVu Sans's advance widths, so that
/// titles can be wrapped and labels sized before gnuplot runs.
///
/// DejaVu Sans is what fontconfig gives the PNG terminal for `sans` on Debian and the widest of the
/// common sans-serif faces a browser picks for the SVG (Helvetica, Arial and Roboto are narrower),
/// so a line that fits by this table fits in both images. The PNG terminal draws an `n`-point font
/// `n × 4/3` pixels to the em (measured: 50 capital Ms at `sans,11` span 650 px, 0.863 em each),
/// wider than the SVG's 13 px for ``PlotStyle/svgFont``.
enum TextWidth {
    /// Advance widths of ASCII 32 (space) to 126 (`~`) in DejaVu Sans, in units of 1/2048 em
    /// (measured in Chromium's canvas with the font at 2048 px).
    static let ascii: [Int] = [
        651, 821, 942, 1716, 1303, 1946, 1597, 563, 799, 799, 1024, 1716, 651, 739, 651, 690,
        1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 690, 690, 1716, 1716, 1716, 1087,
        2048, 1401, 1405, 1430, 1577, 1294, 1178, 1587, 1540, 604, 604, 1343, 1141, 1767, 1532, 1612,
        1235, 1612, 1423, 1300, 1251, 1499, 1401, 2025, 1403, 1251, 1403, 799, 690, 799, 1716, 1024,
        1024, 1255, 1300, 1126, 1300, 1260, 721, 1300, 1298, 569, 569, 1186, 569, 1995, 1298, 1253,
        1300, 1300, 842, 1067, 803, 1298, 1212, 1675, 1212, 1212, 1075, 1303, 690, 1303, 1716,
    ]

    /// The width of `text` in ems. A character outside ASCII counts as one em (the ellipsis is
    /// exactly that, an en dash half, accented Latin letters less; CJK ideographs are one em).
    static func ems(_ text: String) -> Double {
        text.unicodeScalars.reduce(0.0) { sum, scalar in
            let v = Int(scalar.value)
            return sum + (v >= 32 && v < 127 ? Double(ascii[v - 32]) / 2048 : 1)
        }
    }

    /// Pixels to the em of a font of `points` points in the wider of the two images: the PNG
    /// terminal's `points × 4/3` (the SVG terminal writes the same number as `font-size` in pixels).
    static func pixelsPerEm(points: Double) -> Double {
        points * 4 / 3
    }

    /// The width of `text` in pixels at `points` (the PNG terminal's default size when omitted).
    static func pixels(_ text: String, points: Double = defaultPoints) -> Double {
        ems(text) * pixelsPerEm(points: points)
    }

    /// The PNG terminal's font size, points (``PlotStyle/pngFont``).
    static let defaultPoints = 11.0
}
