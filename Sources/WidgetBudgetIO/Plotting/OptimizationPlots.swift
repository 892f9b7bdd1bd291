import Foundation
import WidgetBudgetKit

/// Figure 5, from the optimizer's files: the candidates' objective against charged reloads per day
/// (the Pareto front), and the objective over spacing × entries for the best policy, or, for a
/// schedule search, over segment × interval around the recommended schedule (the segment map).
///
/// Both read `candidates.csv` (columns `spacing_s, entries, align, policy, after_s, windows`, the
/// summary metrics, `objective, feasible, reason`) and optionally `pareto.csv` (the front's
/// candidates, same key columns) through ``CSVReader``.
public enum OptimizationPlots {
    /// The two figures for the optimizer's output folder (`Reports/<name>/optimize/`), or none when
    /// it holds no `candidates.csv`. When the candidates are schedules the segment map replaces the
    /// objective map, with the intervals of `run.csv` (when present) as its columns.
    /// - Throws: ``CSVError`` or ``PlotError`` for a malformed file.
    public static func specs(folder: String, scenarioName: String, objective: OptimizationObjective) throws -> [PlotSpec] {
        let candidatesPath = (folder as NSString).appendingPathComponent("candidates.csv")
        guard FileManager.default.fileExists(atPath: candidatesPath) else { return [] }
        let candidates = try CSVReader.read(path: candidatesPath)
        let paretoPath = (folder as NSString).appendingPathComponent("pareto.csv")
        let pareto = FileManager.default.fileExists(atPath: paretoPath) ? try CSVReader.read(path: paretoPath) : nil
        let recommendationPath = (folder as NSString).appendingPathComponent("recommendation.csv")
        let recommendation =
            FileManager.default.fileExists(atPath: recommendationPath) ? try CSVReader.read(path: recommendationPath) : nil
        let table = try PlottedCandidates(candidates, pareto: pareto, objective: objective, recommendation: recommendation)
        let intervals = table.rows.contains { !$0.candidate.schedule.isEmpty } ? try scheduleIntervals(folder: folder) : []
        let map = segmentMap(table, scenarioName: scenarioName, intervals: intervals) ?? objectiveMap(table, scenarioName: scenarioName)
        return [paretoFront(table, scenarioName: scenarioName), map]
    }

    /// The intervals a schedule search chose from (`schedule_after` in `run.csv`; `nil` is
    /// `never`), or none when the folder has no `run.csv` or the run searched no schedule.
    static func scheduleIntervals(folder: String) throws -> [Double?] {
        let path = (folder as NSString).appendingPathComponent("run.csv")
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let run = try CSVReader.read(path: path)
        let key = try run.requireColumn("key"), value = try run.requireColumn("value")
        guard let row = run.rows.first(where: { $0[key] == "schedule_after" }) else { return [] }
        return try row[value].split(separator: ";").map { text in
            if text == "never" { return nil }
            guard let seconds = DurationSyntax.seconds(String(text)) else {
                throw PlotError("\(run.name):\(row.line): schedule_after: cannot read '\(text)' (an interval such as 10m, or never)")
            }
            return seconds
        }
    }

    /// The Pareto-front figure from the two tables.
    public static func paretoFront(candidates: CSVTable, pareto: CSVTable?, scenarioName: String, objective: OptimizationObjective) throws
        -> PlotSpec
    {
        paretoFront(try PlottedCandidates(candidates, pareto: pareto, objective: objective), scenarioName: scenarioName)
    }

    /// The spacing × entries figure from the candidates table.
    public static func objectiveMap(candidates: CSVTable, scenarioName: String, objective: OptimizationObjective) throws -> PlotSpec {
        objectiveMap(try PlottedCandidates(candidates, pareto: nil, objective: objective), scenarioName: scenarioName)
    }

    // MARK: Figures

