import Foundation
import WidgetBudgetKit

/// The scenario YAML `widgetbudget analyze --emit-scenario` writes: the log's widgets with the
/// provider policy seen, and WidgetKit and the app as measured — reload delays, budget and model,
/// app reload and foreground rates by hour of day — each number with a comment saying where it
/// came from. It loads with ``ScenarioLoader`` and runs with `simulate` and `optimize`.
public enum CalibratedScenario {
    /// A rate process whose counts differ by hour of day more than chance allows (χ² at the 1 %
    /// level) is written per hour; otherwise as one rate.
    static let minimumCountForHours = 24
    /// A log covering fewer hours than this gives no rate: "5 reloads in 40 minutes" is not 180 a
    /// day. Its counts are taken as a day's, and marked uncertain.
    static let minimumHoursForRate = 24.0

    /// The YAML text.
    /// - Parameters:
    ///   - files: the log files (named in the header comment).
    ///   - timeZone: the user's zone when given (`--timezone`); otherwise one is found that matches
    ///     the log's UTC offsets.
    public static func yaml(_ a: DeviceLogAnalysis, files: [String], timeZone: TimeZone?, name: String) -> String {
        var y: [String] = []
        let names = files.map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")
        y.append("# Calibrated by `widgetbudget analyze` from \(comment(names)):")
        y.append(
            "# \(LocalTime.dateTimeString(a.firstTime, offset: a.firstOffset)) to "
                + "\(LocalTime.dateTimeString(a.lastTime, offset: a.offsets.last ?? a.firstOffset)), "
                + "\(NumberFormat.fixed(a.coveredDays, 1)) days observed, \(a.records) rows.")
        y.append("# Every number says where it came from; those marked 'assumed' are not in the log. See docs/analyze.md.")
        for note in notes(a) { y.append("# " + comment(note)) }
        y.append("name: " + quoted(name))
        y.append("description: " + quoted("Calibrated from the device log " + names + "."))
        let startMinute = (a.firstTime + a.firstOffset) / 60
        let wall = startMinute.rounded(.down) * 60
        let startText =
            LocalTime.dateString(day: Int((wall / Seconds.day).rounded(.down))) + "T"
            + LocalTime.clockString(wall - (wall / Seconds.day).rounded(.down) * Seconds.day) + ":00"
        y.append("start: \(startText)   # the log's first row, local time")
        let zone = zoneLine(a, timeZone: timeZone)
        y.append("timezone: " + quoted(zone.identifier) + "   # " + zone.comment)
        let days = Swift.max(1, Int((a.lastTime - a.firstTime) / Seconds.day + 0.999))
        y.append("days: \(days)   # the log's span")
        y.append("replications: 20")
        y.append("seed: 1")
        y += budget(a)
        y += memory(a)
        y += system(a)
        y += widgets(a)
        y += app(a)
        if !contentLogged(a) {
            y.append("calibration:")
            y.append("  content_logged: false   # no `change` rows: optimize refuses freshness and age objectives on this scenario")
        }
        return y.joined(separator: "\n") + "\n"
    }

    // MARK: Sections

