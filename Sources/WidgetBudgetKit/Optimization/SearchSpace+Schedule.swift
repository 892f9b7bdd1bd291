/// A search space of time-of-day schedules (`optimize.schedule`).
extension SearchSpace {
    /// One ``ScheduleSpace`` per distinct timeline shape (spacing, entry count, alignment; a single
    /// entry has neither spacing nor alignment), in canonical order; empty without ``schedule``.
    public var scheduleSpaces: [ScheduleSpace] {
        guard let schedule else { return [] }
        var shapes: [PolicyCandidate] = []
        for a in aligns {
            for s in spacings {
                for n in entries {
                    let c = PolicyCandidate(spacing: s, entries: n, align: a, policy: .never)
                    if !shapes.contains(c) { shapes.append(c) }
                }
            }
        }
        return shapes.sorted(by: PolicyCandidate.canonicalOrder).map { c in
            ScheduleSpace(
                segments: schedule.segments, afters: schedule.afters, entries: c.entries, spacing: c.spacing, align: c.align,
                firstOffset: firstOffset)
        }
    }

    /// The number of schedules: timeline shapes × |afters|^segments (saturating at `Int.max`).
    public var scheduleCount: Int {
        guard let schedule else { return 0 }
        let total = Double(scheduleSpaces.count) * schedule.count
        return total >= Double(Int.max) ? Int.max : Int(total)
    }
}
