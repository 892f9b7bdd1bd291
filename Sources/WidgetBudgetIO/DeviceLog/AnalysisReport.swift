import WidgetBudgetKit

/// `analysis.md`: the analysis of a device log for a person to read.
public enum AnalysisReport {
    /// The report's Markdown; `written` lists the other files of the folder.
    public static func markdown(_ a: DeviceLogAnalysis, files: [String], rows: [Int]? = nil, written: [String]) -> String {
        var out: [String] = []
        out.append("# Device log analysis")
        out.append("")
        out.append("Files: " + files.map { "`\($0)`" }.joined(separator: ", ") + ". \(a.records) rows.")
        out.append(
            "From \(LocalTime.dateTimeString(a.firstTime, offset: a.firstOffset)) to "
                + "\(LocalTime.dateTimeString(a.lastTime, offset: a.offsets.last ?? a.firstOffset)) local time "
                + "(UTC offset\(a.offsets.count == 1 ? "" : "s") " + a.offsets.map(LocalTime.offsetString).joined(separator: ", ")
                + "); \(NumberFormat.fixed(a.coveredDays, 1)) days observed.")
        let s = a.settings
        out.append(
            "Assumed: minimum reload interval \(DurationFormat.string(s.minReloadInterval)); a stall is a reload "
                + "\(DurationFormat.string(s.stallThreshold)) or more late; a model explains a stall within "
                + "\(DurationFormat.string(s.resumeTolerance)); an app reload is answered within \(DurationFormat.string(s.appAnswerWindow)). "
                + "See docs/analyze.md for every definition.")
        for w in a.widgets { out += widget(w, a) }
        out += app(a)
        out.append("")
        out.append("## Anomalies")
        out.append("")
        if a.anomalies.isEmpty {
            out.append("None.")
        } else {
            for x in a.anomalies {
                let file = files.indices.contains(x.position.file) ? files[x.position.file] : "?"
                out.append("- `\(file):\(x.position.line)` \(x.kind.rawValue): \(markdownText(x.message))")
            }
        }
        out.append("")
        out.append("## Files")
        out.append("")
        for name in written { out.append("- `\(name)`") }
        out.append("")
        out.append("No plots: the gnuplot layer is not wired into `analyze` yet; the CSV files above hold the data.")
        return out.joined(separator: "\n") + "\n"
    }