    static func paretoFront(_ table: PlottedCandidates, scenarioName: String) -> PlotSpec {
        let name = "pareto-front"
        let rows = table.rows
        let best = table.best
        // Ages spread over orders of magnitude (seconds to days) read best on a log scale, where 0
        // (always fresh) is drawn at half the smallest positive age or 1 second, whichever is less,
        // so that 0 and 0.04 s stay apart.
        let shown = rows.map { $0.objective * table.scale }
        let positive = shown.filter { $0 > 0 }
        let logScale = !table.objective.higherIsBetter && (positive.max() ?? 0) > 100 * (positive.min() ?? .infinity)
        let floor = min(table.scale, positive.min() ?? table.scale) / 2  // in the plotted unit
        func y(_ i: Int) -> String { PlotScale.number(logScale ? max(shown[i], floor) : shown[i]) }
        let points = PlotSpec.DataFile(
            name: name + ".csv",
            header: ["charged_per_day", "objective", "peak_memory_mb", "feasible", "on_front", "best", "candidate"],
            rows: rows.enumerated().map { i, r in
                [
                    PlotScale.number(r.chargedPerDay), y(i), PlotScale.number(r.peakMemoryMB),
                    r.feasible ? "1" : "0", r.onFront ? "1" : "0", i == best ? "1" : "0", r.label,
                ]
            })
        let frontRows = rows.indices.filter { rows[$0].onTradeOff }
            .sorted { (rows[$0].chargedPerDay, rows[$0].objective) < (rows[$1].chargedPerDay, rows[$1].objective) }
        let front = PlotSpec.DataFile(
            name: name + "-line.csv", header: ["charged_per_day", "objective", "candidate"],
            rows: frontRows.map { [PlotScale.number(rows[$0].chargedPerDay), y($0), rows[$0].label] })
        var script = GnuplotScript(
            name: name, height: 600, purpose: "The optimizer's candidates: objective against charged reloads per day.",
            dataFiles: [points.name, front.name])
        script.title("\(scenarioName): policies tried, \(table.objective.phrase) against charged reloads per day")
        script.add("set xlabel 'charged reloads per day'")
        if logScale {
            script.add("set ylabel '\(table.axisLabel.replacingOccurrences(of: "(minutes, ", with: "(minutes, log scale, "))'")
            script.add("set logscale y")
            script.add("set format y '%g'")
        } else {
            script.add("set ylabel '\(table.axisLabel)'")
        }
        let highest = max(rows.map(\.chargedPerDay).max() ?? 0, Double(PlotStyle.typicalBudget.upperBound))
        script.add("set xrange [0:\(PlotScale.number(highest * 1.08))]")
        script.add(PlotStyle.keyBelow)
        script.add(PlotStyle.sequentialPalette)
        script.add("set cblabel 'peak memory (MB)'")
        script.add(
            "set object 1 rectangle from first \(PlotStyle.typicalBudget.lowerBound), graph 0 to first \(PlotStyle.typicalBudget.upperBound), graph 1 "
                + "behind fc rgb '\(PlotStyle.budgetBand)' fs transparent solid 0.12 noborder")
        var series = [
            "NaN with boxes fc rgb '\(PlotStyle.budgetBand)' fs transparent solid 0.15 noborder "
                + "title 'typical budget \(PlotStyle.typicalBudget.lowerBound)–\(PlotStyle.typicalBudget.upperBound)/day'"
        ]
        if rows.contains(where: { !$0.feasible }) {
            series.append(
                "'\(points.name)' using \"charged_per_day\":(column(\"feasible\")==0 ? column(\"objective\") : NaN) "
                    + "with points pt 6 ps 1 lc rgb '\(PlotStyle.muted)' title 'infeasible'")
        }
        if rows.contains(where: \.feasible) {
            series.append(
                "'\(points.name)' using \"charged_per_day\":(column(\"feasible\")==1 ? column(\"objective\") : NaN):\"peak_memory_mb\" "
                    + "with points pt 7 ps 1.2 lc palette title 'feasible (colour: peak memory)'")
        }
        if !frontRows.isEmpty {
            series.append(
                "'\(front.name)' using \"charged_per_day\":\"objective\" with steps lw 2 lc rgb '#222222' "
                    + "title 'Pareto front: best \(table.objective.phrase) for the reloads'")
        }
        if rows.contains(where: \.onFront) {
            series.append(
                "'\(points.name)' using \"charged_per_day\":(column(\"on_front\")==1 ? column(\"objective\") : NaN) "
                    + "with points pt 6 ps 1.6 lw 1.2 lc rgb '#222222' title 'not beaten on objective, reloads and memory at once'")
        }
        if best != nil {
            series.append(
                "'\(points.name)' using \"charged_per_day\":(column(\"best\")==1 ? column(\"objective\") : NaN) "
                    + "with points pt 6 ps 3 lw 2.5 lc rgb '\(PlotStyle.exhausted)' title 'best'")
        }
        script.plot(series)
        let caption =
            "Policies the optimizer tried: \(table.objective.phrase) against charged reloads per day; the line is the Pareto front, "
            + "colour is peak memory, grey points are infeasible"
            + (logScale ? " (log scale; 0 is drawn at \(PlotScale.number(floor / table.scale)) s)." : ".")
        return PlotSpec(kind: .paretoFront, caption: caption, script: script, data: [points, front])
    }

    static func objectiveMap(_ table: PlottedCandidates, scenarioName: String) -> PlotSpec {
        let name = "objective-map"
        let bestRow = table.best.map { table.rows[$0] }
        // The best candidate's policy (reload policy, alignment, windows), over every spacing and size.
        var cells: [String: PlottedCandidates.Row] = [:]
        for r in table.rows where bestRow.map({ r.policyKey == $0.policyKey }) ?? true {
            let key = "\(r.spacing)|\(r.entries)"
            if let old = cells[key], !table.isBetter(r, than: old) { continue }
            cells[key] = r
        }
        let spacings = Array(Set(cells.values.map(\.spacing))).sorted()
        let sizes = Array(Set(cells.values.map(\.entries))).sorted()
        let ordered = cells.values.sorted { ($0.spacing, $0.entries) < ($1.spacing, $1.entries) }
        let shading = CellMap.Shading(
            values: ordered.filter(\.feasible).map { $0.objective * table.scale }, higherIsBetter: table.objective.higherIsBetter)
        let file = PlotSpec.DataFile(
            name: name + ".csv", header: ["x", "y", "spacing_s", "entries", "objective", "feasible", "best"] + CellMap.columns,
            rows: ordered.map { r in
                [
                    String(spacings.firstIndex(of: r.spacing)! + 1), String(sizes.firstIndex(of: r.entries)! + 1),
                    PlotScale.number(r.spacing),
                    String(r.entries), PlotScale.number(r.objective * table.scale), r.feasible ? "1" : "0",
                    bestRow.map { $0.spacing == r.spacing && $0.entries == r.entries ? "1" : "0" } ?? "0",
                ] + shading.columns(objective: r.objective * table.scale, feasible: r.feasible)
            })
        var script = GnuplotScript(
            name: name, height: CellMap.height(rows: sizes.count),
            purpose: "The optimizer's objective over spacing and entries for the best policy.", dataFiles: [file.name])
        let policy = bestRow?.policyText ?? "all policies"
        script.title("\(scenarioName): \(table.objective.phrase) by spacing and entries (\(policy))")
        script.add("set xlabel 'time between entries (spacing)'")
        script.add("set ylabel 'entries per timeline'")
        CellMap.frame(
            &script, columns: spacings.map { $0 == 0 ? "none" : DurationFormat.string($0) }, rows: sizes.map(String.init), table: table,
            shading: shading)
        let labels = ordered.map { shading.columns(objective: $0.objective * table.scale, feasible: $0.feasible) }
        let points = CellMap.labelPoints(
            columns: spacings.count, rows: sizes.count, width: script.width, height: script.height,
            widest: labels.map { $0[0] }.max { TextWidth.ems($0) < TextWidth.ems($1) } ?? "")
        let series = CellMap.series(
            file: file.name, feasible: ordered.contains(where: \.feasible), infeasible: ordered.contains { !$0.feasible },
            labelPoints: spacings.count * sizes.count <= 150 ? points : nil, whiteLabels: Set(labels.map { $0[2] == "1" }),
            best: bestRow != nil)
        script.plot(series)
        return PlotSpec(
            kind: .objectiveMap,
            caption: "\(table.objective.phrase.capitalizedFirst) by spacing and entries for the best policy (\(policy)).",
            script: script, data: [file])
    }
}

extension String {
    /// The string with its first letter in upper case.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
