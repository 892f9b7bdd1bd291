import WidgetBudgetKit

/// `Reports/index.html`: one self-contained page over every scenario of a batch report, with its
/// CSS inline and the figures linked relatively (SVG, so they stay sharp at any zoom).
public enum HTMLIndex {
    /// The page for `entries`; `source` is the scenario folder, `plotsSkipped` why no figure was
    /// drawn (gnuplot missing), if so.
    public static func page(_ entries: [BatchEntry], source: String, plotsSkipped: String?) -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="widgetbudget">
            <title>WidgetBudget report</title>
            <style>
            \(css)
            </style>
            </head>
            <body>
            <main>
            <h1>WidgetBudget report</h1>

            """
        let failed = entries.filter { $0.error != nil }.count
        html += "<p class=\"lede\">\(entries.count) scenario\(entries.count == 1 ? "" : "s") from <code>\(WebText.html(source))</code>: "
        html += "\(entries.count - failed) simulated" + (failed > 0 ? ", <span class=\"bad\">\(failed) failed</span>" : "") + ". "
        html += "Each widget is replayed against WidgetKit's daily reload budget and the extension's memory limit; "
        html +=
            "<em>fresh</em> means the widget shows everything there is to show, <em>age</em> is how long it has been missing a change.</p>\n"
        if let plotsSkipped {
            html += "<p class=\"notice\"><strong>Plots skipped.</strong> \(WebText.html(plotsSkipped)). "
            html +=
                "The CSV files, the gnuplot scripts and their data are written: run <code>gnuplot NAME.gp</code> in a scenario's folder to draw one.</p>\n"
        }
        html += overview(entries)
        for (i, entry) in entries.enumerated() { html += section(entry, anchor: anchor(i)) }
        html += "<footer>Made by widgetbudget. The scenario files, <code>summary.csv</code>, <code>days.csv</code> and "
        html += "<code>events.csv</code> are described in docs/metrics.md; docs/reading-a-report.md explains each figure.</footer>\n"
        html += "</main>\n</body>\n</html>\n"
        return html
    }

    static func anchor(_ index: Int) -> String { "scenario-\(index + 1)" }

    /// The table of every scenario's widgets, worst values marked.
    static func overview(_ entries: [BatchEntry]) -> String {
        let columns = ReportWording.overviewColumns
        var html = "<h2>Overview</h2>\n<div class=\"scroll\">\n<table class=\"overview\">\n<thead><tr>"
        html += columns.prefix(2).map { "<th class=\"text\">\($0)</th>" }.joined() + columns.dropFirst(2).map { "<th>\($0)</th>" }.joined()
        html += "</tr></thead>\n<tbody>\n"
        for (i, entry) in entries.enumerated() {
            let link = "<a href=\"#\(anchor(i))\">\(WebText.html(entry.name))</a>"
            guard let scenario = entry.scenario, entry.error == nil else {
                html +=
                    "<tr><td class=\"text\">\(link)</td><td class=\"text bad\" colspan=\"\(columns.count - 1)\">failed: see below</td></tr>\n"
                continue
            }
            for s in entry.summaries {
                // Each cell names its column (`data-label`): on a phone the rows become cards.
                let values = [link, WebText.html(s.widget)] + ReportWording.overviewValues(s, scenario: scenario)
                let judged = FreshnessJudgement.isJudged(s.widget, in: scenario)
                let bad = [
                    false, false, false, false, s.exhaustedDayFraction > 0, judged && s.freshness < 0.5, false, false,
                    judged && (s.viewFreshness ?? 1) < 0.5, s.kills > 0,
                ]
                let good = [
                    false, false, false, false, false, judged && s.freshness >= 0.95, false, false,
                    judged && (s.viewFreshness ?? 0) >= 0.95, false,
                ]
                html += "<tr>"
                for (i, value) in values.enumerated() {
                    let classes = (i < 2 ? ["text"] : []) + (bad[i] ? ["bad"] : good[i] ? ["good"] : [])
                    let attribute = classes.isEmpty ? "" : " class=\"\(classes.joined(separator: " "))\""
                    html += "<td\(attribute) data-label=\"\(columns[i])\">\(value)</td>"
                }
                html += "</tr>\n"
            }
        }
        return html + "</tbody>\n</table>\n</div>\n"
    }

    static func cell(_ text: String, bad: Bool, good: Bool = false) -> String {
        "<td" + (bad ? " class=\"bad\"" : good ? " class=\"good\"" : "") + ">\(text)</td>"
    }

    /// One scenario: description, findings, summary table, figures and recommendation, or its error.
    static func section(_ entry: BatchEntry, anchor: String) -> String {
        var html = "<section class=\"scenario\" id=\"\(anchor)\">\n<h2>\(WebText.html(entry.name))</h2>\n"
        guard let scenario = entry.scenario, entry.error == nil else {
            html += "<p class=\"meta\">file <code>\(WebText.html(entry.file))</code></p>\n"
            html +=
                "<div class=\"error\"><strong>This scenario failed</strong> and has no report: \(WebText.html(entry.error ?? "unknown error"))</div>\n"
            return html + "</section>\n"
        }
        let folder = entry.folder
        if !scenario.description.isEmpty { html += "<p class=\"description\">\(WebText.htmlProse(scenario.description))</p>\n" }
        html += "<p class=\"meta\">file <code>\(WebText.html(entry.file))</code> · " + WebText.html(ReportWording.settings(scenario))
        if !entry.dataFiles.isEmpty {
            html +=
                " · data: "
                + entry.dataFiles.map { "<a href=\"\(WebText.html(WebText.url([folder, $0])))\">\(WebText.html($0))</a>" }
                .joined(separator: ", ")
        }
        html += "</p>\n"
        for note in entry.notes { html += "<p class=\"notice\">\(WebText.htmlProse(note))</p>\n" }
        html += summaryTable(entry.summaries, scenario: scenario)

        let scenarioPlots = entry.plots.filter { $0.widget == nil && $0.subfolder.isEmpty }
        html += scenarioPlots.map { figure($0, folder: folder) }.joined()
        for (w, widget) in scenario.widgets.enumerated() {
            html += "<h3>\(WebText.html(widget.name)) <span class=\"provider\">\(WebText.html(widget.provider.summary))</span></h3>\n"
            if w < entry.highlights.count, !entry.highlights[w].isEmpty {
                html += "<ul class=\"findings\">" + entry.highlights[w].map { "<li>\(WebText.html($0))</li>" }.joined() + "</ul>\n"
            }
            html += entry.plots.filter { $0.widget == widget.name && $0.subfolder.isEmpty }.map { figure($0, folder: folder) }.joined()
        }
        let optimizer = entry.plots.filter { !$0.subfolder.isEmpty }
        if entry.recommendation != nil || !optimizer.isEmpty {
            html += "<h3>Optimizer</h3>\n"
            if let text = entry.recommendation { html += "<div class=\"recommendation\">\n" + MarkdownLite.html(text) + "\n</div>\n" }
            html += optimizer.map { figure($0, folder: folder) }.joined()
        }
        return html + "</section>\n"
    }

    /// The per-widget summary table.
    static func summaryTable(_ summaries: [WidgetSummary], scenario: Scenario) -> String {
        let budget = scenario.budget
        var html =
            "<div class=\"scroll\">\n<table class=\"summary\">\n<thead><tr><th class=\"text\">widget</th><th>reloads/day</th><th>charged/day</th>"
        html += "<th>days out of budget</th><th>renders/day</th><th>kills</th><th>peak MB</th><th>fresh</th><th>mean age</th>"
        html += "<th>p95 age</th><th>max age</th><th>views fresh</th></tr></thead>\n<tbody>\n"
        for s in summaries {
            html += "<tr><td class=\"text\">\(WebText.html(s.widget))</td><td>\(NumberFormat.fixed(s.reloadsPerDay, 1))</td>"
            html += "<td>\(NumberFormat.fixed(s.chargedPerDay, 1)) / \(budget.dailyDescription)</td>"
            html += cell(NumberFormat.fixed(s.exhaustedDayFraction * 100, 0) + "%", bad: s.exhaustedDayFraction > 0)
            html += "<td>\(NumberFormat.fixed(s.rendersPerDay, 0))</td>" + cell(String(s.kills), bad: s.kills > 0)
            html += "<td>\(NumberFormat.fixed(s.peakMemoryMB, 1))</td>"
            guard FreshnessJudgement.isJudged(s.widget, in: scenario) else {
                html += String(repeating: "<td>\(FreshnessJudgement.notJudged)</td>", count: 5) + "</tr>\n"
                continue
            }
            let ci = s.freshnessCI.map { " ±" + NumberFormat.fixed($0 * 100, 1) } ?? ""
            html += cell(NumberFormat.fixed(s.freshness * 100, 1) + "%" + ci, bad: s.freshness < 0.5, good: s.freshness >= 0.95)
            html += "<td>\(NumberFormat.humanDuration(s.meanAge))</td><td>\(NumberFormat.humanDuration(s.p95Age))</td>"
            html += "<td>\(NumberFormat.humanDuration(s.maxAge))</td>"
            html +=
                (s.viewFreshness.map { cell(NumberFormat.fixed($0 * 100, 1) + "%", bad: $0 < 0.5, good: $0 >= 0.95) } ?? "<td>–</td>")
                + "</tr>\n"
        }
        return html + "</tbody>\n</table>\n</div>\n"
    }

    /// A figure: the SVG image when drawn, otherwise why not; links to its files.
    static func figure(_ plot: PlotOutcome, folder: String) -> String {
        func link(_ file: String) -> String { WebText.html(WebText.url([folder, plot.subfolder, file])) }
        var html = "<figure>\n"
        switch plot.status {
        case .drawn:
            // On a phone the image keeps a readable size and scrolls sideways inside its figure
            // (`.zoom`); a tap opens the SVG at full size.
            html +=
                "<a class=\"zoom\" href=\"\(link(plot.svgFile))\"><img src=\"\(link(plot.svgFile))\" width=\"\(plot.width)\" height=\"\(plot.height)\" "
            html += "alt=\"\(WebText.html(plot.caption))\"></a>\n"
        case let .skipped(reason):
            html += "<div class=\"placeholder\"><strong>Plot not drawn:</strong> \(WebText.html(reason)). "
            html += "Run <code>gnuplot \(WebText.html(plot.scriptFile))</code> in <code>\(WebText.html(folder))</code> to draw it.</div>\n"
        case let .failed(message):
            html += "<div class=\"placeholder error\"><strong>Plot failed:</strong> \(WebText.html(message))</div>\n"
        }
        html += "<figcaption>\(WebText.html(plot.caption)) "
        if plot.isDrawn { html += "<span class=\"zoom-hint\">Swipe the figure sideways, or tap it for the full-size image.</span> " }
        var files: [String] = []
        if plot.isDrawn { files += ["<a href=\"\(link(plot.svgFile))\">SVG</a>", "<a href=\"\(link(plot.pngFile))\">PNG</a>"] }
        files.append("<a href=\"\(link(plot.scriptFile))\">script</a>")
        for data in plot.files where data.hasSuffix(".csv") { files.append("<a href=\"\(link(data))\">\(WebText.html(data))</a>") }
        html += "<span class=\"files\">" + files.joined(separator: " · ") + "</span></figcaption>\n</figure>\n"
        return html
    }

    /// The width figures keep on a phone, CSS pixels: three quarters of the 960-pixel canvas, so that
    /// the plots' 13-pixel text reads at 9.75 px rather than the 4–5 px of a figure squeezed into a
    /// 390-pixel screen; the figure scrolls sideways inside its box.
    static let phoneFigureWidth = 720

    static let css = """
        :root { color-scheme: light; }
        body { margin: 0; background: #f5f5f7; color: #1d1d1f;
          font: 15px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
        main { max-width: 1080px; margin: 0 auto; padding: 24px 24px 64px; }
        h1 { font-size: 30px; margin: 8px 0 4px; }
        h2 { font-size: 22px; margin: 0 0 8px; }
        h3 { font-size: 18px; margin: 28px 0 6px; }
        .provider { font-size: 14px; font-weight: normal; color: #6e6e73; margin-left: 8px; }
        .lede { color: #3a3a3c; max-width: 60em; }
        .meta, .description { color: #3a3a3c; margin: 4px 0; }
        .meta { font-size: 13px; }
        code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 90%; }
        a { color: #0066cc; text-decoration: none; }
        a:hover { text-decoration: underline; }
        table { border-collapse: collapse; width: 100%; margin: 12px 0; background: #fff; font-variant-numeric: tabular-nums; font-size: 14px; }
        th, td { padding: 5px 9px; border-bottom: 1px solid #e5e5ea; text-align: right; white-space: nowrap; }
        th { font-weight: 600; color: #3a3a3c; border-bottom: 2px solid #d2d2d7; }
        .text { text-align: left; white-space: normal; }
        .bad { color: #b3261e; font-weight: 600; }
        .good { color: #1b7f3b; font-weight: 600; }
        section.scenario { background: #fff; border-radius: 12px; padding: 20px 24px 24px; margin: 28px 0;
          box-shadow: 0 1px 3px rgba(0, 0, 0, 0.08); overflow-x: auto; }
        .findings { margin: 4px 0 12px; padding-left: 20px; }
        .findings li { margin: 2px 0; }
        figure { margin: 16px 0 8px; }
        figure img { display: block; width: 100%; height: auto; border: 1px solid #e5e5ea; border-radius: 6px; background: #fff; }
        figcaption { font-size: 13px; color: #6e6e73; margin-top: 4px; }
        .files { white-space: nowrap; margin-left: 6px; }
        .notice { background: #fff8e1; border-left: 4px solid #c9a227; padding: 8px 12px; }
        .placeholder { background: #fafafa; border: 1px dashed #c7c7cc; border-radius: 6px; padding: 18px; color: #3a3a3c; }
        .error { background: #fdecea; border-left: 4px solid #b3261e; padding: 10px 14px; color: #5f1d18; border-radius: 4px; }
        .recommendation { background: #f2f7ff; border-left: 4px solid #0072b2; padding: 4px 16px; border-radius: 4px; overflow-x: auto; }
        .recommendation td, .recommendation th { white-space: normal; }
        .scroll { overflow-x: auto; }
        .zoom { display: block; }
        .zoom-hint { display: none; }
        .meta, .description, .lede, .findings, figcaption, .notice, .error, .placeholder, h2, h3 { overflow-wrap: anywhere; }
        @media (max-width: 600px) {
          main { padding: 12px 8px 48px; }
          section.scenario { padding: 12px; }
          figure .zoom { overflow-x: auto; }
          figure .zoom img { width: \(phoneFigureWidth)px; max-width: none; }
          .zoom-hint { display: inline; }
          .files { white-space: normal; margin-left: 0; }
          table.overview thead { display: none; }
          table.overview, table.overview tbody, table.overview tr { display: block; }
          table.overview tr { border-bottom: 2px solid #d2d2d7; padding: 4px 0; }
          table.overview td { display: flex; justify-content: space-between; gap: 12px; border: none; padding: 2px 8px; white-space: normal; }
          table.overview td::before { content: attr(data-label); color: #6e6e73; text-align: left; }
        }
        footer { margin-top: 32px; font-size: 13px; color: #6e6e73; }
        """
}
