import WidgetBudgetKit

/// The CSV files `widgetbudget analyze` writes, as header and rows. Times are local ISO 8601 with
/// their offset; durations are seconds.
public enum AnalysisTables {
    /// One table: its file name and its CSV document (rows go straight into the writer's bytes, so
    /// a log with many stalls does not hold them as strings).
    public struct Table: Sendable {
        /// The file name, e.g. `days.csv`.
        public var name: String
        /// The document.
        public var writer: CSVWriter
    }

    /// Every table of an analysis, in a fixed order.
    public static func all(_ a: DeviceLogAnalysis, files: [String]) -> [Table] {
        [widgets(a), days(a), hours(a), appHours(a), lateness(a), stalls(a), budget(a), memory(a), anomalies(a, files: files)]
    }

    static func n(_ value: Double?, _ digits: Int = 1) -> String { NumberFormat.fixed(value, digits) }
    static func local(_ t: Double, _ offset: Double) -> String { DeviceLogWriter.format(t, offset: offset, as: .iso8601) }

    /// `widgets.csv`: one row per widget, the headline numbers.
    static func widgets(_ a: DeviceLogAnalysis) -> Table {
        let days = a.coveredDays
        let header = [
            "kind", "family", "days", "reloads", "charged", "exempt", "reloads_per_day", "charged_per_day", "exempt_per_day",
            "lateness_n", "lateness_median_s", "lateness_p90_s", "lateness_p99_s", "lateness_max_s", "lateness_time_of_day_rho",
            "delay_exact", "delay_censored", "delay_median_s", "delay_p90_s", "delay_p99_s", "delay_fit",
            "max_charged_24h", "max_charged_day", "stalls", "budget_model", "budget", "budget_low", "budget_high",
            "app_requests", "app_answered", "app_coalesced", "app_deferred", "app_ignored", "app_in_foreground",
            "snapshots", "placeholders", "views", "peak_memory_mb", "likely_kills",
        ]
        var writer = CSVWriter(header: header)
        for w in a.widgets {
            let fit = w.budget.explained ? w.budget.fits.first : nil
            writer.append([
                w.kind, w.family, n(days, 2), String(w.reloads), String(w.charged), String(w.exempt),
                n(perDay(w.reloads, days), 2), n(perDay(w.charged, days), 2), n(perDay(w.exempt, days), 2),
                String(w.lateness.count), n(w.lateness.median), n(w.lateness.p90), n(w.lateness.p99), n(w.lateness.max),
                n(w.lateness.timeOfDayCorrelation, 3),
                String(w.reloadDelay.exactCount), String(w.reloadDelay.censoredCount), n(w.reloadDelay.median), n(w.reloadDelay.p90),
                n(w.reloadDelay.p99), w.reloadDelay.fitted.map(AnalysisText.delay) ?? "",
                String(w.budget.maxChargedIn24h), String(w.budget.maxChargedPerDay), String(w.budget.stalls.count),
                fit?.model.rawValue ?? "", fit.map { String($0.daily) } ?? "", fit.map { String($0.interval.lowerBound) } ?? "",
                fit.map { String($0.interval.upperBound) } ?? "",
                String(w.appReloads.requests), String(w.appReloads.answered), String(w.appReloads.coalesced),
                String(w.appReloads.deferred), String(w.appReloads.ignored), String(w.appReloads.inForeground),
                String(w.snapshots), String(w.placeholders), String(w.views),
                n(w.memory.compactMap(\.peakMB).max(), 2), String(w.likelyKillCount),
            ])
        }
        return Table(name: "widgets.csv", writer: writer)
    }

    static func perDay(_ count: Int, _ days: Double) -> Double? { days > 0 ? Double(count) / days : nil }

    /// `days.csv`: one row per widget and local day.
    static func days(_ a: DeviceLogAnalysis) -> Table {
        let header = [
            "kind", "family", "date", "covered_hours", "reloads", "charged", "exempt", "app_requests", "coalesced", "stalls",
            "longest_stall_s", "exhausted_at", "snapshots", "placeholders", "views", "likely_kills",
        ]
        var writer = CSVWriter(header: header)
        for w in a.widgets {
            for d in w.days {
                writer.append([
                    w.kind, w.family, d.date, n(d.coveredHours, 2), String(d.reloads), String(d.charged), String(d.exempt),
                    String(d.appRequests), String(d.coalesced), String(d.stalls), n(d.longestStall, 0),
                    d.exhaustedAt.map { LocalTime.clockString($0) } ?? "", String(d.snapshots), String(d.placeholders),
                    String(d.views), String(d.likelyKills),
                ])
            }
        }
        return Table(name: "days.csv", writer: writer)
    }

