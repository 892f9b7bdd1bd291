import ArgumentParser
import Foundation
import WidgetBudgetIO

/// Runs a command body, turning every error into one line on standard error and the exit code of
/// ``ExitStatus`` for its kind: no stack trace ever reaches the user.
package func reportingErrors<T>(_ body: () throws -> T) throws -> T {
    // Before any thread starts: a signal then removes staged output and stops gnuplot.
    InterruptGuard.installIfNeeded { printError(OutputTransaction.interruptedMessage()) }
    do {
        return try body()
    } catch let exit as ExitCode {
        throw exit
    } catch let error as ValidationError {
        printError("error: \(error)")
        throw ExitStatus.usage
    } catch let error as PlotsFailed {
        printError("error: \(error)")
        throw ExitStatus.plotsFailed
    } catch {
        printError("error: \(error)")
        throw ExitStatus.badInput
    }
}

/// Prints a line to standard error, its control characters made visible (``TerminalText/safe(_:)``).
package func printError(_ line: String) {
    FileHandle.standardError.write(Data((TerminalText.safe(line.replacingOccurrences(of: "\n", with: " ")) + "\n").utf8))
}
