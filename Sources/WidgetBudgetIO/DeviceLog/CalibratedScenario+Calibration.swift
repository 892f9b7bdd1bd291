import WidgetBudgetKit

/// What the emitted scenario knows beyond the budget and the delays: the memory model, content and
/// views by time of day, and what it cannot be trusted for.
extension CalibratedScenario {
    /// True when some widget's log has `change` rows.
    static func contentLogged(_ a: DeviceLogAnalysis) -> Bool {
        a.widgets.contains { $0.changes + $0.predictableChanges > 0 }
    }

    /// What the emitted scenario cannot be trusted for, one sentence each: printed by `analyze` and
    /// written at the top of the scenario.
    public static func notes(_ a: DeviceLogAnalysis) -> [String] {
        var out: [String] = []
        if a.coveredSeconds / Seconds.hour < minimumHoursForRate {
            out.append(
                "uncertain: the log covers only \(NumberFormat.fixed(a.coveredSeconds / Seconds.hour, 1)) h, too short for rates: each "
                    + "count is taken as a day's, not extrapolated (log a few days)")
        }
        if !contentLogged(a) {
            out.append(
                "FRESHNESS CANNOT BE JUDGED: the log has no `change` rows, so the scenario has no content changes and every policy "
                    + "looks 100 % fresh; log WidgetLog.change() where the app learns of new data (docs/log-format.md)")
        }
        if let w = a.widgets.max(by: { $0.appReloads.answerDelay.exactCount < $1.appReloads.answerDelay.exactCount }),
            w.appReloads.answerDelay.fitted != nil, w.appReloads.answerDelay.exactCount < DelayEstimate.minimumExact
        {
            out.append(
                "uncertain: app_reload_delay rests on \(w.appReloads.answerDelay.exactCount) exact sample"
                    + "\(w.appReloads.answerDelay.exactCount == 1 ? "" : "s") (fewer than \(DelayEstimate.minimumExact))")
        }
        if let w = a.widgets.max(by: { $0.reloadDelay.exactCount < $1.reloadDelay.exactCount }), w.reloadDelay.fitted != nil,
            w.reloadDelay.exactCount < DelayEstimate.minimumExact
        {
            out.append(
                "uncertain: reload_delay rests on \(w.reloadDelay.exactCount) exact sample\(w.reloadDelay.exactCount == 1 ? "" : "s") "
                    + "(fewer than \(DelayEstimate.minimumExact))")
        }
        if let m = memoryWidget(a)?.1, m.uncertain {
            out.append(
                "uncertain: memory rests on \(m.timelines) timeline\(m.timelines == 1 ? "" : "s") of \(m.sizes) size\(m.sizes == 1 ? "" : "s") "
                    + "(fewer than \(MemoryCalibration.minimumTimelines) timelines or \(MemoryCalibration.minimumSizes) sizes)")
        }
        for w in a.widgets {
            for (what, count) in [("views", w.views), ("unpredictable changes", w.changes), ("predictable changes", w.predictableChanges)]
            where count > 0 && count < RateWindow.minimumCount {
                out.append(
                    "uncertain: \(comment(w.name)) \(what) rest on \(count) row\(count == 1 ? "" : "s") (fewer than \(RateWindow.minimumCount))"
                )
            }
        }
        return out
    }