    /// `hours.csv`: one row per widget and hour of the day.
    static func hours(_ a: DeviceLogAnalysis) -> Table {
        let header = [
            "kind", "family", "hour", "covered_hours", "reloads", "reloads_per_day", "charged_per_day", "lateness_n",
            "lateness_median_s", "lateness_p90_s", "views",
        ]
        var writer = CSVWriter(header: header)
        for w in a.widgets {
            for h in w.hours {
                writer.append([
                    w.kind, w.family, String(h.hour), n(h.coveredHours, 2), String(h.reloads), n(h.reloadsPerDay, 3),
                    n(h.chargedPerDay, 3), String(h.latenessCount), n(h.latenessMedian), n(h.latenessP90), String(h.views),
                ])
            }
        }
        return Table(name: "hours.csv", writer: writer)
    }

    /// `app-hours.csv`: the app's reload requests (per target) and foreground session starts per
    /// hour, by hour of the day.
    static func appHours(_ a: DeviceLogAnalysis) -> Table {
        let header = ["hour", "covered_hours", "series", "per_hour"]
        var writer = CSVWriter(header: header)
        for h in 0..<24 {
            let covered = n(a.hourCoverage[h] / Seconds.hour, 2)
            for r in a.app.reloads {
                writer.append([String(h), covered, r.kind.isEmpty ? "reload-all" : "reload:" + r.kind, n(r.perHour[h], 4)])
            }
            writer.append([String(h), covered, "foreground-start", n(a.app.foregroundPerHour[h], 4)])
        }
        return Table(name: "app-hours.csv", writer: writer)
    }

    /// `lateness.csv`: per widget, quantiles of the raw lateness of policy reloads and of
    /// WidgetKit's estimated delay (waits for budget and the minimum interval taken out).
    static func lateness(_ a: DeviceLogAnalysis) -> Table {
        let header = ["kind", "family", "p", "lateness_s", "delay_s"]
        var writer = CSVWriter(header: header)
        for w in a.widgets {
            let points = w.lateness.quantiles.isEmpty ? w.reloadDelay.quantiles.map(\.p) : w.lateness.quantiles.map(\.p)
            for (i, p) in points.enumerated() {
                let raw = w.lateness.quantiles.indices.contains(i) ? w.lateness.quantiles[i].value : nil
                let delay = w.reloadDelay.quantiles.indices.contains(i) ? w.reloadDelay.quantiles[i].value : nil
                writer.append([w.kind, w.family, n(p, 2), n(raw), n(delay)])
            }
        }
        return Table(name: "lateness.csv", writer: writer)
    }

    /// `stalls.csv`: every stall with what each model predicted.
    static func stalls(_ a: DeviceLogAnalysis) -> Table {
        let header =
            ["kind", "family", "start", "end", "waited_s", "trigger", "ended_by", "charged_in_24h", "charged_since_midnight"]
            + BudgetModel.allCases.map { "predicted_" + $0.rawValue }
        var writer = CSVWriter(header: header)
        for w in a.widgets {
            for s in w.budget.stalls {
                writer.append(
                    [
                        w.kind, w.family, local(s.start, s.utcOffset), local(s.end, s.utcOffset), n(s.duration, 0), s.trigger.rawValue,
                        s.endedByForeground ? "foreground" : "budget", String(s.chargedIn24h), String(s.chargedSinceMidnight),
                    ] + BudgetModel.allCases.map { s.predictedEnd[$0].map { local($0, s.utcOffset) } ?? "" })
            }
        }
        return Table(name: "stalls.csv", writer: writer)
    }

    /// `budget.csv`: per widget, each model's best fit, best first.
    static func budget(_ a: DeviceLogAnalysis) -> Table {
        let header = [
            "kind", "family", "rank", "model", "budget", "budget_low", "budget_high", "stalls", "stalls_explained", "refused_reloads",
            "mean_error_s",
        ]
        var writer = CSVWriter(header: header)
        for w in a.widgets {
            for (i, f) in w.budget.fits.enumerated() {
                writer.append([
                    w.kind, w.family, String(i + 1), f.model.rawValue, String(f.daily), String(f.interval.lowerBound),
                    String(f.interval.upperBound), String(f.stalls), String(f.stallsExplained), String(f.violations), n(f.meanError, 0),
                ])
            }
        }
        return Table(name: "budget.csv", writer: writer)
    }

    /// `memory.csv`: per widget and timeline size, peak memory and likely kills.
    static func memory(_ a: DeviceLogAnalysis) -> Table {
        let header = ["kind", "family", "entries", "timelines", "peak_memory_mb", "likely_kills"]
        var writer = CSVWriter(header: header)
        for w in a.widgets {
            for m in w.memory {
                writer.append([
                    w.kind, w.family, m.entries.map(String.init) ?? "", String(m.timelines), n(m.peakMB, 2), String(m.likelyKills),
                ])
            }
        }
        return Table(name: "memory.csv", writer: writer)
    }

    /// `anomalies.csv`: every oddity, by position.
    static func anomalies(_ a: DeviceLogAnalysis, files: [String]) -> Table {
        let header = ["anomaly", "file", "line", "count", "message"]
        var writer = CSVWriter(header: header)
        for x in a.anomalies {
            writer.append([
                x.kind.rawValue, files.indices.contains(x.position.file) ? files[x.position.file] : "", String(x.position.line),
                String(x.count), x.message,
            ])
        }
        return Table(name: "anomalies.csv", writer: writer)
    }
}
