/// A grid of unit cells coloured by the optimizer's objective, shared by the objective map and the
/// segment map (``OptimizationPlots``).
///
/// The data file has one row per drawn cell with the columns `x`, `y` (the cell's centre, 1, 2, …),
/// `objective` (in the plotted unit), `feasible` and `best` (`1` or `0`); other columns are for the
/// reader. Feasible cells are filled on the sequential palette and labelled with their value,
/// infeasible ones hatched, the best one outlined.
enum CellMap {
    /// The canvas height for `rows` rows of cells, pixels.
    static func height(rows: Int) -> Int {
        min(1000, max(380, 170 + rows * 34))
    }

    /// Adds the axes (one tic per column and row, at 1, 2, …), the key and the palette with its
    /// label. Tic labels are program text (durations, counts, time windows), never user text.
    static func frame(_ script: inout GnuplotScript, columns: [String], rows: [String], table: PlottedCandidates) {
        script.add("set xrange [0.5:\(PlotScale.number(Double(columns.count) + 0.5))]")
        script.add("set yrange [0.5:\(PlotScale.number(Double(rows.count) + 0.5))]")
        script.add("set xtics (" + columns.enumerated().map { "\"\($1)\" \($0 + 1)" }.joined(separator: ", ") + ")")
        script.add("set ytics (" + rows.enumerated().map { "\"\($1)\" \($0 + 1)" }.joined(separator: ", ") + ")")
        script.add("set grid noxtics noytics")
        script.add(PlotStyle.keyBelow)
        // A one-sided quantity (an age, a fraction) on a sequential palette: light is good, dark is bad.
        script.add(PlotStyle.sequentialPalette + (table.objective.higherIsBetter ? "\nset palette negative" : ""))
        script.add("set cblabel '\(table.axisLabel)'")
    }

    /// The `using` columns of a cell (centre and corners), drawn only where `condition` holds when given.
    static func cell(when condition: String? = nil) -> String {
        let x = condition.map { "(\($0) ? column(\"x\") : NaN)" } ?? "(column(\"x\"))"
        return "\(x):(column(\"y\")):(column(\"x\")-0.5):(column(\"x\")+0.5):(column(\"y\")-0.5):(column(\"y\")+0.5)"
    }

    /// The plot series for the cells of `file`: feasible ones filled, infeasible ones hatched, values
    /// written in when `labels`, the best outlined; each only when the file holds such a cell.
    static func series(file: String, feasible: Bool, infeasible: Bool, labels: Bool, best: Bool) -> [String] {
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
        if labels {
            series.append(
                "'\(file)' using \"x\":\"y\":(column(\"objective\") >= 1000 ? sprintf('%.0f', column(\"objective\")) : gprintf('%.3g', column(\"objective\"))) with labels font ',9' tc rgb '#222222' notitle"
            )
        }
        if best {
            series.append(
                "'\(file)' using \(cell(when: "column(\"best\")==1")) "
                    + "with boxxyerror lc rgb '#000000' lw 3 fs empty border title 'best'")
        }
        return series
    }
}
