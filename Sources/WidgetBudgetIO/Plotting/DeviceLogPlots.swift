import WidgetBudgetKit

/// The figures of `widgetbudget analyze`, per widget of the log: reloads per day against the
/// estimated budget, reloads and lateness by hour of the day, and (when the log has `memory_mb`)
/// the memory fit.
public enum DeviceLogPlots {
    /// How many widgets get figures by default: the busiest 20 (`analyze --plot-widgets`).
    public static let defaultWidgetLimit = 20

    /// The figures of an analysis, two per widget (three with `memory_mb`), for the `limit` busiest widgets
    /// (``plotted(_:limit:)``), in the analysis's widget order. A widget's file names do not
    /// depend on `limit`.
    public static func specs(_ a: DeviceLogAnalysis, limit: Int = defaultWidgetLimit) -> [PlotSpec] {
        var used: Set<String> = []
        let kept = plotted(a, limit: limit)
        return a.widgets.enumerated().flatMap { i, w -> [PlotSpec] in
            var slug = GnuplotText.slug(w.name, fallback: "widget-\(i + 1)")
            if !used.insert(slug).inserted { slug += "-\(i + 1)" }
            guard kept.contains(i) else { return [] }
            return [reloads(w, slug: slug), hours(w, slug: slug)] + (memory(w, slug: slug).map { [$0] } ?? [])
        }
    }

    /// The indices of the `limit` busiest widgets of `a`: the most `timeline` rows, the earlier in
    /// the analysis's order at equal counts.
    /// - Complexity: O(n log n) in the widgets.
    public static func plotted(_ a: DeviceLogAnalysis, limit: Int) -> Set<Int> {
        guard a.widgets.count > limit else { return Set(a.widgets.indices) }
        let order = a.widgets.indices.sorted { (a.widgets[$0].reloads, $1) > (a.widgets[$1].reloads, $0) }
        return Set(order.prefix(max(0, limit)))
    }

    /// Reloads per day as stacked bars (charged, then free on top), with the estimated budget (or
    /// the lower bound the busiest 24 hours give) and the days on which reloads stalled marked.
    static func reloads(_ w: WidgetLogAnalysis, slug: String) -> PlotSpec {
        let name = "log-reloads-\(slug)"
        let rows = w.days.enumerated().map { i, d in
            [
                String(i + 1), d.date, String(d.charged), String(d.exempt), String(d.charged + d.exempt),
                d.stalls > 0 ? String(d.charged + d.exempt) : "", NumberFormat.fixed(d.coveredHours, 2),
            ]
        }
        let file = PlotSpec.DataFile(
            name: name + ".csv", header: ["day", "date", "charged", "exempt", "total", "stalled_total", "covered_hours"], rows: rows)
        let highest = w.days.map { $0.charged + $0.exempt }.max() ?? 0
        let budget = w.budget
        let estimate = budget.daily
        let bound = max(highest, budget.maxChargedIn24h, estimate ?? 0, PlotStyle.typicalBudget.upperBound)
        let top = Double(bound) * 1.15
        var script = GnuplotScript(
            name: name, height: 480, purpose: "Reloads per day in a device log against the estimated daily budget.", dataFiles: [file.name])
        script.title("\(w.name): reloads per day in the log")
        script.add("set xlabel 'day (local date of the log)'")
        script.add("set ylabel 'reloads per day'")
        let count = max(1, w.days.count)
        script.add("set xrange [0.4:\(PlotScale.number(Double(count) + 0.6))]")
        script.add("set yrange [0:\(PlotScale.number(top))]")
        let every = max(1, Int((Double(count) / 12).rounded(.up)))
        let ticks = w.days.enumerated().map { i, d in
            "\"\(i % every == 0 ? String(d.date.dropFirst(5)) : "")\" \(i + 1)"
        }
        script.add("set xtics (" + ticks.joined(separator: ", ") + ")")
        script.add("set ytics 0,\(PlotScale.number(PlotScale.niceStep(top))) nomirror")
        script.add("set grid noxtics ytics")
        script.add(PlotStyle.keyBelow)
        script.add("set boxwidth 0.7")
        let band = PlotStyle.typicalBudget
        script.add(
            "set object 1 rectangle from graph 0, first \(band.lowerBound) to graph 1, first \(band.upperBound) behind "
                + "fc rgb '\(PlotStyle.budgetBand)' fs transparent solid 0.12 noborder")
        var series = [
            "NaN with boxes fc rgb '\(PlotStyle.budgetBand)' fs transparent solid 0.12 noborder title 'typical budget \(band.lowerBound)–\(band.upperBound)/day'",
            "'\(file.name)' using 'day':'total' with boxes fc rgb '\(PlotStyle.freeReload)' fs solid 0.6 noborder title 'free (app in foreground)'",
            "'\(file.name)' using 'day':'charged' with boxes fc rgb '\(PlotStyle.color(0))' fs solid 0.75 noborder title 'charged'",
            "'\(file.name)' using 'day':(column('stalled_total')+\(PlotScale.number(top * 0.03))) with points pt 9 ps 1.3 "
                + "lc rgb '\(PlotStyle.exhausted)' title 'a reload stalled (budget out?)'",
        ]
        if let estimate, let model = budget.model {
            let interval = budget.fits.first?.interval
            let range = interval.map { $0.lowerBound == $0.upperBound ? "" : ", \($0.lowerBound)–\($0.upperBound)" } ?? ""
            series.append(
                "\(estimate) with lines dt 2 lw 2 lc rgb '#333333' title "
                    + GnuplotText.quoted("estimated budget B = \(estimate)\(range) (\(model.rawValue))"))
        } else {
            series.append(
                "\(budget.maxChargedIn24h) with lines dt 3 lw 2 lc rgb '#333333' title "
                    + GnuplotText.quoted("busiest 24 h: \(budget.maxChargedIn24h) charged (B is at least this)"))
        }
        script.plot(series)
        let caption =
            estimate.map { "Reloads per day, charged and free, against the estimated budget B = \($0)." }
            ?? "Reloads per day, charged and free; the budget was never reached, so B is at least the busiest 24 hours."
        return PlotSpec(kind: .logReloads, caption: caption, widget: w.name, script: script, data: [file])
    }

