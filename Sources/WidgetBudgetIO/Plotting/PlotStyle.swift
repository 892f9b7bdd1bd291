/// The look shared by every plot: sizes, fonts and colours.
///
/// Colours come from Okabe and Ito's palette, which stays distinct for the common kinds of colour
/// blindness; the freshness heat map uses ColorBrewer's red–blue scale for the same reason.
enum PlotStyle {
    /// Default canvas, in pixels.
    static let width = 960
    /// Default canvas height, in pixels.
    static let height = 500
    /// The SVG terminal's font (the browser picks its sans-serif face) and size in points.
    static let svgFont = "sans-serif,13"
    /// The PNG terminal's font (fontconfig's sans) and size in points.
    static let pngFont = "sans,11"

    /// Series colours, in order: one per widget or scenario.
    static let series = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"]
    /// The colour of series `index` (cycling).
    static func color(_ index: Int) -> String { series[index % series.count] }

    /// Shading of stretches when a reload waited for budget.
    static let exhausted = "#D55E00"
    /// Shading of the typical daily budget band (40–70).
    static let budgetBand = "#009E73"
    /// Grid lines.
    static let grid = "#d9d9d9"
    /// Infeasible candidates and missing cells.
    static let muted = "#b0b0b0"
    /// The age curve's line and its fill.
    static let age = "#0072B2"
    /// The fill under the age curve (opaque, so shading behind it does not mix in).
    static let ageFill = "#cfe2f3"
    /// Render marks.
    static let render = "#555555"
    /// Free (not charged) reloads.
    static let freeReload = "#009E73"

    /// The typical daily budget WidgetKit gives a frequently viewed widget.
    static let typicalBudget = 40...70

    /// The legend under the plot, at most three entries a row: gnuplot spreads more columns over the
    /// full width, and the last sample then touches the image's right edge (cut off in the SVG).
    static let keyBelow = "set key below center horizontal nobox noopaque height 1 samplen 2 maxcols 3"

    /// Red (stale) through white to blue (fresh), for percentages 0…100.
    static let freshnessPalette = "set palette defined (0 '#b2182b', 25 '#ef8a62', 50 '#f7f7f7', 75 '#67a9cf', 100 '#2166ac')"
    /// Light yellow through green to dark blue (viridis-like), for memory and objective values.
    static let sequential = PlotPalette(stops: [(0, "#fde725"), (0.5, "#21918c"), (1, "#3b0f70")])
    /// The `set palette` command of ``sequential``.
    static let sequentialPalette = sequential.command

    /// Settings every plot begins with (after the terminal).
    static let preamble = [
        "set border 3 lc rgb '#444444'",
        "set tics nomirror out",
        "set grid back lc rgb '\(grid)' lw 1",
    ]
}
