import ArgumentParser

/// The exit codes of every command, in one place (documented in `--help` and the README).
package enum ExitStatus {
    /// Success.
    package static let ok = ExitCode(0)
    /// Bad input: a scenario, log or CSV file that cannot be read, or an output that cannot be written.
    package static let badInput = ExitCode(1)
    /// `optimize`: no candidate meets the constraints (the outputs explain why).
    package static let noFeasiblePolicy = ExitCode(2)
    /// Figures failed to draw, or gnuplot is missing under `--require-plots`.
    package static let plotsFailed = ExitCode(3)
    /// A usage error: an unknown option or a bad argument value (swift-argument-parser's code).
    package static let usage = ExitCode.validationFailure
    /// Interrupted (Ctrl-C); nothing half-written is left.
    package static let interrupted = ExitCode(130)

    /// The table shown at the end of `widgetbudget --help`.
    package static let helpText = """
        EXIT CODES:
          0    ok
          1    bad input (a file that cannot be read or written; the message names file, line and key)
          2    no feasible policy (optimize)
          3    figures failed, or gnuplot missing with --require-plots
          64   usage (an unknown option, a bad argument value)
          130  interrupted (Ctrl-C)
        """
}

/// Figures that failed to draw, or gnuplot missing under `--require-plots`: exit code 3.
package struct PlotsFailed: Error, CustomStringConvertible {
    /// The one-line message.
    package var description: String
    /// Creates the error.
    package init(_ description: String) { self.description = description }
}
