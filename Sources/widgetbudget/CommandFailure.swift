import ArgumentParser
import Foundation
import WidgetBudgetIO

/// Runs a command body, turning every error into one line on standard error and a non-zero exit
/// code: no stack trace ever reaches the user.
func reportingErrors<T>(_ body: () throws -> T) throws -> T {
    // Before any thread starts: a signal then removes staged output and stops gnuplot.
    InterruptGuard.installIfNeeded { printError("interrupted: no output written") }
    do {
        return try body()
    } catch let exit as ExitCode {
        throw exit
    } catch {
        printError("error: \(error)")
        throw ExitCode(1)
    }
}

/// Prints a line to standard error.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line.replacingOccurrences(of: "\n", with: " ") + "\n").utf8))
}
