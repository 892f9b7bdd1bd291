import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

@testable import WidgetBudgetIO

/// Snapshot tests of the gnuplot scripts: what a user finds beside the images and may edit.
///
/// When a script changes on purpose, run with `WIDGETBUDGET_RECORD_SNAPSHOTS=DIR` to write the new
/// scripts into DIR, check them (and the images they draw), and paste them here.
@Suite("Plot scripts")
struct PlotScriptTests {
    /// Seed 002's clock over one day: the budget runs out at 05:50.
    static func input() throws -> ScenarioPlotInput {
        let scenario = TestScenarios.single(
            .fixed(FixedProvider(entries: 6, spacing: 60, policy: .atEnd)), kind: "clock", days: 1, seed: 2002,
            budget: .fixed(70, model: .midnight), predictable: EventProcess(.every(period: 60, offset: 0)))
        return try ScenarioPlotInput(result: Simulator.run(scenario, events: .reloads))
    }

    static func check(_ spec: PlotSpec, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if let folder = ProcessInfo.processInfo.environment["WIDGETBUDGET_RECORD_SNAPSHOTS"] {
            try? spec.script.text.write(
                toFile: (folder as NSString).appendingPathComponent(spec.script.fileName), atomically: true, encoding: .utf8)
        }
        let actual = spec.script.text.split(separator: "\n", omittingEmptySubsequences: false)
        let wanted = (expected + "\n").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            actual.count == wanted.count, "\(spec.name): \(actual.count) lines, expected \(wanted.count)", sourceLocation: sourceLocation)
        for (i, (a, w)) in zip(actual, wanted).enumerated() where a != w {
            Issue.record("\(spec.script.fileName) line \(i + 1):\n  got      \(a)\n  expected \(w)", sourceLocation: sourceLocation)
            break
        }
    }

    @Test func budgetScript() throws {
        let spec = try #require(ScenarioPlots.specs(try Self.input()).first { $0.kind == .budget })
        Self.check(spec, Self.budget)
    }

    @Test func ageScript() throws {
        let spec = try #require(ScenarioPlots.specs(try Self.input()).first { $0.kind == .age })
        Self.check(spec, Self.age)
    }

    @Test func chargedPerDayScript() throws {
        let spec = try #require(ScenarioPlots.specs(try Self.input()).first { $0.kind == .chargedPerDay })
        Self.check(spec, Self.charged)
    }

    @Test func freshnessScript() throws {
        let spec = try #require(ScenarioPlots.specs(try Self.input()).first { $0.kind == .freshness })
        Self.check(spec, Self.freshness)
    }

    @Test func sameInputSameBytes() throws {
        let a = ScenarioPlots.specs(try Self.input()), b = ScenarioPlots.specs(try Self.input())
        #expect(a == b)
        #expect(a.map(\.name) == ["charged-per-day", "budget-clock", "age-clock", "freshness-clock"])
    }

    static let budget = #"""
        # Reload budget left over time for one widget, replication 1.
        # Written by widgetbudget. To redraw both images after an edit, run in this folder:
        #   gnuplot budget-clock.gp        (writes budget-clock.svg and budget-clock.png)
        # Data: budget-clock.csv, budget-clock-waiting.csv
        set encoding utf8
        set datafile separator comma
        set datafile columnheaders
        do for [format in "svg png"] {
            if (format eq "svg") {
                set terminal svg size 960,480 fixed noenhanced font "sans-serif,13" background rgb "white"
                set output 'budget-clock.svg'
            } else {
                set terminal pngcairo size 960,480 noenhanced font "sans,11" background rgb "white"
                set output 'budget-clock.png'
            }
            set border 3 lc rgb '#444444'
            set tics nomirror out
            set grid back lc rgb '#d9d9d9' lw 1
            set title 'test · clock: reload budget left (replication 1)' noenhanced
            set xlabel 'local time (UTC)' noenhanced
            set ylabel 'charged reloads left in the budget'
            set xrange [0:24]
            set yrange [0:79.8]
            set xtics ("00:00" 0.0000, "" 1.0000 1, "" 2.0000 1, "03:00" 3.0000, "" 4.0000 1, "" 5.0000 1, "06:00" 6.0000, "" 7.0000 1, "" 8.0000 1, "09:00" 9.0000, "" 10.0000 1, "" 11.0000 1, "12:00" 12.0000, "" 13.0000 1, "" 14.0000 1, "15:00" 15.0000, "" 16.0000 1, "" 17.0000 1, "18:00" 18.0000, "" 19.0000 1, "" 20.0000 1, "21:00" 21.0000, "" 22.0000 1, "" 23.0000 1, "00:00" 24.0000)
            set ytics 0,20 nomirror
            set key below center horizontal nobox noopaque height 1 samplen 2 maxcols 3
            set label 1 '05:50' at 5.833333,74.9 left offset 0.3,0 textcolor rgb '#D55E00' font ',10'
            plot 'budget-clock-waiting.csv' using ((column("start_hours")+column("end_hours"))/2):(39.9):"start_hours":"end_hours":(0):(79.8) with boxxyerror fc rgb '#D55E00' fs transparent solid 0.18 noborder title 'out of budget: a reload is waiting', \
                 'budget-clock.csv' using "hours":"budget_left" with steps lw 2 lc rgb '#0072B2' title 'reloads left', \
                 70 with lines dt 2 lw 1.5 lc rgb '#555555' title 'daily budget B = 70/day (midnight)'
            unset output
        }
        """#
    static let age = #"""
        # Age of the displayed content over one day for one widget, with reloads and renders.
        # Written by widgetbudget. To redraw both images after an edit, run in this folder:
        #   gnuplot age-clock.gp        (writes age-clock.svg and age-clock.png)
        # Data: age-clock.csv, age-clock-reloads.csv, age-clock-renders.csv, age-clock-waiting.csv
        set encoding utf8
        set datafile separator comma
        set datafile columnheaders
        do for [format in "svg png"] {
            if (format eq "svg") {
                set terminal svg size 960,500 fixed noenhanced font "sans-serif,13" background rgb "white"
                set output 'age-clock.svg'
            } else {
                set terminal pngcairo size 960,500 noenhanced font "sans,11" background rgb "white"
                set output 'age-clock.png'
            }
            set border 3 lc rgb '#444444'
            set tics nomirror out
            set grid back lc rgb '#d9d9d9' lw 1
            set title 'test · clock: age of the displayed content, Mon 5 Jan 2026, day 1 of 1, replication 1' noenhanced
            set xlabel 'local time (UTC)' noenhanced
            set ylabel 'age of what the widget shows (hours)'
            set xrange [0:24]
            set yrange [-3.9204:19.602]
            set xtics ("00:00" 0.0000, "" 1.0000 1, "" 2.0000 1, "03:00" 3.0000, "" 4.0000 1, "" 5.0000 1, "06:00" 6.0000, "" 7.0000 1, "" 8.0000 1, "09:00" 9.0000, "" 10.0000 1, "" 11.0000 1, "12:00" 12.0000, "" 13.0000 1, "" 14.0000 1, "15:00" 15.0000, "" 16.0000 1, "" 17.0000 1, "18:00" 18.0000, "" 19.0000 1, "" 20.0000 1, "21:00" 21.0000, "" 22.0000 1, "" 23.0000 1, "00:00" 24.0000)
            set ytics 0,5 nomirror
            set ytics add ('reloads' -1.37214, 'renders' -2.9403)
            set arrow 1 from graph 0, first 0 to graph 1, first 0 nohead lc rgb '#888888' lw 1 back
            set key below center horizontal nobox noopaque height 1 samplen 2 maxcols 3
            plot 'age-clock-waiting.csv' using ((column("start_hours")+column("end_hours"))/2):(9.801):"start_hours":"end_hours":(0):(19.602) with boxxyerror fc rgb '#D55E00' fs transparent solid 0.18 noborder title 'out of budget: a reload is waiting', \
                 'age-clock.csv' using "hours":(column("age_s")/3600) with filledcurves y1=0 fc rgb '#cfe2f3' fs solid 1.0 noborder notitle, \
                 'age-clock.csv' using "hours":(column("age_s")/3600) with lines lw 1.5 lc rgb '#0072B2' title 'age (0 = fresh)', \
                 'age-clock-reloads.csv' using "hours":(column("charged")==1 && column("killed")==0 ? -1.37214 : NaN) with points pt 9 ps 1.1 lc rgb '#0072B2' title 'reload (charged)', \
                 'age-clock-renders.csv' using "hours":(-3.283335):(0):(0.68607) with vectors nohead lw 1 lc rgb '#555555' title 'entry rendered'
            unset output
        }
        """#
    static let charged = #"""
        # Charged reloads per day of every widget against the daily budget.
        # Written by widgetbudget. To redraw both images after an edit, run in this folder:
        #   gnuplot charged-per-day.gp        (writes charged-per-day.svg and charged-per-day.png)
        # Data: charged-per-day.csv
        set encoding utf8
        set datafile separator comma
        set datafile columnheaders
        do for [format in "svg png"] {
            if (format eq "svg") {
                set terminal svg size 960,480 fixed noenhanced font "sans-serif,13" background rgb "white"
                set output 'charged-per-day.svg'
            } else {
                set terminal pngcairo size 960,480 noenhanced font "sans,11" background rgb "white"
                set output 'charged-per-day.png'
            }
            set border 3 lc rgb '#444444'
            set tics nomirror out
            set grid back lc rgb '#d9d9d9' lw 1
            set title 'test: charged reloads per day (replication 1)' noenhanced
            set xlabel 'day (local date, UTC)' noenhanced
            set ylabel 'charged reloads per day'
            set xrange [0.4:1.6]
            set yrange [0:80.5]
            set xtics ("Mon 5 Jan" 1)
            set ytics 0,20 nomirror
            set grid noxtics ytics
            set key below center horizontal nobox noopaque height 1 samplen 2 maxcols 3
            set object 1 rectangle from graph 0, first 40 to graph 1, first 70 behind fc rgb '#009E73' fs transparent solid 0.15 noborder
            set boxwidth 0.72
            plot NaN with boxes fc rgb '#009E73' fs transparent solid 0.15 noborder title 'typical budget 40–70/day', \
                 70 with lines dt 2 lw 1.5 lc rgb '#555555' title 'this scenario: B = 70/day', \
                 'charged-per-day.csv' using (column("day")+(0)):(column("widget_index")==1 ? column("charged_mean") : NaN) with boxes fc rgb '#0072B2' fs solid 0.75 noborder title 'clock'
            unset output
        }
        """#
    static let freshness = #"""
        # Share of each hour of each day the widget's display was fresh.
        # Written by widgetbudget. To redraw both images after an edit, run in this folder:
        #   gnuplot freshness-clock.gp        (writes freshness-clock.svg and freshness-clock.png)
        # Data: freshness-clock.csv
        set encoding utf8
        set datafile separator comma
        set datafile columnheaders
        do for [format in "svg png"] {
            if (format eq "svg") {
                set terminal svg size 960,320 fixed noenhanced font "sans-serif,13" background rgb "white"
                set output 'freshness-clock.svg'
            } else {
                set terminal pngcairo size 960,320 noenhanced font "sans,11" background rgb "white"
                set output 'freshness-clock.png'
            }
            set border 3 lc rgb '#444444'
            set tics nomirror out
            set grid back lc rgb '#d9d9d9' lw 1
            set title 'test · clock: share of each hour the display was fresh' noenhanced
            set xlabel 'local time (UTC)' noenhanced
            set ylabel 'day'
            set xrange [0:24]
            set yrange [1.5:0.5]
            set xtics ("00:00" 0, "03:00" 3, "06:00" 6, "09:00" 9, "12:00" 12, "15:00" 15, "18:00" 18, "21:00" 21, "24:00" 24)
            set ytics ("Mon 5 Jan" 1)
            set grid noxtics noytics
            unset key
            set palette defined (0 '#b2182b', 25 '#ef8a62', 50 '#f7f7f7', 75 '#67a9cf', 100 '#2166ac')
            set cbrange [0:100]
            set cbtics 0,25,100
            set cblabel '% of the hour the display was fresh'
            plot 'freshness-clock.csv' using (column("hour")+0.5):"day":"hour":(column("hour")+1):(column("day")-0.5):(column("day")+0.5):"fresh_percent" with boxxyerror fs solid 1.0 noborder fc palette notitle
            unset output
        }
        """#
}
