import WidgetBudgetKit

extension OptimizationPlots {
    /// The segment × interval figure from the candidates table of a schedule search, or `nil` when
    /// the table holds no schedule. `intervals` are the run's `schedule_after` (`nil` is `never`).
    public static func segmentMap(candidates: CSVTable, scenarioName: String, objective: OptimizationObjective, intervals: [Double?] = [])
        throws -> PlotSpec?
    {
        segmentMap(try PlottedCandidates(candidates, pareto: nil, objective: objective), scenarioName: scenarioName, intervals: intervals)
    }

    /// For a schedule search: one row per segment, one column per interval, each cell the objective
    /// of the schedule that is the recommended one except in that row's segment (``SegmentGrid``).
    ///
    /// Data: `segment-map.csv` (the evaluated cells: `x, y, segment, after, objective, feasible, best,
    /// schedule` and ``CellMap/columns``) and, when some were never evaluated, `segment-map-empty.csv` (`x, y, segment, after`),
    /// drawn grey. The first segment is the top row.
    static func segmentMap(_ table: PlottedCandidates, scenarioName: String, intervals: [Double?]) -> PlotSpec? {
        guard let grid = SegmentGrid(table, intervals: intervals) else { return nil }
        let name = "segment-map"
        let segments = grid.segments.map(\.description)
        let shading = CellMap.Shading(
            values: grid.cells.joined().compactMap { $0 }.filter(\.feasible).map { $0.objective * table.scale },
            higherIsBetter: table.objective.higherIsBetter)
        let (filled, empty, evaluated) = segmentCells(grid, table: table, shading: shading)
        let file = PlotSpec.DataFile(
            name: name + ".csv", header: ["x", "y", "segment", "after", "objective", "feasible", "best", "schedule"] + CellMap.columns,
            rows: filled)
        let missing = PlotSpec.DataFile(name: name + "-empty.csv", header: ["x", "y", "segment", "after"], rows: empty)
        let files = empty.isEmpty ? [file] : [file, missing]
        var script = GnuplotScript(
            // At least the default height: the colour bar's label (the objective's, up to ~50 characters) fits beside it.
            name: name, height: max(PlotStyle.height, CellMap.height(rows: segments.count)),
            purpose: "The optimizer's objective for the schedules one segment away from the recommended one.", dataFiles: files.map(\.name))
        let others = grid.isRecommended ? "others as recommended" : "others as the top-ranked (none feasible)"
        script.title("\(scenarioName): \(table.objective.phrase) by segment and interval, \(others)")
        script.add("set xlabel 'reload interval in the segment (after)'")
        script.add("set ylabel 'segment of the day'")
        CellMap.frame(
            &script, columns: grid.intervals.map(SegmentGrid.label), rows: Array(segments.reversed()), table: table, shading: shading)
        var series: [String] = []
        if !empty.isEmpty {
            series.append(
                "'\(missing.name)' using \(CellMap.cell()) with boxxyerror fs solid 0.35 noborder fc rgb '\(PlotStyle.muted)' "
                    + "title 'not evaluated'")
        }
        let infeasible = evaluated.contains { !$0.feasible }
        let labels = filled.map { $0.suffix(CellMap.columns.count) }
        let points = CellMap.labelPoints(
            columns: grid.intervals.count, rows: segments.count, width: script.width, height: script.height,
            widest: labels.map { $0.first! }.max { TextWidth.ems($0) < TextWidth.ems($1) } ?? "")
        series += CellMap.series(
            file: file.name, feasible: evaluated.contains(where: \.feasible), infeasible: infeasible,
            labelPoints: filled.count <= 150 ? points : nil, whiteLabels: Set(labels.map { $0.last == "1" }), best: grid.isRecommended)
        script.plot(series)
        return PlotSpec(
            kind: .segmentMap, caption: caption(grid, table: table, infeasible: infeasible, empty: empty.count), script: script, data: files
        )
    }

    /// The rows of the segment map's two data files, row by row from the top segment, and the
    /// evaluated cells' candidates.
    private static func segmentCells(_ grid: SegmentGrid, table: PlottedCandidates, shading: CellMap.Shading) -> (
        filled: [[String]], empty: [[String]], evaluated: [PlottedCandidates.Row]
    ) {
        var filled: [[String]] = []
        var empty: [[String]] = []
        var evaluated: [PlottedCandidates.Row] = []
        for (s, row) in grid.cells.enumerated() {
            for (c, cell) in row.enumerated() {
                let place = [
                    String(c + 1), String(grid.segments.count - s), grid.segments[s].description, SegmentGrid.label(grid.intervals[c]),
                ]
                guard let cell else {
                    empty.append(place)
                    continue
                }
                evaluated.append(cell)
                filled.append(
                    place + [
                        PlotScale.number(cell.objective * table.scale), cell.feasible ? "1" : "0",
                        grid.isRecommended && cell.key == grid.reference.key ? "1" : "0", ScheduleSegment.describe(cell.candidate.schedule),
                    ] + shading.columns(objective: cell.objective * table.scale, feasible: cell.feasible))
            }
        }
        return (filled, empty, evaluated)
    }

    /// The segment map's one-sentence caption.
    private static func caption(_ grid: SegmentGrid, table: PlottedCandidates, infeasible: Bool, empty: Int) -> String {
        let which = grid.isRecommended ? "the recommended schedule" : "the top-ranked schedule (none is feasible)"
        var text =
            "\(table.objective.phrase.capitalizedFirst) of \(which) (\(ScheduleSegment.describe(grid.reference.candidate.schedule))) "
            + "with one segment changed: each row gives its segment the column's interval and keeps the others"
        if grid.isRecommended { text += ", the outlined cells are the recommended schedule itself" }
        if infeasible { text += ", hatched cells are infeasible" }
        let total = grid.segments.count * grid.intervals.count
        if empty > 0 { text += " and the \(empty) grey cells of \(total) are schedules the search never evaluated" }
        return text + "."
    }
}