    /// Reloads per day in each hour of the day (charged, and free on top), with the median and 90th
    /// percentile lateness of policy reloads on the right axis: lateness that grows through the day
    /// points at budget pressure. Without policy reloads (a `.never` widget) there is no lateness,
    /// and no right axis.
    static func hours(_ w: WidgetLogAnalysis, slug: String) -> PlotSpec {
        let name = "log-hours-\(slug)"
        let rows = w.hours.map { h in
            [
                String(h.hour), NumberFormat.fixed(h.reloadsPerDay, 4), NumberFormat.fixed(h.chargedPerDay, 4),
                h.latenessMedian.map { NumberFormat.fixed($0 / 60, 3) } ?? "", h.latenessP90.map { NumberFormat.fixed($0 / 60, 3) } ?? "",
            ]
        }
        let file = PlotSpec.DataFile(
            name: name + ".csv", header: ["hour", "reloads_per_day", "charged_per_day", "late_median_min", "late_p90_min"], rows: rows)
        let highest = w.hours.map(\.reloadsPerDay).max() ?? 0
        let top = max(1, highest * 1.2)
        let lateTop = max(1, (w.hours.compactMap(\.latenessP90).max() ?? 0) / 60 * 1.2)
        var script = GnuplotScript(
            name: name, height: 480, purpose: "Reloads and their lateness by hour of the day in a device log.", dataFiles: [file.name])
        script.title("\(w.name): reloads and lateness by hour of the day")
        script.add("set xlabel 'local hour of the day'")
        script.add("set ylabel 'reloads per day in that hour'")
        let hasLateness = w.hours.contains { $0.latenessMedian != nil }
        script.add("set xrange [-0.6:23.6]")
        script.add("set xtics 0,3,23 nomirror")
        script.add("set yrange [0:\(PlotScale.number(top))]")
        script.add("set ytics nomirror")
        if hasLateness {
            script.add("set y2label 'lateness of policy reloads (minutes)'")
            script.add("set y2range [0:\(PlotScale.number(lateTop))]")
            script.add("set y2tics")
        }
        script.add("set grid noxtics ytics")
        script.add(PlotStyle.keyBelow)
        script.add("set boxwidth 0.7")
        // The bar of all reloads is drawn first and the charged bar over it: what shows above the
        // charged part is the free reloads.
        var series = [
            "'\(file.name)' using 'hour':'reloads_per_day' with boxes fc rgb '\(PlotStyle.freeReload)' fs solid 0.6 noborder title 'free'",
            "'\(file.name)' using 'hour':'charged_per_day' with boxes fc rgb '\(PlotStyle.color(0))' fs solid 0.75 noborder title 'charged'",
        ]
        if hasLateness {
            series += [
                "'\(file.name)' using 'hour':(column('late_median_min')) axes x1y2 with linespoints lw 2 pt 7 ps 0.8 "
                    + "lc rgb '\(PlotStyle.exhausted)' title 'median lateness'",
                "'\(file.name)' using 'hour':(column('late_p90_min')) axes x1y2 with linespoints dt 2 lw 1.5 pt 6 ps 0.8 "
                    + "lc rgb '\(PlotStyle.exhausted)' title '90th percentile'",
            ]
        }
        script.plot(series)
        let caption =
            hasLateness
            ? "Reloads per day by local hour (charged, free on top), and how late policy reloads came."
            : "Reloads per day by local hour (charged, free on top); no policy reloads (e.g. a .never widget), so no lateness."
        return PlotSpec(kind: .logHours, caption: caption, widget: w.name, script: script, data: [file])
    }

