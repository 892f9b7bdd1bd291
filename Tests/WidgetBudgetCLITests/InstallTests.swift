import Foundation
import Testing
import WidgetBudgetTestSupport

/// Installing on a Mac (issue #28): `Scripts/bootstrap.sh`'s Homebrew branch, run here with
/// stand-ins for `uname` and `brew`, and the libcsv prefix Package.swift finds by itself.
@Suite("Install")
struct InstallTests {
    /// Runs `Scripts/bootstrap.sh ARGUMENTS` with only stand-in commands on `PATH`: `uname` prints
    /// `system`; `brew` (unless `withBrew` is false) logs each call, and `brew list --versions F`
    /// fails for the formulae in `missing`; `dpkg` says every package is installed. Returns the
    /// status, standard error and the logged `brew` calls.
    static func bootstrap(
        _ arguments: [String], system: String, missing: [String] = [], withBrew: Bool = true
    ) throws -> (status: Int32, stderr: String, calls: [String]) {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("brew.log").path
        func stub(_ name: String, _ body: String) throws {
            let url = folder.appendingPathComponent(name)
            try ("#!/bin/bash\n" + body + "\n").write(to: url, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        }
        try stub("uname", "echo \(system)")
        try stub("dpkg", "exit 0")
        if withBrew {
            let missingList = missing.joined(separator: " ")
            try stub(
                "brew",
                """
                echo "$*" >> \(log)
                if [[ $1 == list ]]; then for m in \(missingList); do [[ $3 == "$m" ]] && exit 1; done; fi
                exit 0
                """)
        }
        let out = try CLIRunner.run(
            program: URL(fileURLWithPath: "/bin/bash"), ["Scripts/bootstrap.sh"] + arguments,
            environment: ["PATH": folder.path])
        let calls = (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        return (out.status, out.stderr, calls.filter { !$0.hasPrefix("list ") })
    }

    @Test("macOS: what is missing is installed with Homebrew, nothing else")
    func macInstallsWhatIsMissing() throws {
        let run = try Self.bootstrap([], system: "Darwin", missing: ["libcsv"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.calls == ["install libcsv"])
        let none = try Self.bootstrap([], system: "Darwin")
        #expect(none.status == 0 && none.calls.isEmpty)
    }

    @Test("macOS --test: parallel, and Chromium as a cask when no browser app is there")
    func macTestTools() throws {
        let run = try Self.bootstrap(["--test"], system: "Darwin", missing: ["gnuplot", "parallel"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.calls == ["install gnuplot parallel", "install --cask chromium"])
    }

    @Test("macOS without Homebrew: one line saying what to install")
    func macWithoutBrew() throws {
        let run = try Self.bootstrap([], system: "Darwin", withBrew: false)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("bootstrap: Homebrew is needed on macOS") && run.stderr.split(separator: "\n").count == 1)
    }

    @Test("Linux never asks Homebrew")
    func linuxUsesApt() throws {
        let run = try Self.bootstrap(["--test"], system: "Linux", missing: ["libcsv"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.calls.isEmpty)
    }

    /// The flags WidgetBudgetIO gets from the manifest with `environment`, read with
    /// `swift package dump-package` (a scratch folder of its own: the test run holds `.build`).
    static func ioFlags(_ environment: [String: String]) throws -> [String] {
        let scratch = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = try CLIRunner.run(
            program: URL(fileURLWithPath: "/usr/bin/env"), ["swift", "package", "--scratch-path", scratch.path, "dump-package"],
            environment: environment)
        #expect(out.status == 0, "\(out.stderr)")
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        let targets = try #require(manifest["targets"] as? [[String: Any]])
        let io = try #require(targets.first { $0["name"] as? String == "WidgetBudgetIO" })
        return (io["settings"] as? [[String: Any]] ?? []).flatMap { setting -> [String] in
            let kind = setting["kind"] as? [String: Any]
            return (kind?["unsafeFlags"] as? [String: Any])?["_0"] as? [String] ?? []
        }
    }

    /// Here `csv.h` is in `/usr/include`, so the default build takes no flags; a libcsv under
    /// another prefix (`LIBCSV_PREFIX`, as Homebrew's `/opt/homebrew` is found on a Mac) gives its
    /// include and library folders and a run path, and a prefix without `csv.h` gives none.
    @Test("the libcsv prefix: none by default, the prefix's folders when it holds csv.h")
    func libcsvPrefix() throws {
        #expect(try Self.ioFlags([:]).isEmpty)
        // SwiftPM caches a manifest's evaluation by its text and environment, not by what it
        // looked at on disk: the prefix without csv.h is another folder than the one with it.
        let empty = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(try Self.ioFlags(["LIBCSV_PREFIX": empty.path]).isEmpty)
        let prefix = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: prefix) }
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("include"), withIntermediateDirectories: true)
        try "/* csv.h */\n".write(to: prefix.appendingPathComponent("include/csv.h"), atomically: true, encoding: .utf8)
        let p = prefix.path
        #expect(
            try Self.ioFlags(["LIBCSV_PREFIX": p]) == [
                "-Xcc", "-I\(p)/include", "-L\(p)/lib", "-Xlinker", "-rpath", "-Xlinker", "\(p)/lib",
            ])
    }
}
