import WidgetBudgetKit

/// Figure 2: the age of what one widget shows over one day (the sawtooth), with its reloads and
/// rendered entries marked in lanes under the curve.
enum AgePlot {
    /// The figure for widget `w` on the input's chosen day, in its worst replication.
    static func spec(_ input: ScenarioPlotInput, widget w: Int) -> PlotSpec {
        let result = input.result
        let calendar = result.calendar
        let clock = calendar.clock
        let d = input.ageDay
        let from = calendar.dayStarts[d], to = calendar.dayStarts[d + 1]
        let widget = input.widgetName(w)
        let name = "age-" + input.slugs[w]
        func hours(_ t: SimTime) -> String { ScenarioPlotInput.hours(t, from: from) }
        func row(_ t: SimTime) -> [String] { [NumberFormat.fixed(t, 3), clock.dateTimeString(t), hours(t)] }

        let curve = AgeCurve.points(input.ageStretches[w], from: from, to: to)
        let maxAge = curve.map(\.age).max() ?? 0
        let unit = PlotScale.durationUnit(forMaximum: maxAge)
        var data = [
            PlotSpec.DataFile(
                name: name + ".csv", header: ["time_s", "local_time", "hours", "age_s"],
                rows: curve.map { row($0.time) + [NumberFormat.fixed($0.age, 3)] })
        ]

        let reloads = input.reloads[w]
        let inDay = (reloads?.dayEvents ?? []).filter { $0.time >= from && $0.time < to }
        let kills = Set(inDay.filter { $0.kind == .kill }.map(\.time))
        let grants = inDay.filter { $0.kind == .grant }
        let reloadsName = name + "-reloads.csv"
        data.append(
            PlotSpec.DataFile(
                name: reloadsName, header: ["time_s", "local_time", "hours", "source", "charged", "killed"],
                rows: grants.map { g in
                    row(g.time) + [g.source?.name ?? "", g.charged == true ? "1" : "0", kills.contains(g.time) ? "1" : "0"]
                }))
        let renders = input.renderEvents(widget: w, through: to).map { $0.filter { $0.time >= from && $0.time < to } }
        let rendersName = name + "-renders.csv"
        if let renders {
            data.append(
                PlotSpec.DataFile(
                    name: rendersName, header: ["time_s", "local_time", "hours", "entry"],
                    rows: renders.map { e in
                        var entry = ""
                        if case let .entry(n) = e.detail { entry = String(n) }
                        return row(e.time) + [entry]
                    }))
        }
        let waiting = reloads.map { $0.dayWaits(from: from, until: min(to, $0.until)) } ?? []
        let waitingName = name + "-waiting.csv"
        if !waiting.isEmpty {
            data.append(
                PlotSpec.DataFile(
                    name: waitingName, header: ["start_s", "end_s", "start_hours", "end_hours"],
                    rows: waiting.map {
                        [
                            NumberFormat.fixed($0.lowerBound, 3), NumberFormat.fixed($0.upperBound, 3), hours($0.lowerBound),
                            hours($0.upperBound),
                        ]
                    }))
        }

        // Vertical layout, in the unit: the curve above 0, a lane for reloads and one for renders below.
        let top = max(maxAge / unit.divisor, unit.minimumTop) * 1.08
        let reloadLane = -0.07 * top, renderLane = -0.15 * top, bottom = -0.2 * top
        let tick = 0.035 * top
        var script = GnuplotScript(
            name: name, height: 500, purpose: "Age of the displayed content over one day for one widget, with reloads and renders.",
            dataFiles: data.map(\.name))
        let dayText = "\(TimeAxis.dateLabel(from, clock)), day \(d + 1) of \(calendar.days), \(input.replicationText)"
        script.title(input.title(widget: w, "age of the displayed content, \(dayText)"))
        script.add("set xlabel " + GnuplotText.quoted("local time (\(input.timeZoneName))") + " noenhanced")
        script.add("set ylabel 'age of what the widget shows (\(unit.name))'")
        script.add("set xrange [0:\(PlotScale.number((to - from) / Seconds.hour))]")
        script.add("set yrange [\(PlotScale.number(bottom)):\(PlotScale.number(top))]")
        script.add(TimeAxis.command(TimeAxis.ticks(from: from, to: to, origin: from, clock: clock)))
        script.add("set ytics 0,\(PlotScale.number(PlotScale.niceStep(top))) nomirror")
        script.add("set ytics add ('reloads' \(PlotScale.number(reloadLane)), 'renders' \(PlotScale.number(renderLane)))")
        script.add("set arrow 1 from graph 0, first 0 to graph 1, first 0 nohead lc rgb '#888888' lw 1 back")
        script.add(PlotStyle.keyBelow)
        var series: [String] = []
        if !waiting.isEmpty {
            series.append(
                "'\(waitingName)' using ((column(\"start_hours\")+column(\"end_hours\"))/2):(\(PlotScale.number(top / 2))):"
                    + "\"start_hours\":\"end_hours\":(0):(\(PlotScale.number(top))) with boxxyerror fc rgb '\(PlotStyle.exhausted)' "
                    + "fs transparent solid 0.18 noborder title 'out of budget: a reload is waiting'")
        }
        let age = "(column(\"age_s\")/\(PlotScale.number(unit.divisor)))"
        series.append(
            "'\(name).csv' using \"hours\":\(age) with filledcurves y1=0 fc rgb '\(PlotStyle.ageFill)' fs solid 1.0 noborder notitle")
        series.append("'\(name).csv' using \"hours\":\(age) with lines lw 1.5 lc rgb '\(PlotStyle.age)' title 'age (0 = fresh)'")
        let lane = PlotScale.number(reloadLane)
        if grants.contains(where: { $0.charged == true && !kills.contains($0.time) }) {
            series.append(
                "'\(reloadsName)' using \"hours\":(column(\"charged\")==1 && column(\"killed\")==0 ? \(lane) : NaN) "
                    + "with points pt 9 ps 1.1 lc rgb '\(PlotStyle.color(0))' title 'reload (charged)'")
        }
        if grants.contains(where: { $0.charged != true && !kills.contains($0.time) }) {
            series.append(
                "'\(reloadsName)' using \"hours\":(column(\"charged\")==0 && column(\"killed\")==0 ? \(lane) : NaN) "
                    + "with points pt 8 ps 1.1 lw 1.5 lc rgb '\(PlotStyle.freeReload)' title 'reload (not charged)'")
        }
        if !kills.isEmpty {
            series.append(
                "'\(reloadsName)' using \"hours\":(column(\"killed\")==1 ? \(lane) : NaN) "
                    + "with points pt 2 ps 1.2 lw 2 lc rgb '\(PlotStyle.exhausted)' title 'reload killed (memory)'")
        }
        if let renders, !renders.isEmpty {
            series.append(
                "'\(rendersName)' using \"hours\":(\(PlotScale.number(renderLane - tick / 2))):(0):(\(PlotScale.number(tick))) "
                    + "with vectors nohead lw 1 lc rgb '\(PlotStyle.render)' title 'entry rendered'")
        }
        script.plot(series)

        var caption = "\(widget): age of the displayed content on \(dayText)"
        if renders == nil { caption += " (render marks unavailable)" }
        return PlotSpec(kind: .age, caption: caption + ".", widget: widget, script: script, data: data)
    }
}
