/// The names and version the tool's two executables answer to.
///
/// `widgetbudget` runs every command but `inspect`, whose swift-syntax stays out of it:
/// `widgetbudget inspect …` runs `widgetbudget-inspect`, built beside it from the same package
/// (docs/inspect.md, "Two executables").
package enum ToolNames {
    /// The command users type, and the root command of both executables' help.
    package static let command = "widgetbudget"
    /// The executable that runs `inspect`, looked for in the folder of `widgetbudget`'s own.
    package static let inspectExecutable = "widgetbudget-inspect"
    /// `--version`.
    package static let version = "0.1.0"
}
