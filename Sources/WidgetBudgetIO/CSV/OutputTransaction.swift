import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a command's whole output set all-or-nothing: into a staging folder beside the
/// destination folder, then, only when everything succeeded, into place with one rename.
///
/// - **Lock.** `PARENT/.NAME.widgetbudget-lock` is held (`flock`) from ``reserve(_:)`` (the start
///   of the run) to the end: a second run into the same folder fails at once with one line, so no
///   two runs both report success for one folder.
/// - **Staging.** `PARENT/.NAME.widgetbudget-staging-PID/` holds a marker file
///   (``stagingMarker``); on an error, SIGINT, SIGTERM or SIGHUP it is removed (and child
///   processes such as gnuplot are stopped); one left by a SIGKILL is removed by the next run.
/// - **Ownership.** The destination's manifest (``manifestName``) lists every path the tool wrote
///   there, folders' contents included. Everything else in the destination (a user's notes,
///   another command's output folder) is carried into the new folder before the switch; a path
///   the run writes that holds something the tool did not make is refused before anything
///   changes. A destination that is a symlink, a device, a FIFO or a regular file is refused.
/// - **Commit** (docs/limits.md, "Output"): a journal naming the staging folder is written
///   first; then the user's entries are moved into the staging folder and the staging folder
///   and the destination are swapped in one `renameat2(RENAME_EXCHANGE)` (`renamex_np` on
///   macOS) — the point of no return. Where the file system cannot swap, the destination is
///   renamed aside and the staging folder renamed in. The next run into the destination reads a
///   journal left by a killed run and rolls it back (before the switch) or forward (after it).
/// - **Extra files** outside the folder (`analyze --emit-scenario`) are written beside their
///   destination as hidden temporary files, listed in the journal, and renamed after the switch.
///
/// Errors are ``FileWriteError``s: one line naming the path and the system's reason.
public final class OutputTransaction: @unchecked Sendable {
    /// The file, in the destination, listing the paths the tool wrote there.
    public static let manifestName = ".widgetbudget-output"
    /// The file marking a staging folder.
    public static let stagingMarker = ".widgetbudget-staging"

    /// The destination folder, as given.
    public let destination: String
    /// The staging folder: write the output set here.
    public let staging: String
    let parent: String
    let name: String
    let absolute: String
    let lockPath: String
    let journalPath: String
    /// Where the previous output goes when the file system cannot swap folders.
    let oldPath: String
    var lockDescriptor: Int32 = -1
    var extras: [(data: Data, path: String)] = []
    var journal: CommitJournal?
    var finished = false
    let system: FileSystemCalls

    /// Runs `build` with a fresh staging folder for `destination`, then commits its content. On
    /// any error the staging folder is removed and the destination is untouched.
    /// - Returns: what `build` returned.
    public static func run<T>(into destination: String, _ build: (OutputTransaction) throws -> T) throws -> T {
        try reserve(destination).complete(build)
    }

    /// Takes the destination's lock and makes the staging folder now, at the start of a run that
    /// writes there later with ``complete(_:)``: a concurrent run into the same folder is refused
    /// before either does its work. Call ``abort()`` if the run ends without completing.
    public static func reserve(_ destination: String) throws -> OutputTransaction {
        try OutputTransaction(destination: destination, system: .live)
    }

    /// Runs `build` in the staging folder and commits; on any error, aborts and rethrows.
    public func complete<T>(_ build: (OutputTransaction) throws -> T) throws -> T {
        do {
            let value = try build(self)
            try commit()
            return value
        } catch let error as FileWriteError {
            abort()
            // Name the path the user asked for, not the staging folder's.
            throw FileWriteError(path: finalPath(error.path), reason: error.reason)
        } catch {
            abort()
            throw error
        }
    }

    init(destination: String, system: FileSystemCalls) throws {
        guard !destination.isEmpty else { throw FileWriteError(path: destination, reason: "the path is empty") }
        self.system = system
        absolute = URL(fileURLWithPath: destination).standardizedFileURL.path
        self.destination = destination
        let name = (absolute as NSString).lastPathComponent
        let parent = (absolute as NSString).deletingLastPathComponent
        self.name = name
        self.parent = parent
        guard !name.isEmpty, name != "/", name != ".", name != ".." else {
            throw FileWriteError(path: destination, reason: "cannot replace this folder; name a folder inside it")
        }
        func beside(_ suffix: String) -> String { (parent as NSString).appendingPathComponent(".\(name).widgetbudget-\(suffix)") }
        lockPath = beside("lock")
        journalPath = beside("journal")
        staging = beside("staging-\(getpid())")
        oldPath = beside("old-\(getpid())")
        try Self.checkDestination(destination, absolute: absolute)
        try makeParent()
        try lock()
        Self.register(self)
        do {
            try recoverInterruptedCommit()
            removeLeftovers()
            try makeDirectory(staging)
            try Data("\(getpid())\n".utf8).withUnsafeBytes {
                try system.createFile((staging as NSString).appendingPathComponent(Self.stagingMarker), $0, nil)
            }
        } catch {
            abort()
            throw error
        }
    }

