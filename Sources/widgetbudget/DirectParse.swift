import ArgumentParser
import WidgetBudgetCommandLine

/// The start-up's short way to a subcommand: `widgetbudget simulate …` parsed by ArgumentParser
/// with `simulate` as the root, when that cannot change what the tool does.
///
/// `ParsableCommand.main()` parses every command line twice more before the real parse: as the
/// two hidden `--generate-completion-script` commands (`checkForCompletionScriptRequest`), then
/// the root command, reflecting over each subcommand it meets (`includesPassthroughArguments`).
/// With the runtime's first-time conformance lookups, that was half of a 1-day `simulate`'s
/// instructions (docs/performance.md, "Start-up"). ArgumentParser skips the completion check for a
/// root that names a super-command, so each subcommand's configuration names `widgetbudget`
/// (``ArgumentParser/CommandConfiguration/underTool()``); ArgumentParser reads that name only from
/// the root of a parse, so the usual parse from `widgetbudget` is unchanged.
///
/// Taken only when the first argument is a subcommand marked so, no argument starts with
/// `--generate-completion-script`, the next is not a shell's `---completion` request, and the
/// parse gives that subcommand. Anything else (help,
/// `--version`, a completion script, any parse or validation error) returns `nil`, and `main`
/// parses the whole command line from `widgetbudget` as before, which prints the same help, usage
/// and error lines as ever: the short way never prints. A successful parse is the usual one while
/// the root declares no arguments of its own (it then consumes none, and the subcommand sees the
/// same arguments). `DirectParseTests` holds both.
enum DirectParse {
    /// The subcommand `arguments` (without the program's name) ask for, parsed, or `nil` when the
    /// usual parse from `root` must run.
    static func command(_ arguments: [String], root: ParsableCommand.Type) -> ParsableCommand? {
        guard let name = arguments.first,
            let subcommand = root.configuration.subcommands.first(where: { $0.configuration.commandName == name }),
            subcommand.configuration._superCommandName == root.configuration.commandName,
            !arguments.contains(where: { $0.hasPrefix("--generate-completion-script") }),
            arguments.dropFirst().first != "---completion",
            let command = try? subcommand.parseAsRoot(Array(arguments.dropFirst())),
            ObjectIdentifier(type(of: command)) == ObjectIdentifier(subcommand)
        else { return nil }
        return command
    }
}

extension CommandConfiguration {
    /// This configuration, naming `widgetbudget` as its super-command, for ``DirectParse``.
    func underTool() -> CommandConfiguration {
        var configuration = self
        configuration._superCommandName = ToolNames.command
        return configuration
    }
}