    static func budget(_ a: DeviceLogAnalysis) -> [String] {
        let ranked = a.widgets.sorted { x, z in
            if x.budget.explained != z.budget.explained { return x.budget.explained }
            if x.budget.stalls.count != z.budget.stalls.count { return x.budget.stalls.count > z.budget.stalls.count }
            return x.reloads > z.reloads
        }
        guard let w = ranked.first else { return [] }
        var y = ["budget:"]
        if let fit = w.budget.fits.first, w.budget.explained {
            let daily =
                fit.interval.lowerBound == fit.interval.upperBound
                ? String(fit.daily) : quoted("\(fit.interval.lowerBound)...\(fit.interval.upperBound)")
            y.append(
                "  daily: \(daily)   # \(comment(w.name)): best B = \(fit.daily), \(fit.stallsExplained) of \(fit.stalls) stalls explained, "
                    + "\(fit.violations) refused reloads; busiest 24 h held \(w.budget.maxChargedIn24h) charged reloads")
            var why = "\(comment(w.name)): best of the three models at predicting when stalled reloads resumed"
            if w.budget.fits.count > 1 {
                let next = w.budget.fits[1]
                why +=
                    w.budget.undecided
                    ? "; \(next.model.rawValue) fits exactly as well (the log cannot tell them apart)"
                    : "; next \(next.model.rawValue): \(next.stallsExplained) of \(next.stalls) explained"
            }
            y.append("  model: \(fit.model.rawValue)   # " + why)
        } else {
            let m = Swift.max(1, w.budget.maxChargedIn24h)
            let high = Swift.max(m, 70)
            y.append(
                "  daily: " + (high == m ? String(m) : quoted("\(m)...\(high)"))
                    + "   # \(comment(w.name)): "
                    + (w.budget.stalls.isEmpty ? "never exhausted" : "stalls not explained by any budget model")
                    + ", so at least the busiest 24 h (\(m) charged); "
                    + "the upper end is assumed (Apple's typical 70)")
            y.append("  model: rolling-24h   # assumed: the model cannot be told; rolling-24h is the conservative default")
        }
        if w.budget.explained, w.views > 0, a.coveredDays > 0 {
            // Views logged without `instance` are every inferred copy's: a copy's share.
            let share = w.instanceInferred ? Double(a.widgets.filter { $0.kind == w.kind && $0.family == w.family }.count) : 1
            let perDay = Double(w.views) / share / a.coveredDays
            y.append(
                "  # effective: the budget this copy had while seen \(NumberFormat.fixed(perDay, 1)) times a day. If Apple scales B by views "
                    + "(budget.by_views), the full B is larger, but one view rate cannot tell B from full_at_views, so the budget is "
                    + "written as measured (by_views off): a policy tuned here is tuned for this rate of views")
        }
        for other in ranked.dropFirst() {
            y.append("  # \(comment(other.name)): budget \(AnalysisText.budgetShort(other.budget))")
        }
        return y
    }

    static func system(_ a: DeviceLogAnalysis) -> [String] {
        var y = ["system:"]
        if let w = a.widgets.max(by: { $0.reloadDelay.exactCount < $1.reloadDelay.exactCount }), let fit = w.reloadDelay.fitted {
            let d = w.reloadDelay
            y.append(
                "  reload_delay: \(AnalysisText.delayYAML(fit))   # \(d.exactCount < DelayEstimate.minimumExact ? "UNCERTAIN: " : "")"
                    + "\(comment(w.name)): \(d.exactCount) exact and \(d.censoredCount) censored "
                    + "policy reloads, median \(AnalysisText.duration(d.median)), p90 \(AnalysisText.duration(d.p90)), "
                    + "KS distance \(NumberFormat.fixed(d.fitDistance ?? 0, 2))")
        } else {
            y.append("  reload_delay: 0s   # assumed: no policy reload came exactly when due")
        }
        if let w = a.widgets.max(by: { $0.appReloads.answerDelay.exactCount < $1.appReloads.answerDelay.exactCount }),
            let fit = w.appReloads.answerDelay.fitted
        {
            let d = w.appReloads.answerDelay
            y.append(
                "  app_reload_delay: \(AnalysisText.delayYAML(fit))   # \(d.exactCount < DelayEstimate.minimumExact ? "UNCERTAIN: " : "")"
                    + "\(comment(w.name)): \(d.exactCount) app requests answered with "
                    + "nothing else to wait for, median \(AnalysisText.duration(d.median))")
        }
        let gaps = a.widgets.compactMap(\.shortestGap)
        // A scenario needs at least 1 s (SystemSettings.smallestReloadInterval); a smaller assumption
        // (`--min-interval 0`) is written as that, and said.
        let assumed = a.settings.minReloadInterval
        let interval = max(assumed, SystemSettings.smallestReloadInterval)
        y.append(
            "  min_reload_interval: \(DurationFormat.string(interval))   # assumed"
                + (interval > assumed ? " (--min-interval \(DurationFormat.string(assumed)) raised to the smallest a scenario takes)" : "")
                + (gaps.min().map { "; the shortest time between two reloads in the log: \(AnalysisText.duration($0))" } ?? ""))
        return y
    }