    /// The memory fit (``MemoryCalibration``): the median `memory_mb` of each timeline size, sizes
    /// mostly killed marked apart, the fitted line `base + entries × per-entry`, and the limit to
    /// simulate; `nil` when no timeline logged its footprint.
    static func memory(_ w: WidgetLogAnalysis, slug: String) -> PlotSpec? {
        guard let fit = w.memoryCalibration else { return nil }
        let name = "log-memory-\(slug)"
        let sizes = w.memory.compactMap { m -> (entries: Int, mb: Double, killed: Bool, timelines: Int)? in
            guard let n = m.entries, let mb = m.medianMB else { return nil }
            return (n, mb, m.likelyKills * 2 > m.timelines, m.timelines)
        }
        let rows = sizes.map { s in
            [
                String(s.entries), String(s.timelines), s.killed ? "" : NumberFormat.fixed(s.mb, 3),
                s.killed ? NumberFormat.fixed(s.mb, 3) : "", NumberFormat.fixed(fit.footprint(entries: s.entries), 3),
            ]
        }
        let file = PlotSpec.DataFile(
            name: name + ".csv", header: ["entries", "timelines", "rendered_mb", "killed_mb", "fitted_mb"], rows: rows)
        let widest = Double(max(1, sizes.map(\.entries).max() ?? 1))
        let top = max(fit.limitMB, sizes.map(\.mb).max() ?? 0, fit.footprint(entries: Int(widest))) * 1.15
        var script = GnuplotScript(
            name: name, height: 480, purpose: "Memory per timeline size in a device log, the fitted line and the limit.",
            dataFiles: [file.name])
        script.title("\(w.name): memory per timeline size")
        script.add("set xlabel 'entries in the timeline'")
        script.add("set ylabel 'median memory_mb'")
        script.add("set xrange [0:\(PlotScale.number(widest * 1.1))]")
        script.add("set yrange [0:\(PlotScale.number(top))]")
        script.add("set grid xtics ytics")
        script.add(PlotStyle.keyBelow)
        let line = "\(NumberFormat.fixed(fit.baseMB, 1)) MB + \(NumberFormat.fixed(fit.perEntryKB, 1)) KB per entry"
        script.plot([
            "'\(file.name)' using 'entries':'rendered_mb' with points pt 7 ps 1.1 lc rgb '\(PlotStyle.color(0))' title 'rendered'",
            "'\(file.name)' using 'entries':'killed_mb' with points pt 9 ps 1.3 lc rgb '\(PlotStyle.exhausted)' title 'mostly killed'",
            "\(PlotScale.number(fit.baseMB)) + x * \(PlotScale.number(fit.perEntryKB / 1024)) with lines lw 2 lc rgb '#333333' title "
                + GnuplotText.quoted((fit.baseFitted ? "fitted: " : "assumed base: ") + line),
            "\(PlotScale.number(fit.limitMB)) with lines dt 2 lw 2 lc rgb '\(PlotStyle.exhausted)' title "
                + GnuplotText.quoted("limit to simulate: \(NumberFormat.fixed(fit.limitMB, 1)) MB"),
        ])
        let caption =
            "Median memory per timeline size (mostly killed sizes marked), the fitted line \(line) and the limit "
            + "\(NumberFormat.fixed(fit.limitMB, 1)) MB."
        return PlotSpec(kind: .logMemory, caption: caption, widget: w.name, script: script, data: [file])
    }
}