    static func widget(_ w: WidgetLogAnalysis, _ a: DeviceLogAnalysis) -> [String] {
        let days = a.coveredDays
        func perDay(_ n: Int) -> String { days > 0 ? NumberFormat.fixed(Double(n) / days, 1) : "–" }
        var out = ["", "## \(markdownText(w.name))", ""]
        if w.instanceInferred {
            out.append(
                "Copy #\(markdownText(w.instance)) of the widget, **inferred**: the log has no `instance` column, and this widget's "
                    + "timelines came closer together than WidgetKit reloads one widget (\(DurationFormat.string(a.settings.minReloadInterval))), "
                    + "so they were split into copies, each timeline to the copy whose reload was due. Log `instance` to be sure.")
            out.append("")
        } else if !w.instance.isEmpty {
            out.append("Copy `\(markdownText(w.instance))` of the widget (the log's `instance` column): fitted on its own.")
            out.append("")
        }
        out += ["### Reloads", ""]
        out.append("| | total | per day |")
        out.append("|---|---:|---:|")
        out.append("| reloads (`timeline` rows) | \(w.reloads) | \(perDay(w.reloads)) |")
        out.append("| charged | \(w.charged) | \(perDay(w.charged)) |")
        out.append("| exempt (app in the foreground) | \(w.exempt) | \(perDay(w.exempt)) |")
        out.append("| snapshots | \(w.snapshots) | \(perDay(w.snapshots)) |")
        out.append("| placeholders | \(w.placeholders) | \(perDay(w.placeholders)) |")
        out.append("| views | \(w.views) | \(perDay(w.views)) |")
        out.append("")
        if let gap = w.shortestGap { out.append("Shortest time between two reloads: \(AnalysisText.duration(gap)).") }
        if let shape = w.shape {
            out.append(
                "Timeline seen most: \(ProviderSpec.fixed(shape.provider).summary) (\(shape.matching) of \(shape.total) timelines).")
        }
        out.append("")
        out.append("By hour of the day (per day observed):")
        out.append("")
        out.append("| hour | reloads | charged | median lateness | p90 lateness |")
        out.append("|---:|---:|---:|---:|---:|")
        for h in w.hours {
            out.append(
                "| \(LocalTime.clockString(Double(h.hour) * 3600)) | \(NumberFormat.fixed(h.reloadsPerDay, 2)) | \(NumberFormat.fixed(h.chargedPerDay, 2)) | "
                    + "\(AnalysisText.duration(h.latenessMedian)) | \(AnalysisText.duration(h.latenessP90)) |")
        }
        out += ["", "### Lateness", "", AnalysisText.latenessVerdict(w.lateness), ""]
        out.append(
            AnalysisText.delayVerdict(w.reloadDelay, what: "WidgetKit's own delay, waits for budget and the minimum interval taken out"))
        out += ["", "### Budget", "", AnalysisText.budgetVerdict(w.budget, settings: a.settings)]
        if !w.budget.fits.isEmpty {
            out += [
                "", "| model | B | B interval | stalls explained | reloads it would refuse | mean error |", "|---|---:|---|---:|---:|---:|",
            ]
            for f in w.budget.fits {
                out.append(
                    "| \(f.model.rawValue) | \(f.daily) | \(f.interval.lowerBound)–\(f.interval.upperBound) | \(f.stallsExplained) of \(f.stalls) | "
                        + "\(f.violations) | \(AnalysisText.duration(f.meanError)) |")
            }
        }
        let stallDays = w.days.filter { $0.stalls > 0 }
        if !stallDays.isEmpty {
            out += [
                "",
                w.budget.explained
                    ? "Days on which due reloads stalled (budget most likely exhausted):"
                    : "Days on which due reloads stalled (no budget model explains it):",
                "",
            ]
            out += ["| date | charged | stalls | first stall at | longest |", "|---|---:|---:|---|---:|"]
            for d in stallDays {
                out.append(
                    "| \(d.date) | \(d.charged) | \(d.stalls) | \(d.exhaustedAt.map { LocalTime.clockString($0) } ?? "") | "
                        + "\(AnalysisText.duration(d.longestStall)) |")
            }
            out += ["", "Every stall with each model's prediction is in `stalls.csv`."]
        }
        let r = w.appReloads
        out += ["", "### App reloads", ""]
        if r.requests == 0 {
            out.append("The app asked for no reload of this widget.")
        } else {
            out.append(
                "\(r.requests) request\(r.requests == 1 ? "" : "s") (\(r.reloadAll) by reloadAllTimelines): \(r.answered) answered within "
                    + "\(DurationFormat.string(a.settings.appAnswerWindow)), \(r.coalesced) coalesced with one still waiting, "
                    + "\(r.deferred) answered late, \(r.ignored) ignored (no reload before the policy's own, or the end of the log); "
                    + "\(r.inForeground) made while the app was in the foreground.")
            out.append("")
            out.append(AnalysisText.delayVerdict(r.answerDelay, what: "Time from request to reload"))
        }
        out += ["", "### Memory", ""]
        out += ["| entries | timelines | peak memory_mb | likely kills |", "|---:|---:|---:|---:|"]
        for m in w.memory {
            out.append(
                "| \(m.entries.map(String.init) ?? "?") | \(m.timelines) | \(NumberFormat.fixed(m.peakMB, 1).isEmpty ? "–" : NumberFormat.fixed(m.peakMB, 1)) | "
                    + "\(m.likelyKills) |")
        }
        out.append("")
        if let fit = w.memoryCalibration { out += [AnalysisText.memoryFit(fit), ""] }
        if w.likelyKillCount == 0 {
            out.append("No timeline looks lost: none was followed by a placeholder or by an unasked early reload.")
        } else {
            out.append(
                "\(w.likelyKillCount) timeline\(w.likelyKillCount == 1 ? "" : "s") most likely never reached the screen "
                    + "(followed by a placeholder, or WidgetKit reloaded again unasked before the policy was due: a kill and retry):")
            out.append("")
            for k in w.likelyKills.prefix(10) {
                out.append(
                    "- \(LocalTime.dateTimeString(k.time, offset: k.utcOffset)) (line \(k.position.line)): "
                        + "\(k.entries.map { "\($0) entries" } ?? "entries unknown"), "
                        + "\(k.memoryMB.map { NumberFormat.fixed($0, 1) + " MB" } ?? "memory unknown"), \(k.reason.rawValue)")
            }
        }
        return out
    }

    static func app(_ a: DeviceLogAnalysis) -> [String] {
        var out = ["", "## The app", ""]
        if a.app.reloads.isEmpty {
            out.append("No app reload requests.")
        } else {
            for r in a.app.reloads {
                let target = r.kind.isEmpty ? "reloadAllTimelines()" : "reloadTimelines(ofKind: \"\(markdownText(r.kind))\")"
                var line = "- \(target): \(r.count) calls, \(NumberFormat.fixed(r.overallPerHour, 2)) per hour."
                if let cap = r.cap {
                    line +=
                        " They follow \(r.afterChange) of \(cap.sent) changes and stop at \(cap.daily) in any 24 hours: a cap, as on "
                        + "widget pushes (the engine's push budget of \(cap.daily) delivers \(cap.reproduced) of the \(cap.delivered) at the "
                        + "same changes); the scenario takes them as `app.pushes`."
                }
                out.append(line)
            }
        }
        if let p = a.app.pushes {
            var line =
                "- Widget pushes delivered: \(p.count), \(NumberFormat.fixed(p.overallPerHour * 24, 1)) a day, at most \(p.busiest24h) "
                + "in any 24 hours; \(p.afterChange) came with a change row (of \(p.changes) changes)."
            if let cap = p.cap {
                line +=
                    " Fewer pushes than changes: a push budget of \(cap.daily) a day, with which the engine delivers \(cap.reproduced) "
                    + "of the \(cap.delivered) at the same changes\(cap.confirmed ? "" : " (too few to trust the cap)")."
            } else {
                line += " No cap showed."
            }
            out.append(line)
        }
        out.append(
            "- Foreground sessions: \(a.app.foregroundSessions) (\(NumberFormat.fixed(a.app.foregroundOverallPerHour, 2)) per hour), "
                + "median length \(AnalysisText.duration(a.app.foregroundMedianDuration)), "
                + "\(NumberFormat.fixed(a.app.foregroundFraction * 100, 1)) % of the time.")
        out.append("")
        out.append("Per hour of the day (rates per hour observed): `app-hours.csv`.")
        return out
    }

    /// `text` safe inside Markdown: no line breaks, `|` escaped.
    static func markdownText(_ text: String) -> String {
        text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "|", with: "\\|")
    }
}