    /// The memory model of the widget with the most likely kills (then the most timelines with a
    /// footprint), when the log has `memory_mb`.
    static func memory(_ a: DeviceLogAnalysis) -> [String] {
        guard let (w, m) = memoryWidget(a) else { return [] }
        let uncertain = m.uncertain ? "UNCERTAIN: " : ""
        let source = "\(comment(w.name)): \(m.timelines) timelines of \(m.sizes) size\(m.sizes == 1 ? "" : "s") with memory_mb"
        var y = ["memory:"]
        if m.baseFitted {
            y.append(
                "  base_mb: \(mbText(m.baseMB))   # \(uncertain)Theil–Sen line through the median footprint per timeline size; \(source)")
            let interval =
                m.perEntryInterval.map { "95 % interval \(kbText($0.lowerBound))–\(kbText($0.upperBound)) KB" }
                ?? "too few sizes for an interval"
            y.append("  per_entry_kb: \(kbText(m.perEntryKB))   # \(uncertain)its slope, \(interval)")
        } else {
            y.append(
                "  base_mb: \(mbText(m.baseMB))   # UNCERTAIN: assumed (fewer than \(MemoryCalibration.minimumSizes) timeline sizes: "
                    + "the line is not identified); \(source)")
            y.append("  per_entry_kb: \(kbText(m.perEntryKB))   # UNCERTAIN: through the median footprint and the assumed base")
        }
        var why: String
        switch (m.limitLower, m.limitUpper) {
        case let (lo?, hi?) where lo < hi:
            why = "the largest size that rendered takes \(mbText(lo)) MB, the smallest killed \(mbText(hi)) MB"
        case let (_, hi?): why = "timelines of \(mbText(hi)) MB and more were killed"
        case let (lo?, nil): why = "no kill; the largest timeline took \(mbText(lo)) MB"
        case (nil, nil): why = "no size to tell"
        }
        let typical = m.limitMB == MemoryCalibration.typicalLimitMB ? "; Apple's typical 30 MB fits" : ""
        y.append("  limit_mb: \(mbText(m.limitMB))   # \(why)\(typical)")
        if let retry = w.killRetry, retry.count >= KillRetry.minimumPairs {
            y.append(
                "  retry_after: \(DurationFormat.string(Swift.max(1, retry.shortest.rounded())))   # the shortest of \(retry.count) "
                    + "kill → retry gaps (median \(AnalysisText.duration(retry.median))): WidgetKit's reload delay comes on top")
        } else if m.limitUpper != nil {
            y.append(
                "  retry_after: 15m   # assumed (the default): \(w.killRetry?.count ?? 0) kill → retry pair"
                    + "\((w.killRetry?.count ?? 0) == 1 ? "" : "s") in the log, fewer than \(KillRetry.minimumPairs)")
        }
        return y
    }

    /// The widget whose memory model is emitted, and the model.
    static func memoryWidget(_ a: DeviceLogAnalysis) -> (WidgetLogAnalysis, MemoryCalibration)? {
        let fitted = a.widgets.compactMap { w in w.memoryCalibration.map { (w, $0) } }
        return fitted.max { x, z in (x.0.likelyKillCount, x.1.timelines) < (z.0.likelyKillCount, z.1.timelines) }
    }

    static func mbText(_ mb: Double) -> String { DurationFormat.number((mb * 10).rounded() / 10) }

    static func kbText(_ kb: Double) -> String { DurationFormat.number(kb.rounded()) }

    /// A Poisson process, or a list of them by time of day (``RateWindow``), for `counts` per hour
    /// of the day, with its comment.
    static func rateList(_ counts: [Int], _ a: DeviceLogAnalysis, rows: String) -> String {
        let covered = a.hourCoverage.map { $0 / Seconds.hour }
        let total = counts.reduce(0, +)
        let span = covered.reduce(0, +)
        if span < minimumHoursForRate {
            return "{poisson: {per_hour: \(rateText(Double(total) / minimumHoursForRate))}}   # UNCERTAIN: \(total) \(rows) rows in only "
                + "\(NumberFormat.fixed(span, 1)) h of log, too short for a rate (not extrapolated): taken as \(total) a day"
        }
        let windows = RateWindow.windows(counts: counts, coveredHours: covered)
        let hours = NumberFormat.fixed(covered.reduce(0, +), 1)
        let uncertain = total < RateWindow.minimumCount ? "UNCERTAIN: " : ""
        if windows.count == 1 {
            return "{poisson: {per_hour: \(rateText(windows[0].perHour))}}   # \(uncertain)\(total) \(rows) rows in \(hours) h, "
                + "the same rate at every hour of the day (95 % intervals overlap)"
        }
        let items = windows.filter { $0.count > 0 }.map { w in
            "{poisson: {per_hour: \(rateText(w.perHour))}, during: \"\(hourText(w.startHour))-\(hourText(w.endHour))\"}"
        }
        // Each rate is per hour of its own window: say what it was counted over.
        let counted = windows.filter { $0.count > 0 }.map { w in
            "\(hourText(w.startHour))-\(hourText(w.endHour)): \(w.count) in \(NumberFormat.fixed(w.coveredHours, 1)) h"
        }
        return "[" + items.joined(separator: ", ") + "]   # \(uncertain)\(total) \(rows) rows in \(hours) h of log; each rate is per "
            + "hour of its window (\(counted.joined(separator: "; "))); hourly rates merged into \(windows.count) windows where "
            + "their 95 % intervals overlap"
    }
}
