import Foundation
import WidgetBudgetCommandLine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `widgetbudget-inspect`, the executable that runs `inspect`, looked for in the folder of this
/// one (symbolic links resolved: `/usr/local/bin/widgetbudget` linked to a build folder finds the
/// build folder's).
enum InspectExecutable {
    /// `inspect`'s executable could not be run: one line, exit 1.
    struct Missing: Error, CustomStringConvertible {
        /// The path looked for.
        var path: String
        /// What is wrong.
        var message: String

        /// `PATH: MESSAGE (HINT)`, without the `error: ` the CLI adds.
        var description: String {
            "\(path): \(message) (inspect runs it: build it with `swift build --product \(ToolNames.inspectExecutable)`, "
                + "in this widgetbudget's configuration, or copy it beside widgetbudget)"
        }
    }

    /// The running executable's path, symbolic links resolved (`/proc/self/exe` on Linux; the
    /// loader's path, `_NSGetExecutablePath`, through `Bundle` elsewhere).
    static var running: String? {
        #if os(Linux)
            let invoked: String? = "/proc/self/exe"
        #else
            let invoked = Bundle.main.executablePath ?? CommandLine.arguments.first
        #endif
        guard let invoked, let resolved = realpath(invoked, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `widgetbudget-inspect`'s path beside `executable`.
    static func path(beside executable: String) -> String {
        (executable as NSString).deletingLastPathComponent + "/" + ToolNames.inspectExecutable
    }

    /// Replaces this process with `widgetbudget-inspect` run with `arguments` (`execv`: same
    /// process, standard streams and exit code); throws only when that cannot be done.
    static func replaceProcess(arguments: [String]) throws -> Never {
        let program = path(beside: running ?? CommandLine.arguments[0])
        guard FileManager.default.isExecutableFile(atPath: program) else {
            throw Missing(path: program, message: "no such executable")
        }
        fflush(nil)  // nothing is printed before, but a buffered line would be lost by exec
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        execv(program, argv)
        let reason = String(cString: strerror(errno))
        for pointer in argv { free(pointer) }
        throw Missing(path: program, message: "cannot be run: \(reason)")
    }
}