    /// The copies of each widget (kind and family), in log order: one, or the copies the `instance`
    /// column named, or those inferred (an inferred copy with under a fifth of the busiest copy's
    /// reloads is left out: a stray pair of close timelines, not a widget on the Home Screen).
    static func copies(_ a: DeviceLogAnalysis) -> [[WidgetLogAnalysis]] {
        var order: [String] = []
        var groups: [String: [WidgetLogAnalysis]] = [:]
        for w in a.widgets {
            let key = w.kind + "\u{0}" + w.family
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(w)
        }
        return order.map { key in
            let group = groups[key]!
            let most = group.map(\.reloads).max() ?? 0
            return group.filter { !$0.instanceInferred || $0.reloads * 5 >= most }
        }
    }

    static func widgets(_ a: DeviceLogAnalysis) -> [String] {
        var y = ["widgets:"]
        let groups = copies(a)
        var kindsSeen: [String: Int] = [:]
        for g in groups { kindsSeen[g[0].kind, default: 0] += 1 }
        for group in groups {
            let w = group.max { $0.reloads < $1.reloads }!
            let n = group.count
            y.append("  - kind: " + quoted(w.kind))
            if kindsSeen[w.kind]! > 1 { y.append("    name: " + quoted(w.family.isEmpty ? w.kind : w.kind + "-" + w.family)) }
            if !w.family.isEmpty { y.append("    family: " + quoted(w.family)) }
            if n > 1 {
                let how =
                    w.instanceInferred
                    ? "inferred: the log has no instance column, and timelines came in \(n) interleaved series closer together "
                        + "than WidgetKit reloads one widget (\(group.map { String($0.reloads) }.joined(separator: ", ")) reloads)"
                    : "the log's instance column names \(n) (\(group.map { comment($0.instance) }.joined(separator: ", ")))"
                y.append("    instances: \(n)   # \(how); budget, delays and memory are per copy")
            }
            if let shape = w.shape {
                y.append(
                    "    provider: \(provider(shape.provider))   # the timeline seen most: \(shape.matching) of \(shape.total)")
            } else {
                let gap = w.days.isEmpty || w.reloads < 2 ? 900 : (a.coveredSeconds / Double(w.reloads)).rounded()
                y.append(
                    "    provider: {type: fixed, entries: 1, policy: {after: \(DurationFormat.string(Swift.max(60, gap)))}}   "
                        + "# assumed: the log has no entries or policy; one reload per mean time between reloads")
            }
            var changes = [Int](repeating: 0, count: 24)
            var predictable = [Int](repeating: 0, count: 24)
            var views = [Double](repeating: 0, count: 24)
            for h in w.hours {
                changes[h.hour] = h.changes
                predictable[h.hour] = h.predictableChanges
            }
            // Views per copy: each named copy has its own; inferred copies all saw every view row.
            for copy in (w.instanceInferred ? [w] : group) {
                for h in copy.hours { views[h.hour] += Double(h.views) / Double(n) }
            }
            let viewCount = views.reduce(0, +)
            if w.changes + w.predictableChanges > 0 {
                y.append("    content:")
                if w.changes > 0 { y.append("      unpredictable: " + rateList(changes, a, rows: "unpredictable change")) }
                if let grid = w.predictableGrid {
                    y.append(
                        "      predictable: {every: \(DurationFormat.string(grid.period))}   # \(grid.changes) predictable change rows, every "
                            + "one on the local \(DurationFormat.string(grid.period)) grid (\(grid.expected) instants of it in the log)")
                } else if w.predictableChanges > 0 {
                    y.append("      predictable: " + rateList(predictable, a, rows: "predictable change"))
                }
            }
            if viewCount > 0 {
                y.append(
                    "    views: " + rateList(views.map { Int($0.rounded()) }, a, rows: n > 1 ? "view (per copy, of \(n))" : "view"))
            }
        }
        return y
    }

