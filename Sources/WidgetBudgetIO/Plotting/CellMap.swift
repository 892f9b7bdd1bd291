import Foundation

/// A grid of unit cells coloured by the optimizer's objective, shared by the objective map and the
/// segment map (``OptimizationPlots``).
///
/// The data file has one row per drawn cell with the columns `x`, `y` (the cell's centre, 1, 2, …),
/// `objective` (in the plotted unit), `feasible` and `best` (`1` or `0`), then ``columns``: the
/// label's text, the cell's fill (`rrggbb`, as gnuplot draws it from the palette) and whether the
/// label is white; other columns are for the reader. Feasible cells are filled on the sequential
/// palette and labelled with their value, in black or white, whichever contrasts more with the
/// fill; infeasible ones hatched, the best one outlined.
enum CellMap {
    /// The canvas height for `rows` rows of cells, pixels.
    static func height(rows: Int) -> Int {
        min(1000, max(380, 170 + rows * 34))
    }

    /// The columns ``Shading/columns(objective:feasible:)`` adds to each row.
    static let columns = ["label", "fill_rgb", "white_label"]

    /// The colour box of a map: its range, fixed in the script (`set cbrange`) so that the fill of
    /// each cell is known here, and the palette's direction.
    struct Shading {
        /// The lowest and highest objective on the colour box, in the plotted unit.
        var low: Double
        /// The highest.
        var high: Double
        /// True when the palette runs backwards (light is good, so a higher-is-better objective is reversed).
        var negative: Bool

        /// The box over the feasible cells' values (as written in the data file): their range, or,
        /// when they are all equal, a range around them so that their colour is the palette's middle.
        init(values: [Double], higherIsBetter: Bool) {
            let shown = values.compactMap { Double(PlotScale.number($0)) }.filter(\.isFinite)
            let low = shown.min() ?? 0, high = shown.max() ?? 1
            let pad = high > low ? 0 : max(abs(low), 1) / 2
            self.low = low - pad
            self.high = high + pad
            negative = higherIsBetter
        }

        /// The cell's fill: the palette colour of `objective`, or the grey of an infeasible cell's
        /// hatching (the label is read against that and the white between the lines).
        func fill(objective: Double, feasible: Bool) -> PlotPalette.RGB {
            guard feasible else { return PlotPalette.RGB(hex: PlotStyle.muted) }
            let shown = Double(PlotScale.number(objective)) ?? objective
            return PlotStyle.sequential.color(shown, low: low, high: high, negative: negative)
        }

        /// The ``CellMap/columns`` of a cell.
        func columns(objective: Double, feasible: Bool) -> [String] {
            let fill = fill(objective: objective, feasible: feasible)
            return [
                CellMap.label(objective), String(fill.hex.dropFirst()),
                PlotPalette.labelColor(on: fill) == PlotPalette.lightLabel ? "1" : "0",
            ]
        }

        /// The `set cbrange` command.
        var command: String { "set cbrange [\(PlotScale.number(low)):\(PlotScale.number(high))]" }
    }

    /// A cell's label: the objective with three significant digits, whole from 1000 up.
    static func label(_ objective: Double) -> String {
        let value = Double(PlotScale.number(objective)) ?? objective
        return abs(value) >= 1000 ? String(format: "%.0f", value) : String(format: "%.3g", value)
    }

    /// The label font's size in points for a grid of `columns` × `rows` cells on a canvas of
    /// `width` × `height` pixels, for labels as wide as `widest`: as large as fits 85 % of a cell's
    /// width and 55 % of its height, from 9 to 14 points. The plot area is estimated as the canvas
    /// less 330 px across (tic labels, axis label, colour box and its label) and less 170 px down
    /// (title, tic labels, axis label, key), as ``height(rows:)`` allows for.
    static func labelPoints(columns: Int, rows: Int, width: Int, height: Int, widest: String) -> Int {
        let cellWidth = Double(width - 330) / Double(max(columns, 1))
        let cellHeight = Double(height - 170) / Double(max(rows, 1))
        let byWidth = 0.85 * cellWidth / (max(TextWidth.ems(widest), 0.5) * TextWidth.pixelsPerEm(points: 1))
        let byHeight = 0.55 * cellHeight / TextWidth.pixelsPerEm(points: 1)
        return Int(min(max(min(byWidth, byHeight).rounded(.down), 9), 14))
    }

    /// Adds the axes (one tic per column and row, at 1, 2, …), the key, the palette with its
    /// label and the colour box's range. Tic labels are program text (durations, counts, time
    /// windows), never user text.
    static func frame(
        _ script: inout GnuplotScript, columns: [String], rows: [String], table: PlottedCandidates, shading: Shading
    ) {
        script.add("set xrange [0.5:\(PlotScale.number(Double(columns.count) + 0.5))]")
        script.add("set yrange [0.5:\(PlotScale.number(Double(rows.count) + 0.5))]")
        script.add("set xtics (" + columns.enumerated().map { "\"\($1)\" \($0 + 1)" }.joined(separator: ", ") + ")")
        script.add("set ytics (" + rows.enumerated().map { "\"\($1)\" \($0 + 1)" }.joined(separator: ", ") + ")")
        script.add("set grid noxtics noytics")
        script.add(PlotStyle.keyBelow)
        // A one-sided quantity (an age, a fraction) on a sequential palette: light is good, dark is bad.
        script.add(PlotStyle.sequentialPalette + (shading.negative ? "\nset palette negative" : ""))
        script.add(shading.command)
        script.add("set cblabel '\(table.axisLabel)'")
    }

    /// The `using` columns of a cell (centre and corners), drawn only where `condition` holds when given.
    static func cell(when condition: String? = nil) -> String {
        let x = condition.map { "(\($0) ? column(\"x\") : NaN)" } ?? "(column(\"x\"))"
        return "\(x):(column(\"y\")):(column(\"x\")-0.5):(column(\"x\")+0.5):(column(\"y\")-0.5):(column(\"y\")+0.5)"
    }

    /// The plot series for the cells of `file`: feasible ones filled, infeasible ones hatched, values
    /// written in at `labelPoints` (none when `nil`) in black and in white as the rows' `white_label`
    /// say (`whiteLabels`: which of the two occur), the best outlined; each only when the file holds such a cell.
    static func series(
        file: String, feasible: Bool, infeasible: Bool, labelPoints: Int?, whiteLabels: Set<Bool>, best: Bool
    ) -> [String] {
        var series: [String] = []
        if feasible {
            series.append(
                "'\(file)' using \(cell()):(column(\"feasible\")==1 ? column(\"objective\") : NaN) "
                    + "with boxxyerror fs solid 1.0 noborder fc palette notitle")
        }
        if infeasible {
            series.append(
                "'\(file)' using \(cell(when: "column(\"feasible\")==0")) "
                    + "with boxxyerror lc rgb '\(PlotStyle.muted)' fs pattern 4 border title 'infeasible'")
        }
        if let labelPoints {
            for white in [false, true] where whiteLabels.contains(white) {
                let color = white ? PlotPalette.lightLabel : PlotPalette.darkLabel
                series.append(
                    "'\(file)' using (column(\"white_label\")==\(white ? 1 : 0) ? column(\"x\") : NaN):\"y\":(stringcolumn(\"label\")) "
                        + "with labels font ',\(labelPoints)' tc rgb '\(color)' notitle")
            }
        }
        if best {
            series.append(
                "'\(file)' using \(cell(when: "column(\"best\")==1")) "
                    + "with boxxyerror lc rgb '#000000' lw 3 fs empty border title 'best'")
        }
        return series
    }
}
