import Foundation
import Testing
import WidgetBudgetKit

@testable import WidgetBudgetIO

/// The cell maps' labels are readable: each label's colour, as the emitted script draws it, has a
/// WCAG contrast ratio of at least 4.5:1 (AA for normal text) with its cell's colour, which the test
/// computes from the script itself (its `set palette defined`, `set cbrange` and `set palette
/// negative`) and the cell's value, independently of ``PlotPalette``; and titles are wrapped to the
/// canvas.
@Suite("Plot readability")
struct PlotReadabilityTests {
    /// WCAG 2 relative luminance of an 8-bit colour.
    static func luminance(_ rgb: [Double]) -> Double {
        let linear = rgb.map { v -> Double in
            let c = (v * 255).rounded() / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    }

    static func rgb(_ hex: Substring) -> [Double] {
        let value = Int(hex.drop { $0 == "#" }, radix: 16) ?? 0
        return [Double((value >> 16) & 255) / 255, Double((value >> 8) & 255) / 255, Double(value & 255) / 255]
    }

    static func contrast(_ a: [Double], _ b: [Double]) -> Double {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// The fill of `value` as gnuplot computes it from the script: linear RGB interpolation between
    /// the palette's stops over the colour box's range (the script's `set cbrange`, or else the data's).
    static func fill(_ value: Double, script: String, values: [Double]) throws -> [Double] {
        let paletteLine = try #require(script.split(separator: "\n").first { $0.contains("set palette defined") })
        let stops = paletteLine.split(separator: "(")[1].split(separator: ",").map { stop -> (Double, [Double]) in
            let parts = stop.split(separator: " ")
            return (Double(parts[0])!, rgb(parts[1].split(separator: "'")[0]))
        }
        var low = values.min()!, high = values.max()!
        if let range = script.split(separator: "\n").first(where: { $0.contains("set cbrange [") }) {
            let bounds = range.split(separator: "[")[1].split(separator: "]")[0].split(separator: ":")
            low = Double(bounds[0])!
            high = Double(bounds[1])!
        }
        var gray = high > low ? min(max((value - low) / (high - low), 0), 1) : 0.5
        if script.contains("set palette negative") { gray = 1 - gray }
        let z = stops.first!.0 + gray * (stops.last!.0 - stops.first!.0)
        let upper = max(1, stops.firstIndex { $0.0 >= z } ?? stops.count - 1)
        let (pa, ca) = stops[upper - 1], (pb, cb) = stops[upper]
        let t = pb > pa ? (z - pa) / (pb - pa) : 1
        return (0..<3).map { ca[$0] + t * (cb[$0] - ca[$0]) }
    }

    /// Every labelled cell of a cell map and the smallest contrast of its label with its fill:
    /// each `with labels` series, its colour and, when it says so, the `white_label` its cells have.
    static func labelContrasts(_ spec: PlotSpec) throws -> [(cell: String, contrast: Double)] {
        let script = spec.script.text
        let data = try #require(spec.data.first)
        let table = try CSVReader.read(data: Data(data.text.utf8), name: data.name)
        let objective = try table.requireColumn("objective"), feasible = try table.requireColumn("feasible")
        let values = table.rows.filter { $0[feasible] == "1" }.map { Double($0[objective])! }
        var out: [(String, Double)] = []
        for line in script.split(separator: "\n") where line.contains("with labels") {
            let color = rgb(try #require(line.split(separator: "tc rgb '").last?.split(separator: "'").first))
            let only = line.contains("white_label\")==1") ? "1" : line.contains("white_label\")==0") ? "0" : nil
            for row in table.rows {
                if let only, row[try table.requireColumn("white_label")] != only { continue }
                let cell = "\(row[objective]) (row \(row.line))"
                if row[feasible] == "1" {
                    out.append((cell, contrast(color, try fill(Double(row[objective])!, script: script, values: values))))
                } else {
                    // Hatched in grey on white: the label must read on both.
                    out.append((cell, min(contrast(color, rgb("#b0b0b0")), contrast(color, rgb("#ffffff")))))
                }
            }
        }
        return out
    }

    @Test(arguments: [OptimizationObjective.meanAge, .freshness])
    func objectiveMapLabelsContrastWithTheirCells(objective: OptimizationObjective) throws {
        let map = OptimizationPlots.objectiveMap(try PlotOptimizationTests.table(objective: objective), scenarioName: "clock")
        let contrasts = try Self.labelContrasts(map)
        #expect(contrasts.count == map.data[0].text.split(separator: "\n").count - 1, "every cell is labelled once")
        for (cell, ratio) in contrasts { #expect(ratio >= 4.5, "cell \(cell): contrast \(ratio)") }
    }

    @Test func segmentMapLabelsContrastWithTheirCells() throws {
        try PlotTestSupport.withFolder { folder in
            let specs = try PlotOptimizationTests.scheduleSpecs(in: folder)
            let map = try #require(specs.first { $0.kind == .segmentMap })
            let contrasts = try Self.labelContrasts(map)
            #expect(!contrasts.isEmpty)
            for (cell, ratio) in contrasts { #expect(ratio >= 4.5, "cell \(cell): contrast \(ratio)") }
        }
    }

    /// Labels are at least 12 points where the cells have room (the maps of a few columns), not 9.
    @Test func labelsAreLargeWhereCellsHaveRoom() throws {
        let map = OptimizationPlots.objectiveMap(try PlotOptimizationTests.table(), scenarioName: "clock")
        let sizes = map.script.text.split(separator: "\n").filter { $0.contains("with labels") }.compactMap {
            $0.split(separator: "font ',").last.flatMap { Int($0.prefix { $0.isNumber }) }
        }
        #expect(!sizes.isEmpty && sizes.allSatisfy { $0 >= 12 }, "\(sizes)")
    }

    /// The palette colours computed in Swift are the stops at the ends and the middle, and the WCAG
    /// numbers of the two label colours are the standard's (white 21:1 on black).
    @Test func paletteAndContrastArithmetic() {
        let p = PlotStyle.sequential
        #expect(p.color(0, low: 0, high: 10).hex == "#fde725")
        #expect(p.color(5, low: 0, high: 10).hex == "#21918c")
        #expect(p.color(10, low: 0, high: 10).hex == "#3b0f70")
        #expect(p.color(10, low: 0, high: 10, negative: true).hex == "#fde725")
        #expect(abs(PlotPalette.RGB(hex: "#000000").contrast(with: PlotPalette.RGB(hex: "#ffffff")) - 21) < 1e-12)
        // The smallest contrast the better of black and white can have (luminance ≈ 0.179).
        let worst = (0...255).map { PlotPalette.RGB(hex: String(format: "#%02x%02x%02x", $0, $0, $0)) }.map { fill in
            PlotPalette.RGB(hex: PlotPalette.labelColor(on: fill)).contrast(with: fill)
        }.min()!
        #expect(worst >= 4.5, "\(worst)")
    }

    /// A title longer than the canvas is wrapped at spaces into lines that fit, none lost.
    @Test func longTitlesAreWrappedToTheCanvas() {
        let text =
            "observed-01-daily-budget · age-greedy: age of the displayed content, Tue 6 Jan 2026, day 2 of 7, worst of 20 replications (3)"
        let command = GnuplotText.title(text, width: 960)
        let lines = command.split(separator: "'").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        #expect(lines.count == 2, "\(command)")
        #expect(lines.joined(separator: " ") == text)
        for line in lines { #expect(TextWidth.pixels(line) <= 960 - 2 * GnuplotText.titleMargin, "\(line)") }
        // A word wider than a line is cut with an ellipsis; past three lines the rest is cut.
        let long = GnuplotText.wrapped(String(repeating: "W", count: 200), width: 300, maximumLines: 3)
        #expect(long.count == 1 && long[0].hasSuffix("…") && TextWidth.pixels(long[0]) <= 300)
        let many = GnuplotText.wrapped(Array(repeating: "word", count: 200).joined(separator: " "), width: 300, maximumLines: 3)
        #expect(many.count == 3 && many[2].hasSuffix("…"))
    }
}