    static func app(_ a: DeviceLogAnalysis) -> [String] {
        let kinds = Set(a.widgets.map(\.kind))
        var reloads: [String] = []
        var pushes = a.app.pushes.map(pushLine)
        for r in a.app.reloads {
            guard r.kind.isEmpty || kinds.contains(r.kind) else {
                reloads.append("    # \(r.count) reloads of kind \(comment(r.kind)) left out: no widget of that kind in the log")
                continue
            }
            let target = r.kind.isEmpty ? "all: true" : "kind: " + quoted(r.kind)
            if let cap = r.cap, pushes == nil {
                pushes =
                    "  pushes: {on_change: true, budget: {daily: \(cap.daily)}}   # the log has no push rows, but its \(r.count) "
                    + "app reloads (\(r.kind.isEmpty ? "reloadAllTimelines" : comment(r.kind))) follow \(r.afterChange) of \(cap.sent) "
                    + "changes and stop at \(cap.daily) in any 24 h: a cap, as widget pushes have; the engine's push budget of "
                    + "\(cap.daily) delivers \(cap.reproduced) of them at the same changes"
                continue
            }
            if r.onChange {
                reloads.append(
                    "    - {\(target), on_change: true}   # \(r.afterChange) of \(r.count) calls within "
                        + "\(Int(AppActivityProfile.changeWindow)) s after a change row: the app reloads when it learns of new data")
                continue
            }
            let counts = (0..<24).map { h in Int((r.perHour[h] * a.hourCoverage[h] / Seconds.hour).rounded()) }
            for item in items(counts, a) {
                reloads.append("    - {\(target), \(item.process)}   # \(item.comment)")
            }
        }
        let fg = a.app.foregroundSessions
        guard !reloads.isEmpty || fg > 0 || pushes != nil else { return [] }
        var y = ["app:"]
        if !reloads.isEmpty { y += ["  reloads:"] + reloads }
        if let pushes { y.append(pushes) }
        if fg > 0 {
            let counts = (0..<24).map { h in Int((a.app.foregroundPerHour[h] * a.hourCoverage[h] / Seconds.hour).rounded()) }
            let duration = DurationFormat.string(Swift.max(1, (a.app.foregroundMeanDuration ?? 120).rounded()))
            var line = process(counts, a)
            line.removeLast()
            y.append(
                "  foreground: \(line), duration: \(duration)}   # \(fg) sessions, mean length \(duration), "
                    + "median \(AnalysisText.duration(a.app.foregroundMedianDuration))")
        }
        return y
    }

    /// `app.pushes` for the log's `push` rows: on change when nine in ten followed a change,
    /// else a Poisson rate; the cap is the busiest 24 h, checked against the engine's push budget.
    static func pushLine(_ p: AppActivityProfile.Pushes) -> String {
        let daily = p.cap?.daily ?? p.busiest24h
        var why: String
        if let cap = p.cap, cap.confirmed {
            why =
                "\(p.count) pushes delivered for \(p.changes) changes, at most \(daily) in any 24 h: the engine's push budget of "
                + "\(daily) delivers \(cap.reproduced) of the \(p.count) at the same changes"
        } else if let cap = p.cap {
            why =
                "UNCERTAIN: \(p.count) pushes, at most \(daily) in any 24 h, but a push budget of \(daily) delivers only "
                + "\(cap.reproduced) of them at the same changes"
        } else if p.onChange {
            why = "\(p.count) pushes, at most \(daily) in any 24 h; no cap showed (a push followed every change), so at least \(daily)"
        } else {
            why = "\(p.count) pushes, at most \(daily) in any 24 h; a cap cannot show without the pushes sent, so at least \(daily)"
        }
        if p.onChange {
            return
                "  pushes: {on_change: true, budget: {daily: \(daily)}}   # \(why); \(p.afterChange) of \(p.count) came with a change row"
        }
        let hours = p.overallPerHour > 0 ? Double(p.count) / p.overallPerHour : 0
        if hours < minimumHoursForRate {
            return "  pushes: {poisson: {per_hour: \(rateText(Double(p.count) / minimumHoursForRate))}, budget: {daily: \(daily)}}   "
                + "# UNCERTAIN: \(why); only \(NumberFormat.fixed(hours, 1)) h of log, too short for a rate (not extrapolated): "
                + "taken as \(p.count) a day"
        }
        return "  pushes: {poisson: {per_hour: \(rateText(p.overallPerHour))}, budget: {daily: \(daily)}}   # \(why); "
            + "\(p.count) in \(NumberFormat.fixed(hours, 1)) h, not after changes (the rate delivered: pushes the cap dropped are not in a log)"
    }

