import Foundation
import WidgetBudgetKit

/// Draws ``PlotSpec``s with gnuplot: writes each figure's data and script into a folder, runs
/// gnuplot on the script and keeps the SVG and PNG it makes.
///
/// Without gnuplot the scripts and data are still written and every figure is reported as skipped
/// with the install hint. Files appear in the folder only when complete: each figure is drawn in a
/// private staging folder, each image gnuplot says it wrote is checked whole (``FigureCheck``),
/// and its files are renamed into place. A figure cut short by the disk (a PNG without its end
/// chunk, an SVG without its closing tag, gnuplot's own write error) is a ``FileWriteError`` that
/// fails the whole output set, not one failed figure.
public struct PlotRenderer: Sendable {
    /// Where gnuplot is, or why it is not there.
    public enum Gnuplot: Sendable, Equatable {
        /// The executable's path.
        case found(String)
        /// Not found: the reason, with the install hint.
        case missing(String)
    }

    /// How to get gnuplot, said wherever plots are skipped.
    public static let installHint =
        "install gnuplot (Debian/Ubuntu: sudo apt-get install gnuplot-nox; macOS: brew install gnuplot) or pass --gnuplot PATH"
    /// Longest a single gnuplot run may take, in seconds.
    static let timeout: Double = 120

    /// The gnuplot in use.
    public let gnuplot: Gnuplot
    let launcher: ProcessLauncher

    /// A renderer using `gnuplot` through `launcher` (tests pass their own launcher).
    init(gnuplot: Gnuplot, launcher: ProcessLauncher = .live) {
        self.gnuplot = gnuplot
        self.launcher = launcher
    }

    /// Finds gnuplot: `explicit` when given (a path, or a name looked up on `PATH`), otherwise
    /// `gnuplot` on the `PATH` of `environment`.
    /// - Throws: ``PlotError`` when `explicit` names no executable file (the user asked for it).
    public static func locate(explicit: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) throws
        -> PlotRenderer
    {
        let fm = FileManager.default
        let searchPath = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        func onPath(_ name: String) -> String? {
            for directory in searchPath where !directory.isEmpty {
                let candidate = (directory as NSString).appendingPathComponent(name)
                var isDirectory: ObjCBool = false
                if fm.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue, isProgram(candidate) {
                    return candidate
                }
            }
            return nil
        }
        if let explicit {
            if explicit.contains("/") {
                var isDirectory: ObjCBool = false
                guard fm.fileExists(atPath: explicit, isDirectory: &isDirectory), !isDirectory.boolValue else {
                    throw PlotError("--gnuplot \(explicit): no such file")
                }
                guard isProgram(explicit) else { throw PlotError("--gnuplot \(explicit): the file is not executable") }
                return PlotRenderer(gnuplot: .found(explicit))
            }
            guard let found = onPath(explicit) else { throw PlotError("--gnuplot \(explicit): not found on PATH") }
            return PlotRenderer(gnuplot: .found(found))
        }
        if let found = onPath("gnuplot") { return PlotRenderer(gnuplot: .found(found)) }
        return PlotRenderer(gnuplot: .missing("gnuplot not found on PATH: " + installHint))
    }