    /// The staged path of `name` inside the output folder.
    public func path(_ name: String) -> String { (staging as NSString).appendingPathComponent(name) }

    /// `stagedPath` (a path under ``staging``) as it will read after the commit.
    public func finalPath(_ stagedPath: String) -> String {
        guard stagedPath.hasPrefix(staging) else { return stagedPath }
        return destination + stagedPath.dropFirst(staging.count)
    }

    /// Stages `data` for `path`, a file outside the folder; it is written beside `path` and renamed
    /// into place by the commit. A `path` that exists and is not a regular file is refused.
    /// A `path` inside the output folder itself (`analyze --out DIR --emit-scenario
    /// DIR/fitted.yaml`) is staged inside the folder instead and lands with it.
    public func stageFile(_ data: Data, at path: String) throws {
        if let inside = relativeInsideDestination(path) {
            let staged = self.path(inside)
            let folder = (staged as NSString).deletingLastPathComponent
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw FileWriteError(path: finalPath(folder), reason: "cannot create the folder: \(Self.reason(error))")
            }
            try AtomicFile.write(data, to: staged)
            return
        }
        try Self.checkFileDestination(path)
        extras.append((data, path))
    }

    /// `path` relative to the output folder when it lies inside it (`nil` otherwise).
    func relativeInsideDestination(_ path: String) -> String? {
        let full = URL(fileURLWithPath: path).standardizedFileURL.path
        guard full.hasPrefix(absolute + "/") else { return nil }
        return String(full.dropFirst(absolute.count + 1))
    }

    // MARK: Commit and abort

    /// Moves the staged output into place; held against signals while it runs.
    func commit() throws {
        try InterruptGuard.critical {
            ChildProcesses.parkIfStopping()
            try Self.checkDestination(destination, absolute: absolute)
            let existing = Self.identity(absolute) != nil
            let produced = try tree(staging).filter { $0 != Self.stagingMarker && $0 != Self.manifestName }
            let carried = existing ? try carryPlan(produced: Set(produced)) : []
            try writeManifest(produced)
            guard let stagingID = Self.identity(staging) else { throw FileWriteError(path: staging, reason: "the staging folder is gone") }
            let extraFiles = extras.map { CommitJournal.Extra(temporary: Self.temporaryPath(for: $0.path), path: $0.path) }
            let plan = CommitJournal(
                staging: (staging as NSString).lastPathComponent, old: (oldPath as NSString).lastPathComponent,
                device: stagingID.device, inode: stagingID.inode, carried: carried, extras: extraFiles)
            try writeJournal(plan)
            journal = plan
            for (extra, file) in zip(extras, extraFiles) { try writeExtra(extra.data, temporary: file.temporary, for: file.path) }
            system.remove((staging as NSString).appendingPathComponent(Self.stagingMarker))
            for entry in carried { try carry(entry) }
            try switchFolders(existing: existing)
            // Past the point of no return: the new output is in place.
            Self.noteLanded(destination)
            finishCommitted(plan)
        }
    }

    /// Swaps the staging folder with the destination in one step, or, where the file system
    /// cannot, moves the destination aside and the staging folder in.
    private func switchFolders(existing: Bool) throws {
        guard existing else { return try rename(staging, absolute) }
        do {
            try system.exchange(staging, absolute)
        } catch let failure as FileSystemCalls.Failure where failure.unsupported {
            try rename(absolute, oldPath)
            do {
                try rename(staging, absolute)
            } catch {
                try? system.rename(oldPath, absolute)
                throw error
            }
        } catch {
            throw FileWriteError(path: destination, reason: "cannot switch to the new output: \(Self.reason(error))")
        }
    }

    /// Moves the user's entry `relative` from the destination into the staging folder, making its
    /// parent folders there when the new output has none.
    private func carry(_ relative: String) throws {
        var folder = staging
        for component in relative.split(separator: "/").dropLast() {
            folder = (folder as NSString).appendingPathComponent(String(component))
            if system.status(folder) == nil { try makeDirectory(folder) }
        }
        try rename((absolute as NSString).appendingPathComponent(relative), (staging as NSString).appendingPathComponent(relative))
    }

    /// Removes the staging folder (or, after a commit, the previous output) and staged extra
    /// files, rolls back a commit that did not reach its switch, releases the lock. (Child
    /// processes are waited for by the renderer; ``abortAll()`` kills them on a signal.)
    public func abort() {
        guard !finished else { return }
        if let journal {
            try? rollBack(journal)
        } else {
            system.removeTree(staging)
        }
        extras = []
        finish()
    }

    func finish() {
        finished = true
        unlock()
        Self.unregister(self)
    }

    /// Ends the transaction as a killed process would: the lock released, nothing cleaned.
    /// (Tests of recovery only.)
    func abandon() {
        finished = true
        if lockDescriptor >= 0 { close(lockDescriptor) }
        lockDescriptor = -1
        Self.unregister(self)
    }

    // MARK: Lock

    private func lock() throws {
        while true {
            let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
            guard fd >= 0 else { throw FileWriteError(path: lockPath, reason: String(cString: strerror(errno))) }
            if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                close(fd)
                throw FileWriteError(
                    path: destination,
                    reason: "another widgetbudget run is writing there (lock \(lockPath)); wait for it or choose another --out")
            }
            // The lock file may have been removed by the run that just finished: lock the file
            // that is there now.
            var held = stat()
            var there = stat()
            if fstat(fd, &held) == 0, stat(lockPath, &there) == 0, held.st_ino == there.st_ino, held.st_dev == there.st_dev {
                lockDescriptor = fd
                return
            }
            close(fd)
        }
    }

    private func unlock() {
        guard lockDescriptor >= 0 else { return }
        unlink(lockPath)
        close(lockDescriptor)
        lockDescriptor = -1
    }

    // MARK: File-system steps

    private func makeParent() throws {
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            throw FileWriteError(path: parent, reason: "cannot create the folder: \(Self.reason(error))")
        }
    }

    func makeDirectory(_ path: String) throws {
        do {
            try system.makeDirectory(path)
        } catch {
            throw FileWriteError(path: path, reason: "cannot create the folder: \(Self.reason(error))")
        }
    }

    func rename(_ from: String, _ to: String) throws {
        do {
            try system.rename(from, to)
        } catch {
            throw FileWriteError(path: to, reason: "cannot move \(csvMessageText(from, limit: 200)) there: \(Self.reason(error))")
        }
    }

    static func reason(_ error: any Error) -> String {
        if let failure = error as? FileSystemCalls.Failure { return failure.reason }
        if let failure = error as? FileWriteError { return failure.reason }
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }

    // MARK: Active transactions (for signals)

    private static let registryLock = NSLock()
    nonisolated(unsafe) private static var active: [ObjectIdentifier: OutputTransaction] = [:]
    nonisolated(unsafe) private static var landed: [String] = []

    private static func register(_ t: OutputTransaction) {
        registryLock.lock()
        active[ObjectIdentifier(t)] = t
        registryLock.unlock()
    }

    private static func unregister(_ t: OutputTransaction) {
        registryLock.lock()
        active[ObjectIdentifier(t)] = nil
        registryLock.unlock()
    }

    private static func noteLanded(_ destination: String) {
        registryLock.lock()
        landed.append(destination)
        registryLock.unlock()
    }

    /// The destinations whose new output this process has put in place (past the point of no
    /// return), in order: what an interrupted command has written.
    public static var committed: [String] {
        registryLock.lock()
        defer { registryLock.unlock() }
        return landed
    }

    /// What to say when a signal ends the command: that nothing was written, or where the output
    /// landed before the signal.
    public static func interruptedMessage() -> String {
        let done = committed
        if done.isEmpty { return "interrupted: no output written" }
        return "interrupted after the output was written: "
            + done.map { csvMessageText($0, limit: 200) }.joined(separator: ", ") + " holds the new output"
    }

    /// Aborts every transaction in progress (called on SIGINT, SIGTERM, SIGHUP before exiting).
    public static func abortAll() {
        registryLock.lock()
        let all = Array(active.values)
        registryLock.unlock()
        ChildProcesses.terminateAll()
        for t in all { t.abort() }
        AtomicFile.removeStreamed()
    }
}
