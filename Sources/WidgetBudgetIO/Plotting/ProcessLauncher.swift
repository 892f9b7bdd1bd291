import Dispatch
import Foundation

/// The seam between the plotting code and the operating system's process launch: the live one
/// runs a program, tests substitute one that fails in a chosen way.
struct ProcessLauncher: Sendable {
    /// How a run ended.
    struct Termination: Sendable, Equatable {
        /// The exit status, or the signal number when `signaled`.
        var status: Int32
        /// True when the process was killed by a signal.
        var signaled: Bool
        /// True when it was killed for running past the time limit.
        var timedOut: Bool
        /// What it wrote to standard error.
        var standardError: String
    }

    /// A launch that could not happen (the program cannot be executed).
    struct LaunchFailure: Error, Sendable {
        /// Why.
        var reason: String
    }

    /// Runs `executable` with `arguments` in `directory`, standard input read from the file
    /// `inputFile`, standard output discarded; kills it after `timeout` seconds.
    var run:
        @Sendable (_ executable: String, _ arguments: [String], _ inputFile: String, _ directory: String, _ timeout: Double) throws
            -> Termination

    /// The real launch, through Foundation's `Process`.
    ///
    /// Standard input is the script file itself, not a pipe: gnuplot reads it as `/dev/stdin`
    /// (stopping at the first error with its line number) and no write into a pipe gnuplot has
    /// closed can raise SIGPIPE.
    static let live = ProcessLauncher { executable, arguments, inputFile, directory, timeout in
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        guard let input = FileHandle(forReadingAtPath: inputFile) else {
            throw LaunchFailure(reason: "cannot read \(inputFile)")
        }
        defer { try? input.close() }
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        ChildProcesses.willStart()
        do {
            try process.run()
        } catch {
            ChildProcesses.started(nil)
            throw LaunchFailure(reason: "cannot run \(executable): \((error as NSError).localizedDescription)")
        }
        let pid = process.processIdentifier
        ChildProcesses.started(pid)
        defer { ChildProcesses.ended(pid) }
        let started = DispatchTime.now()
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: started + timeout, execute: watchdog)
        let text = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        let signaled = process.terminationReason == .uncaughtSignal
        return Termination(
            status: process.terminationStatus, signaled: signaled, timedOut: signaled && elapsed >= timeout,
            standardError: String(decoding: text, as: UTF8.self))
    }
}
