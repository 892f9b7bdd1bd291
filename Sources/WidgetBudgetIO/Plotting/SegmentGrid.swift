import WidgetBudgetKit

/// The cells of the segment map: for a schedule search (`optimize.schedule`), the evaluated
/// schedules that equal the reference schedule except in one segment.
///
/// Row `s` is the reference's segment `s`, column `c` the interval `intervals[c]`; the cell holds the
/// candidate whose schedule is the reference's with segment `s` set to that interval (same spacing,
/// entries and alignment), or `nil` when no such schedule was evaluated. The reference's own cells
/// (one per row) hold the reference itself.
struct SegmentGrid {
    /// The schedule the others are compared with: the recommended (best) candidate, or the
    /// top-ranked schedule when none is feasible.
    var reference: PlottedCandidates.Row
    /// True when ``reference`` is the table's best (recommended) candidate.
    var isRecommended: Bool
    /// The segments, in the reference schedule's order.
    var segments: [TimeWindow]
    /// The intervals, shortest first, `nil` (`never`) last.
    var intervals: [Double?]
    /// `cells[s][c]`: the candidate in segment `s`'s row and interval `c`'s column.
    var cells: [[PlottedCandidates.Row?]]

    /// The grid of `table`'s schedule candidates, or `nil` when it holds none. The columns are
    /// `intervals` (the run's `schedule_after`) and every interval a candidate uses.
    init?(_ table: PlottedCandidates, intervals listed: [Double?]) {
        let schedules = table.rows.filter { !$0.candidate.schedule.isEmpty }
        guard !schedules.isEmpty else { return nil }
        let best = table.best.map { table.rows[$0] }.flatMap { $0.candidate.schedule.isEmpty ? nil : $0 }
        guard let reference = best ?? schedules.min(by: { table.isBetter($0, than: $1) }) else { return nil }
        self.reference = reference
        isRecommended = best != nil
        let base = reference.candidate.schedule
        segments = base.map(\.window)
        let all = Set(listed + schedules.flatMap { $0.candidate.schedule.map(\.after) })
        let columns = all.sorted { ($0 ?? .infinity) < ($1 ?? .infinity) }
        intervals = columns
        // The evaluated schedules of the reference's shape, by their text (as `candidates.csv` tells them apart).
        var found: [String: PlottedCandidates.Row] = [:]
        for r in schedules
        where r.spacing == reference.spacing && r.entries == reference.entries && r.candidate.align == reference.candidate.align {
            let key = ScheduleSegment.describe(r.candidate.schedule)
            if let old = found[key], !table.isBetter(r, than: old) { continue }
            found[key] = r
        }
        cells = base.indices.map { s in
            columns.map { after in
                var changed = base
                changed[s].after = after
                return found[ScheduleSegment.describe(changed)]
            }
        }
    }

    /// The column label of an interval: `10m`, or `never`.
    static func label(_ after: Double?) -> String {
        after.map(DurationFormat.string) ?? "never"
    }
}