    /// True for a file with an execute permission bit the process may use (`access(2)` alone says
    /// yes to root for any file).
    static func isProgram(_ path: String) -> Bool {
        let permissions = (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? 0
        return permissions & 0o111 != 0 && FileManager.default.isExecutableFile(atPath: path)
    }

    /// True when gnuplot was found.
    public var isAvailable: Bool {
        if case .found = gnuplot { return true }
        return false
    }

    /// Writes each spec's data and script into `folder` and draws it; returns one outcome per
    /// spec, in order. A gnuplot error fails that figure only.
    /// - Throws: ``FileWriteError`` when a file cannot be written.
    public func render(_ specs: [PlotSpec], in folder: String) throws -> [PlotOutcome] {
        guard !specs.isEmpty else { return [] }
        let fm = FileManager.default
        let staging = (folder as NSString).appendingPathComponent(".plots-staging-\(getpid())-\(UUID().uuidString.prefix(8))")
        for path in [folder, staging] {
            do {
                try fm.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                throw FileWriteError(path: path, reason: "cannot create the folder: \(OutputTransaction.reason(error))")
            }
        }
        defer { try? fm.removeItem(atPath: staging) }
        func inStaging(_ name: String) -> String { (staging as NSString).appendingPathComponent(name) }
        for spec in specs {
            for file in spec.data { try AtomicFile.write(file.text, to: inStaging(file.name)) }
            try AtomicFile.write(spec.script.text, to: inStaging(spec.script.fileName))
        }
        // gnuplot spends most of its time starting up, so the figures are drawn in parallel; each
        // writes only its own files and its status goes into its own slot.
        let statuses: [PlotOutcome.Status]
        switch gnuplot {
        case let .missing(reason):
            statuses = specs.map { _ in .skipped(reason) }
        case let .found(executable):
            let drawn = ParallelMap.map(count: specs.count) { i in draw(specs[i], executable: executable, staging: staging, folder: folder)
            }
            statuses = try drawn.map { try $0.get() }
        }
        // On a signal the children were killed and the output is being removed: move nothing.
        ChildProcesses.parkIfStopping()
        var outcomes: [PlotOutcome] = []
        for (spec, status) in zip(specs, statuses) {
            var files = spec.data.map(\.name) + [spec.script.fileName]
            if status == .drawn { files += [spec.name + ".svg", spec.name + ".png"] }
            for name in files {
                let target = (folder as NSString).appendingPathComponent(name)
                do {
                    try FileSystemCalls.live.rename(inStaging(name), target)
                } catch {
                    throw FileWriteError(path: target, reason: OutputTransaction.reason(error))
                }
            }
            outcomes.append(
                PlotOutcome(
                    kind: spec.kind, name: spec.name, caption: spec.caption, widget: spec.widget, width: spec.script.width,
                    height: spec.script.height, status: status, files: files))
        }
        return outcomes
    }

    /// Runs gnuplot on the staged script; `.drawn` when both images came out whole, a
    /// ``FileWriteError`` when the disk cut them short.
    private func draw(_ spec: PlotSpec, executable: String, staging: String, folder: String) -> Result<PlotOutcome.Status, FileWriteError> {
        let script = spec.script.fileName
        let termination: ProcessLauncher.Termination
        do {
            termination = try launcher.run(
                executable, ["/dev/stdin"], (staging as NSString).appendingPathComponent(script), staging, Self.timeout)
        } catch let failure as ProcessLauncher.LaunchFailure {
            return .success(.failed(failure.reason))
        } catch {
            return .success(.failed("\(error)"))
        }
        if termination.timedOut { return .success(.failed("gnuplot took longer than \(Int(Self.timeout)) s on \(script) and was stopped")) }
        if termination.signaled { return .success(.failed("gnuplot was killed by signal \(termination.status) while drawing \(script)")) }
        if termination.status != 0 {
            if let reason = FigureCheck.writeFailure(in: termination.standardError) {
                return .failure(
                    FileWriteError(
                        path: (folder as NSString).appendingPathComponent(spec.name + ".png"),
                        reason: "gnuplot could not write \(script)'s figures: \(reason)"))
            }
            return .success(.failed(Self.firstError(termination.standardError, script: script, status: termination.status)))
        }
        for image in [spec.name + ".svg", spec.name + ".png"] {
            let path = (staging as NSString).appendingPathComponent(image)
            switch FigureCheck.check(path) {
            case .whole: continue
            case .missing: return .success(.failed("gnuplot ran \(script) but wrote no \(image)"))
            case let .cut(reason): return .failure(FileWriteError(path: (folder as NSString).appendingPathComponent(image), reason: reason))
            }
        }
        return .success(.drawn)
    }

    /// gnuplot's error as one line naming the script and line: `age-clock.gp line 12: undefined
    /// variable: x`.
    static func firstError(_ standardError: String, script: String, status: Int32) -> String {
        let lines = standardError.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var message =
            lines.first { $0.contains("line ") && $0.contains(":") && $0.hasPrefix("\"") }
            ?? lines.last ?? "gnuplot exited with status \(status)"
        message = message.replacingOccurrences(of: "\"/dev/stdin\"", with: script)
        if message.contains("unknown or ambiguous terminal type") {
            message += " (this gnuplot lacks the svg or pngcairo terminal; Debian: sudo apt-get install gnuplot-nox)"
        }
        return "gnuplot: " + message
    }
}

/// A plotting problem the user must fix (a `--gnuplot` path that is not a program).
public struct PlotError: Error, CustomStringConvertible, Sendable {
    /// The one-line message.
    public var description: String

    /// Creates the error.
    public init(_ description: String) {
        self.description = description
    }
}
