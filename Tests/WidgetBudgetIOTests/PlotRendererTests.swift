import Foundation
import Testing
import WidgetBudgetKit

@testable import WidgetBudgetIO

/// The renderer's handling of gnuplot missing or failing, through the process-launch seam.
@Suite("Plot renderer")
struct PlotRendererTests {
    static func spec(_ name: String = "figure") -> PlotSpec {
        var script = GnuplotScript(name: name, purpose: "A test figure.", dataFiles: [name + ".csv"])
        script.plot(["'\(name).csv' using \"x\":\"y\" with lines title 'y'"])
        return PlotSpec(
            kind: .budget, caption: "test", script: script,
            data: [PlotSpec.DataFile(name: name + ".csv", header: ["x", "y"], rows: [["1", "2"]])])
    }

    /// A launcher that runs nothing and answers `termination` (after writing `images` into the folder).
    static func launcher(_ termination: ProcessLauncher.Termination, images: Bool = false) -> ProcessLauncher {
        ProcessLauncher { _, arguments, input, directory, _ in
            #expect(arguments == ["/dev/stdin"])
            #expect(input.hasSuffix(".gp"))
            if images {
                let base = (input as NSString).lastPathComponent.replacingOccurrences(of: ".gp", with: "")
                for ext in ["svg", "png"] {
                    _ = FileManager.default.createFile(atPath: directory + "/" + base + "." + ext, contents: Data("x".utf8))
                }
            }
            return termination
        }
    }

    @Test func missingGnuplotSkipsWithTheHintAndKeepsScriptAndData() throws {
        try PlotTestSupport.withFolder { folder in
            let renderer = try PlotRenderer.locate(environment: ["PATH": "/nonexistent:" + folder])
            #expect(!renderer.isAvailable)
            let outcome = try #require(try renderer.render([Self.spec()], in: folder).first)
            guard case let .skipped(reason) = outcome.status else {
                Issue.record("\(outcome.status)")
                return
            }
            #expect(reason.contains("gnuplot not found on PATH"))
            #expect(reason.contains("apt-get install gnuplot-nox"))
            #expect(reason.contains("--gnuplot PATH"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["figure.csv", "figure.gp"])
        }
    }

    @Test func explicitPathsMustBePrograms() throws {
        #expect(throws: PlotError.self) { try PlotRenderer.locate(explicit: "/no/such/gnuplot") }
        try PlotTestSupport.withFolder { folder in
            let file = folder + "/gnuplot"
            _ = FileManager.default.createFile(atPath: file, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o644])
            #expect(throws: PlotError.self) { try PlotRenderer.locate(explicit: file) }
            let onPath = try PlotRenderer.locate(environment: ["PATH": folder])
            #expect(!onPath.isAvailable)
        }
        #expect(throws: PlotError.self) { try PlotRenderer.locate(explicit: "no-such-gnuplot-name", environment: ["PATH": "/usr/bin"]) }
        do {
            _ = try PlotRenderer.locate(explicit: "/no/such/gnuplot")
        } catch {
            #expect("\(error)" == "--gnuplot /no/such/gnuplot: no such file")
        }
    }

    @Test func aFailingRunReportsGnuplotsLineAndLeavesNoImage() throws {
        try PlotTestSupport.withFolder { folder in
            let stderr = "         plot nosuch(x)\n              ^\n\"/dev/stdin\" line 12: undefined function: nosuch\n\n"
            let renderer = PlotRenderer(
                gnuplot: .found("/usr/bin/gnuplot"),
                launcher: Self.launcher(.init(status: 1, signaled: false, timedOut: false, standardError: stderr), images: true))
            let outcome = try #require(try renderer.render([Self.spec()], in: folder).first)
            #expect(outcome.status == .failed("gnuplot: figure.gp line 12: undefined function: nosuch"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["figure.csv", "figure.gp"])
        }
    }

    @Test(arguments: [
        (ProcessLauncher.Termination(status: 9, signaled: true, timedOut: true, standardError: ""), "took longer than 120 s"),
        (ProcessLauncher.Termination(status: 11, signaled: true, timedOut: false, standardError: ""), "killed by signal 11"),
        (ProcessLauncher.Termination(status: 0, signaled: false, timedOut: false, standardError: ""), "wrote no figure.svg"),
        (
            ProcessLauncher.Termination(
                status: 1, signaled: false, timedOut: false,
                standardError: "gnuplot: unknown or ambiguous terminal type; type just 'set terminal' for a list\n"), "install gnuplot-nox"
        ),
        (ProcessLauncher.Termination(status: 3, signaled: false, timedOut: false, standardError: ""), "exited with status 3"),
    ])
    func failuresAreOneLine(_ termination: ProcessLauncher.Termination, _ expected: String) throws {
        try PlotTestSupport.withFolder { folder in
            let renderer = PlotRenderer(gnuplot: .found("/usr/bin/gnuplot"), launcher: Self.launcher(termination))
            let outcome = try #require(try renderer.render([Self.spec()], in: folder).first)
            guard case let .failed(message) = outcome.status else {
                Issue.record("\(outcome.status)")
                return
            }
            #expect(message.contains(expected), "\(message)")
            #expect(!message.contains("\n"))
        }
    }

    @Test func aLaunchFailureFailsTheFigureNotTheRun() throws {
        try PlotTestSupport.withFolder { folder in
            let renderer = PlotRenderer(
                gnuplot: .found("/usr/bin/gnuplot"),
                launcher: ProcessLauncher { _, _, _, _, _ in
                    throw ProcessLauncher.LaunchFailure(reason: "cannot run /usr/bin/gnuplot: Permission denied")
                })
            let outcomes = try renderer.render([Self.spec("a"), Self.spec("b")], in: folder)
            #expect(outcomes.map(\.status) == Array(repeating: .failed("cannot run /usr/bin/gnuplot: Permission denied"), count: 2))
        }
    }

    @Test func realLaunchOfAMissingProgramFails() throws {
        try PlotTestSupport.withFolder { folder in
            let renderer = PlotRenderer(gnuplot: .found(folder + "/not-a-program"))
            let outcome = try #require(try renderer.render([Self.spec()], in: folder).first)
            guard case let .failed(message) = outcome.status else {
                Issue.record("\(outcome.status)")
                return
            }
            #expect(message.contains("cannot run"))
        }
    }
}