    // MARK: Processes by hour

    /// One process item: the YAML text of the process and where it came from.
    struct Item {
        var process: String
        var comment: String
    }

    /// The app-reload items for counts per hour of day: one Poisson rate when the counts are
    /// consistent with a constant rate, else one item per run of hours with the same rate.
    static func items(_ counts: [Int], _ a: DeviceLogAnalysis) -> [Item] {
        let total = counts.reduce(0, +)
        let covered = a.hourCoverage.map { $0 / Seconds.hour }
        let hours = covered.reduce(0, +)
        guard hours > 0 else { return [] }
        let chi = chiSquare(counts, covered)
        if hours < minimumHoursForRate {
            return [
                Item(
                    process: "poisson: {per_hour: \(rateText(Double(total) / minimumHoursForRate))}",
                    comment: "UNCERTAIN: \(total) calls in only \(NumberFormat.fixed(hours, 1)) h of log, too short for a rate "
                        + "(not extrapolated): taken as \(total) a day")
            ]
        }
        if total < minimumCountForHours || chi.homogeneous {
            let rate = Double(total) / hours
            return [
                Item(
                    process: "poisson: {per_hour: \(rateText(rate))}",
                    comment: "\(total) calls in \(NumberFormat.fixed(hours, 1)) h"
                        + (total < minimumCountForHours
                            ? " (too few to resolve hours)"
                            : ", even over the day (χ² \(NumberFormat.fixed(chi.statistic, 1)), \(chi.df) df)"))
            ]
        }
        var out: [Item] = []
        var h = 0
        while h < 24 {
            guard counts[h] > 0, covered[h] > 0 else {
                h += 1
                continue
            }
            let rate = Double(counts[h]) / covered[h]
            var end = h + 1
            var n = counts[h]
            var c = covered[h]
            while end < 24 && covered[end] > 0 && counts[end] > 0 && rateText(Double(counts[end]) / covered[end]) == rateText(rate) {
                n += counts[end]
                c += covered[end]
                end += 1
            }
            out.append(
                Item(
                    process: "poisson: {per_hour: \(rateText(Double(n) / c))}, during: \"\(hourText(h))-\(hourText(end))\"",
                    comment: "\(n) calls in \(NumberFormat.fixed(c, 1)) h observed at \(hourText(h))–\(hourText(end))"))
            h = end
        }
        return out
    }

    /// A single process (`{poisson: …, during: [...]}` with its closing brace) for counts per hour:
    /// one rate over the hours with events when the rate is uneven over the day.
    static func process(_ counts: [Int], _ a: DeviceLogAnalysis) -> String {
        let covered = a.hourCoverage.map { $0 / Seconds.hour }
        let total = counts.reduce(0, +)
        let chi = chiSquare(counts, covered)
        if total < minimumCountForHours || chi.homogeneous {
            // Under a day of log, the count is a day's (``minimumHoursForRate``), not extrapolated.
            return "{poisson: {per_hour: \(rateText(Double(total) / Swift.max(minimumHoursForRate, covered.reduce(0, +))))}}"
        }
        var windows: [String] = []
        var activeHours = 0.0
        var h = 0
        while h < 24 {
            guard counts[h] > 0 else {
                h += 1
                continue
            }
            var end = h
            while end < 24 && counts[end] > 0 {
                activeHours += covered[end]
                end += 1
            }
            windows.append("\"\(hourText(h))-\(hourText(end))\"")
            h = end
        }
        return
            "{poisson: {per_hour: \(rateText(Double(total) / Swift.max(1e-9, activeHours)))}, during: [\(windows.joined(separator: ", "))]}"
    }

