import ArgumentParser
import WidgetBudgetCommandLine

/// `widgetbudget-inspect`: runs `widgetbudget inspect`, which hands it its command line unchanged
/// (`inspect` and the arguments after it), so usage and errors read as `widgetbudget inspect`'s.
///
/// Its own executable so that swift-syntax, which only `inspect` uses, is not linked into
/// `widgetbudget`: every other command's start-up would scan swift-syntax's thousands of
/// protocol-conformance records (docs/performance.md, "Start-up"). Run alone, `inspect` may be
/// left out: `widgetbudget-inspect MyWidget` is `widgetbudget inspect MyWidget`.
@main
struct InspectTool: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: ToolNames.command,
        abstract: "Read a widget's Swift sources (widgetbudget inspect).",
        version: ToolNames.version,
        subcommands: [Inspect.self],
        defaultSubcommand: Inspect.self
    )
}
