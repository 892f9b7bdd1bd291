extension WidgetLogState {
    /// The widget's analysis once the whole log has streamed through.
    /// - Parameters:
    ///   - hourCoverage: hours of each hour of the day the log covers.
    ///   - dayCoverage: seconds of each local day the log covers.
    func summary(hourCoverage: [Double], dayCoverage: [Int: Double]) -> WidgetLogAnalysis {
        var settled = self
        let budget = settled.settleHeldRequests()
        return settled.summary(budget: budget, hourCoverage: hourCoverage, dayCoverage: dayCoverage)
    }

    /// The budget estimate, once every reload suspected of being a held app request is settled:
    /// held for budget when the fitted model says budget came back when it came, else a retry
    /// after a kill (the timeline before it is a likely kill) and the budget estimated again.
    mutating func settleHeldRequests() -> BudgetEstimate {
        let budget = BudgetEstimator.estimate(reloads, settings: settings)
        guard !heldForBudget.isEmpty else { return budget }
        var explained = Set<Double>()
        if let model = budget.model {
            for s in budget.stalls {
                if let back = s.predictedEnd[model], abs(s.end - back) <= settings.resumeTolerance { explained.insert(s.end) }
            }
        }
        var changed = false
        for held in heldForBudget where !explained.contains(reloads[held.reload].time) {
            reloads[held.reload].markUnprompted()
            kill(held.previous, reason: .unpromptedReload)
            changed = true
        }
        heldForBudget = []
        kills.sort { $0.time < $1.time }
        return changed ? BudgetEstimator.estimate(reloads, settings: settings) : budget
    }

    private func summary(budget: BudgetEstimate, hourCoverage: [Double], dayCoverage: [Int: Double]) -> WidgetLogAnalysis {
        let delays = ReloadDelaySampler.samples(reloads, budget: budget, lateApps: lateApps, settings: settings)

        var latenessByHour = [[Double]](repeating: [], count: 24)
        for sample in lateness {
            latenessByHour[Swift.min(23, Int(Double(sample.secondsOfDay) / Seconds.hour))].append(Double(sample.lateness))
        }

        var stallsByDay: [Int: (count: Int, longest: Double, first: Double)] = [:]
        for s in budget.stalls {
            let day = LocalTime.day(s.start, offset: s.utcOffset)
            var entry = stallsByDay[day] ?? (0, 0, LocalTime.secondsOfDay(s.start, offset: s.utcOffset))
            entry.count += 1
            entry.longest = Swift.max(entry.longest, s.duration)
            stallsByDay[day] = entry
        }
        let allDays = Set(days.keys).union(dayCoverage.keys).union(stallsByDay.keys).sorted()
        let dayRows = allDays.map { day -> LogDay in
            let t = days[day] ?? DayTally()
            let stalls = stallsByDay[day]
            return LogDay(
                day: day, coveredHours: (dayCoverage[day] ?? 0) / Seconds.hour, reloads: t.reloads, charged: t.charged,
                exempt: t.exempt, appRequests: t.appRequests, coalesced: t.coalesced, stalls: stalls?.count ?? 0,
                longestStall: stalls?.longest ?? 0, exhaustedAt: stalls?.first, snapshots: t.snapshots, placeholders: t.placeholders,
                views: t.views, likelyKills: t.likelyKills)
        }
        let hourRows = (0..<24).map { h -> LogHour in
            let sorted = latenessByHour[h].sorted()
            return LogHour(
                hour: h, coveredHours: hourCoverage[h] / Seconds.hour, reloads: hourReloads[h], charged: hourCharged[h],
                latenessCount: sorted.count, latenessMedian: Quantiles.of(sorted: sorted, 0.5),
                latenessP90: Quantiles.of(sorted: sorted, 0.9), views: hourViews[h], changes: hourChanges[h],
                predictableChanges: hourPredictableChanges[h])
        }
        var appTally = app
        appTally.answerDelay = DelayEstimate(sample: delays.app)
        appTally.deferred += delays.deferred
        appTally.ignored += delays.ignored
        let memoryRows = memory.keys.sorted().map { size -> TimelineSizeMemory in
            let m = memory[size]!
            return TimelineSizeMemory(
                entries: size < 0 ? nil : size, timelines: m.timelines, peakMB: m.peakMB, likelyKills: m.likelyKills, medianMB: m.medianMB)
        }
        let charged = reloads.reduce(0) { $0 + ($1.charged ? 1 : 0) }
        return WidgetLogAnalysis(
            kind: kind, family: family, instance: instance, instanceInferred: instanceInferred, reloads: reloads.count, charged: charged,
            exempt: reloads.count - charged,
            snapshots: snapshots, placeholders: placeholders, views: views,
            shortestGap: shortestGap.isFinite ? shortestGap : nil, days: dayRows, hours: hourRows,
            lateness: LatenessSummary(lateness), budget: budget,
            reloadDelay: DelayEstimate(sample: delays.policy),
            appReloads: appTally, memory: memoryRows, likelyKills: kills, likelyKillCount: killCount, shape: shapes.mostCommon,
            changes: changes, predictableChanges: predictableChanges,
            killRetry: KillRetry(gaps: retryGaps.map(Double.init)),
            predictableGrid: ChangeGrid.find(
                onGrid: predictableOnGrid, total: predictableChanges, coveredSeconds: hourCoverage.reduce(0, +)))
    }
}
