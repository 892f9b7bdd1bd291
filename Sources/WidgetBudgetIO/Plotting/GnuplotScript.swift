/// A gnuplot script that draws one figure twice, as SVG and as PNG, from CSV files beside it.
///
/// Everything the figure needs is in the folder: rerunning `gnuplot NAME.gp` there redraws
/// `NAME.svg` and `NAME.png`, so a user can tweak the script and try again. The body is written once
/// inside a loop over the two terminals, so an edit applies to both images.
public struct GnuplotScript: Sendable, Equatable {
    /// The base file name: the script is `name.gp`, the images `name.svg` and `name.png`.
    public var name: String
    /// The canvas width, in pixels.
    public var width: Int
    /// The canvas height, in pixels.
    public var height: Int
    /// What the figure shows, for the script's header comment (program text, never user text).
    public var purpose: String
    /// The data files the script reads.
    public var dataFiles: [String]
    /// The commands that set up and draw the figure, run once per terminal.
    public private(set) var body: [String] = []

    /// Starts a script.
    public init(name: String, width: Int = 960, height: Int = 500, purpose: String, dataFiles: [String]) {
        self.name = name
        self.width = width
        self.height = height
        self.purpose = purpose
        self.dataFiles = dataFiles
        body = PlotStyle.preamble
    }

    /// Appends one command. Text from outside the program must already be quoted with
    /// ``GnuplotText/quoted(_:)``.
    public mutating func add(_ command: String) {
        body.append(command)
    }

    /// Appends the `set title` command for `text` (user text allowed), wrapped into lines that fit
    /// the canvas (``GnuplotText/title(_:width:maximumLines:)``).
    public mutating func title(_ text: String) {
        body.append(GnuplotText.title(text, width: width))
    }

    /// Appends a `plot` command of several series, one per continuation line.
    public mutating func plot(_ series: [String]) {
        guard !series.isEmpty else { return }
        for (i, item) in series.enumerated() {
            let head = i == 0 ? "plot " : "     "
            body.append(head + item + (i + 1 < series.count ? ", \\" : ""))
        }
    }

    /// The script's text.
    public var text: String {
        var lines = [
            "# \(GnuplotText.sanitized(purpose))",
            "# Written by widgetbudget. To redraw both images after an edit, run in this folder:",
            "#   gnuplot \(name).gp        (writes \(name).svg and \(name).png)",
            "# Data: " + dataFiles.joined(separator: ", "),
            "set encoding utf8",
            "set datafile separator comma",
            "set datafile columnheaders",
            "do for [format in \"svg png\"] {",
            "    if (format eq \"svg\") {",
            "        set terminal svg size \(width),\(height) fixed noenhanced font \"\(PlotStyle.svgFont)\" background rgb \"white\"",
            "        set output " + GnuplotText.quoted(name + ".svg"),
            "    } else {",
            "        set terminal pngcairo size \(width),\(height) noenhanced font \"\(PlotStyle.pngFont)\" background rgb \"white\"",
            "        set output " + GnuplotText.quoted(name + ".png"),
            "    }",
        ]
        lines += body.map { "    " + $0 }
        lines += ["    unset output", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The script file's name.
    public var fileName: String { name + ".gp" }
}
