import Foundation
import Testing
import WidgetBudgetKit
import WidgetBudgetTestSupport

@testable import WidgetBudgetIO

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Helpers for the plotting tests: finding gnuplot, checking images, scratch folders.
enum PlotTestSupport {
    /// True on CI (the `CI` environment variable is set), where gnuplot and Chromium are installed
    /// and their tests must run.
    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty && $0 != "false" } ?? false }

    /// The renderer with gnuplot from `PATH`.
    static var renderer: PlotRenderer { (try? PlotRenderer.locate()) ?? PlotRenderer(gnuplot: .missing("no gnuplot")) }

    /// Whether tests that run gnuplot run: always on CI (they fail there if it is missing),
    /// elsewhere only when gnuplot is installed.
    static var runsGnuplot: Bool { isCI || renderer.isAvailable }

    /// A fresh folder, removed by `body`'s end.
    static func withFolder<T>(_ body: (String) throws -> T) throws -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("widgetbudget-plot-tests-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url.path)
    }

    /// The width and height of a PNG file, or `nil` when it is not a PNG (signature and IHDR).
    static func pngSize(_ path: String) -> (width: Int, height: Int)? {
        guard let data = FileManager.default.contents(atPath: path), data.count > 33 else { return nil }
        let bytes = [UInt8](data.prefix(33))
        guard bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], bytes[12..<16] == [0x49, 0x48, 0x44, 0x52] else {
            return nil
        }
        func u32(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        // The file must also end with the IEND chunk.
        guard data.suffix(8) == Data([0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]) else { return nil }
        return (u32(16), u32(20))
    }

    /// The root element's `width` and `height` of a well-formed SVG file, or `nil`.
    static func svgSize(_ path: String) -> (width: Int, height: Int)? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let reader = SVGRoot()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        guard parser.parse(), reader.name == "svg", let w = reader.attributes["width"].flatMap(Int.init),
            let h = reader.attributes["height"].flatMap(Int.init)
        else { return nil }
        return (w, h)
    }

    /// All text nodes of an SVG file, joined by newlines (entities decoded).
    static func svgText(_ path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { return "" }
        let reader = SVGRoot()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        _ = parser.parse()
        return reader.texts.joined(separator: "\n")
    }

    /// Checks that a drawn figure's two images exist, are valid, and have the script's size.
    static func expectImages(_ outcome: PlotOutcome, in folder: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(outcome.status == .drawn, "\(outcome.name): \(outcome.status)", sourceLocation: sourceLocation)
        let png = pngSize((folder as NSString).appendingPathComponent(outcome.pngFile))
        #expect(
            png?.width == outcome.width && png?.height == outcome.height, "\(outcome.pngFile): \(String(describing: png))",
            sourceLocation: sourceLocation)
        let svg = svgSize((folder as NSString).appendingPathComponent(outcome.svgFile))
        #expect(
            svg?.width == outcome.width && svg?.height == outcome.height, "\(outcome.svgFile): \(String(describing: svg))",
            sourceLocation: sourceLocation)
    }

    /// A small two-widget scenario that runs out of budget (5-minute timelines, midnight budget of
    /// 70) next to one that does not, with views, over two days and two replications.
    static func scenario(name: String = "plots", widgetNames: [String] = ["clock", "news"], days: Int = 2, replications: Int = 2)
        -> Scenario
    {
        Scenario(
            name: name, days: days, replications: replications, seed: 2002,
            budget: BudgetSettings(dailyMin: 60, dailyMax: 70, model: .midnight),
            widgets: [
                WidgetSpec(
                    name: widgetNames[0], kind: "clock",
                    provider: .fixed(FixedProvider(entries: 6, spacing: 60, firstOffset: 0, align: .none, policy: .atEnd)),
                    predictable: EventProcess(.every(period: 60, offset: 0)),
                    views: EventProcess(.poisson(perHour: 6))),
                WidgetSpec(
                    name: widgetNames[1], kind: "news",
                    provider: .fixed(FixedProvider(entries: 1, spacing: 0, firstOffset: 0, align: .none, policy: .after(1800))),
                    unpredictable: EventProcess(.poisson(perHour: 2))),
            ])
    }
}

/// Reads the root element and the text of an XML document.
private final class SVGRoot: NSObject, XMLParserDelegate {
    var name: String?
    var attributes: [String: String] = [:]
    var texts: [String] = []

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if name == nil {
            name = element
            self.attributes = attributes
        }
    }

    private var current = ""

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        current += string
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        let trimmed = current.trimmingCharacters(in: .whitespacesAndNewlines)
        if !trimmed.isEmpty { texts.append(trimmed) }
        current = ""
    }
}