    /// Pearson's χ² of counts per hour against a constant rate, and whether it passes at 1 %.
    static func chiSquare(_ counts: [Int], _ covered: [Double]) -> (statistic: Double, df: Int, homogeneous: Bool) {
        let total = Double(counts.reduce(0, +))
        let hours = covered.reduce(0, +)
        guard total > 0, hours > 0 else { return (0, 0, true) }
        var statistic = 0.0
        var cells = 0
        for h in 0..<24 where covered[h] > 0 {
            let expected = total * covered[h] / hours
            statistic += (Double(counts[h]) - expected) * (Double(counts[h]) - expected) / expected
            cells += 1
        }
        let df = Swift.max(1, cells - 1)
        // Wilson–Hilferty: the 99 % point of χ² with df degrees of freedom.
        let k = Double(df)
        let z = 2.326_347_874
        let critical = k * pow(1 - 2 / (9 * k) + z * (2 / (9 * k)).squareRoot(), 3)
        return (statistic, df, statistic <= critical)
    }

    // MARK: Text

    static func provider(_ p: FixedProvider) -> String {
        var parts = ["type: fixed", "entries: \(p.entries)"]
        if p.entries > 1 { parts.append("spacing: \(DurationFormat.string(p.spacing))") }
        if p.firstOffset > 0 { parts.append("first_offset: \(DurationFormat.string(p.firstOffset))") }
        switch p.policy {
        case .atEnd: parts.append("policy: at-end")
        case .never: parts.append("policy: never")
        case let .after(seconds): parts.append("policy: {after: \(DurationFormat.string(seconds))}")
        }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    /// The zone to write and why: `--timezone`, a fixed-offset zone, or the first IANA zone whose
    /// offsets match the log's at every change.
    static func zoneLine(_ a: DeviceLogAnalysis, timeZone: TimeZone?) -> (identifier: String, comment: String) {
        if let timeZone { return (timeZone.shownIdentifier, "from --timezone") }
        let offsets = a.offsets.map(LocalTime.offsetString).joined(separator: ", ")
        if a.offsets.count <= 1 {
            let offset = a.offsets.first ?? 0
            if offset == 0 { return ("UTC", "the log's times are UTC (offset +00:00, or none written)") }
            if offset.truncatingRemainder(dividingBy: 3600) == 0 {
                let hours = Int(offset / 3600)
                return (
                    "Etc/GMT" + (hours > 0 ? "-" : "+") + String(abs(hours)),
                    "the log's offset \(offsets) (Etc signs are inverted); put your own zone here"
                )
            }
        }
        let matches = TimeZone.knownTimeZoneIdentifiers.sorted().filter { id in
            guard let zone = TimeZone(identifier: id) else { return false }
            for (i, change) in a.offsetChanges.enumerated() {
                if Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: change.time))) != change.offset { return false }
                if i > 0, Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: change.time - 3600))) != a.offsetChanges[i - 1].offset
                {
                    return false
                }
            }
            return true
        }
        guard let first = matches.first else {
            return ("UTC", "no time zone matches the log's offsets (\(offsets)): times are UTC; put your own zone here")
        }
        let others = matches.dropFirst().prefix(3).joined(separator: ", ")
        return (first, "matches the log's offsets (\(offsets))" + (others.isEmpty ? "" : "; so do \(others)…") + "; put your own zone here")
    }

    static func hourText(_ h: Int) -> String { h == 24 ? "24:00" : LocalTime.clockString(Double(h) * 3600) }

    static func rateText(_ rate: Double) -> String { DurationFormat.number((rate * 1000).rounded() / 1000) }

    /// A YAML double-quoted scalar (``YAMLText/quoted(_:)``).
    static func quoted(_ text: String) -> String { YAMLText.quoted(text) }

    /// `text` safe in a YAML comment: one line.
    static func comment(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
    }
}
