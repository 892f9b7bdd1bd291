import ArgumentParser
import WidgetBudgetCommandLine
import WidgetBudgetIO

/// What a command prints on standard output.
enum OutputFormat: String, CaseIterable, RawValueArgument {
    /// Tables and findings for a person.
    case text
    /// One JSON document (docs/json-output.md); warnings and errors still go to standard error.
    case json
}

/// `--format text|json`, shared by simulate, optimize, compare and analyze.
struct FormatOption: ParsableArguments {
    @Option(help: "Standard output: text (tables and findings) or json (one document; schema in docs/json-output.md).")
    var format: OutputFormat = .text

    /// Whether the command prints JSON.
    var isJSON: Bool { format == .json }

}

/// `--progress` / `--quiet`: progress on standard error for long runs (simulate, optimize,
/// export-log). By default a bar on a terminal once a run has lasted a second (none under `CI`);
/// `--progress` also prints plain lines every 5 s into a log; `--quiet` never shows any.
struct ProgressOption: ParsableArguments {
    @Flag(help: "Show progress on standard error even when it is not a terminal (a line every 5 s, for CI logs).")
    var progress = false

    @Flag(help: "Never show progress.")
    var quiet = false

    /// Refuses both flags at once (called first inside `reportingErrors`, so the error is one
    /// `error:` line like the other bad values).
    func check() throws {
        if progress && quiet { throw ValidationError("--progress and --quiet say opposite things; give one of them") }
    }

    /// A progress display labelled `label`, in the style the flags and standard error choose.
    func bar(_ label: String) -> ProgressBar {
        ProgressBar(label: label, style: .chosen(progress: progress, quiet: quiet))
    }
}
