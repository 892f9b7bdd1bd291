import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a command's whole output set all-or-nothing: into a staging folder beside the
/// destination folder, then, only when everything succeeded, into place with renames.
///
/// - **Staging.** `PARENT/.NAME.widgetbudget-staging-PID/` holds a marker file
///   (``stagingMarker``); on an error, SIGINT, SIGTERM or SIGHUP it is removed (and child
///   processes such as gnuplot are stopped); one left by a SIGKILL is recognised by its marker and
///   removed by the next run into the same destination.
/// - **Lock.** `PARENT/.NAME.widgetbudget-lock` is held (`flock`) from start to end: a second run
///   into the same folder fails with one line.
/// - **Ownership.** The destination records the entries the tool wrote in its manifest
///   (``manifestName``). Only those, and folders holding a manifest of their own (another
///   command's output), are ever replaced or removed; anything else already at a name the run
///   writes is refused before anything changes. A destination that is a symlink, a device, a
///   FIFO or a regular file is refused (`--out /dev/null`).
/// - **Commit.** A new destination is the staging folder renamed. An existing one gets each new
///   entry renamed in (the old entry moved into the staging folder first, then deleted with it);
///   entries the previous run wrote and this one did not are removed.
/// - **Extra files** outside the folder (`analyze --emit-scenario`) are written beside their
///   destination as hidden temporary files and renamed in the same commit.
///
/// Errors are ``FileWriteError``s: one line naming the path and the system's reason.
public final class OutputTransaction: @unchecked Sendable {
    /// The file, in the destination, listing the entries the tool wrote there.
    public static let manifestName = ".widgetbudget-output"
    /// The file marking a staging folder.
    public static let stagingMarker = ".widgetbudget-staging"

    /// The destination folder, as given.
    public let destination: String
    /// The staging folder: write the output set here.
    public let staging: String
    private let parent: String
    private let name: String
    private let lockPath: String
    private var lockDescriptor: Int32 = -1
    private var extras: [(temporary: String, path: String)] = []
    private var finished = false
    private let system: FileSystemCalls

    /// Runs `build` with a fresh staging folder for `destination`, then commits its content. On
    /// any error the staging folder is removed and the destination is untouched.
    /// - Returns: what `build` returned.
    public static func run<T>(into destination: String, _ build: (OutputTransaction) throws -> T) throws -> T {
        let transaction = try OutputTransaction(destination: destination, system: .live)
        do {
            let value = try build(transaction)
            try transaction.commit()
            return value
        } catch {
            transaction.abort()
            throw error
        }
    }

    init(destination: String, system: FileSystemCalls) throws {
        guard !destination.isEmpty else { throw FileWriteError(path: destination, reason: "the path is empty") }
        self.system = system
        let absolute = URL(fileURLWithPath: destination).standardizedFileURL.path
        self.destination = destination
        name = (absolute as NSString).lastPathComponent
        parent = (absolute as NSString).deletingLastPathComponent
        guard !name.isEmpty, name != "/", name != ".", name != ".." else {
            throw FileWriteError(path: destination, reason: "cannot replace this folder; name a folder inside it")
        }
        lockPath = (parent as NSString).appendingPathComponent(".\(name).widgetbudget-lock")
        staging = (parent as NSString).appendingPathComponent(".\(name).widgetbudget-staging-\(getpid())")
        try Self.checkDestination(destination, absolute: absolute)
        try makeParent()
        try lock()
        Self.register(self)
        removeStaleStaging()
        do {
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

    /// Stages `data` for `path`, a file outside the folder; it is renamed into place by the commit.
    /// A `path` that exists and is not a regular file is refused.
    public func stageFile(_ data: Data, at path: String) throws {
        try Self.checkFileDestination(path)
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).widgetbudget-\(getpid())").path
        system.remove(temporary)
        do {
            try data.withUnsafeBytes { try system.createFile(temporary, $0, nil) }
        } catch {
            system.remove(temporary)
            throw FileWriteError(path: path, reason: Self.reason(error))
        }
        extras.append((temporary, path))
    }

    // MARK: Commit and abort

    /// Moves the staged output into place; held against signals while it runs.
    func commit() throws {
        try InterruptGuard.critical {
            let produced = try entries(of: staging).filter { $0 != Self.stagingMarker }
            let previous = manifestEntries()
            let existing = system.status(destination) != nil
            if existing {
                // Refuse before changing anything: a name this run writes that holds something
                // the tool did not make.
                for entry in produced where !previous.contains(entry) && !isOwnedOutput(entry) && exists(entry) {
                    throw FileWriteError(
                        path: (destination as NSString).appendingPathComponent(entry),
                        reason: "it was not written by widgetbudget; move it away or choose another --out")
                }
            }
            try writeManifest(produced)
            system.remove((staging as NSString).appendingPathComponent(Self.stagingMarker))
            if existing {
                try replaceEntries(produced, removing: previous.filter { !produced.contains($0) && $0 != Self.manifestName })
            } else {
                try rename(staging, destination)
            }
            for extra in extras { try rename(extra.temporary, extra.path) }
            extras = []
            finish()
        }
    }

    /// Removes the staging folder and staged extra files, releases the lock. (Child processes are
    /// waited for by the renderer; ``abortAll()`` kills them on a signal.)
    func abort() {
        guard !finished else { return }
        for extra in extras { system.remove(extra.temporary) }
        extras = []
        finish()
    }

    private func finish() {
        finished = true
        try? FileManager.default.removeItem(atPath: staging)
        unlock()
        Self.unregister(self)
    }

    private func replaceEntries(_ produced: [String], removing stale: [String]) throws {
        let trash = (staging as NSString).appendingPathComponent(".widgetbudget-replaced")
        try makeDirectory(trash)
        let manifest = Self.manifestName
        for entry in produced.filter({ $0 != manifest }) + [manifest] {
            let target = (destination as NSString).appendingPathComponent(entry)
            if exists(entry) { try rename(target, (trash as NSString).appendingPathComponent(entry)) }
            try rename((staging as NSString).appendingPathComponent(entry), target)
        }
        for entry in stale where exists(entry) {
            try? rename((destination as NSString).appendingPathComponent(entry), (trash as NSString).appendingPathComponent(entry))
        }
    }

    // MARK: Checks

    /// Refuses a destination that is not a folder the tool may write into.
    static func checkDestination(_ destination: String, absolute: String) throws {
        var info = stat()
        guard lstat(absolute, &info) == 0 else { return }
        let type = info.st_mode & S_IFMT
        if type == S_IFLNK { throw FileWriteError(path: destination, reason: "it is a symbolic link; give the real folder") }
        if type != S_IFDIR { throw FileWriteError(path: destination, reason: "it is \(describe(type)), not a folder") }
    }

    /// Refuses a file destination that exists and is not a regular file.
    static func checkFileDestination(_ path: String) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        let type = info.st_mode & S_IFMT
        if type == S_IFDIR { throw FileWriteError(path: path, reason: "it is a directory") }
        if type != S_IFREG { throw FileWriteError(path: path, reason: "it is \(describe(type)), not a regular file") }
    }

    static func describe(_ type: mode_t) -> String {
        switch type {
        case S_IFDIR: return "a folder"
        case S_IFLNK: return "a symbolic link"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        default: return "a regular file"
        }
    }

    private func exists(_ entry: String) -> Bool {
        var info = stat()
        return lstat((destination as NSString).appendingPathComponent(entry), &info) == 0
    }

    /// True for a folder in the destination that holds a manifest: another command's output.
    private func isOwnedOutput(_ entry: String) -> Bool {
        let folder = (destination as NSString).appendingPathComponent(entry)
        var info = stat()
        guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return false }
        return lstat((folder as NSString).appendingPathComponent(Self.manifestName), &info) == 0
    }

    /// The manifests of earlier versions (`report`'s and `compare`'s), read as ours.
    static let legacyManifests = [".widgetbudget-reports", ".widgetbudget-compare"]

    /// The entries the destination's manifests list (plain names only).
    private func manifestEntries() -> [String] {
        var names: [String] = []
        for manifest in [Self.manifestName] + Self.legacyManifests {
            let path = (destination as NSString).appendingPathComponent(manifest)
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            names.append(manifest)
            names += text.split(separator: "\n").map(String.init).filter { entry in
                !entry.hasPrefix("#") && !entry.contains("/") && entry != "." && entry != ".." && !entry.isEmpty
            }
        }
        return names
    }

    private func writeManifest(_ produced: [String]) throws {
        let text =
            "# widgetbudget wrote these entries; it replaces or removes only these (and folders with a manifest of their own)\n"
            + produced.filter { $0 != Self.manifestName }.sorted().joined(separator: "\n") + "\n"
        let path = (staging as NSString).appendingPathComponent(Self.manifestName)
        system.remove(path)
        do {
            try Data(text.utf8).withUnsafeBytes { try system.createFile(path, $0, nil) }
        } catch {
            throw FileWriteError(path: finalPath(path), reason: Self.reason(error))
        }
    }

    // MARK: Lock and stale staging

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

    /// Removes staging folders of earlier runs into the same destination (their lock is gone, so
    /// their process is too): those named like ours and holding the marker.
    private func removeStaleStaging() {
        let prefix = ".\(name).widgetbudget-staging-"
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] where entry.hasPrefix(prefix) {
            let folder = (parent as NSString).appendingPathComponent(entry)
            var info = stat()
            guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR,
                lstat((folder as NSString).appendingPathComponent(Self.stagingMarker), &info) == 0
            else { continue }
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    // MARK: File-system steps

    private func makeParent() throws {
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            throw FileWriteError(path: parent, reason: "cannot create the folder: \(Self.reason(error))")
        }
    }

    private func makeDirectory(_ path: String) throws {
        do {
            try system.makeDirectory(path)
        } catch {
            throw FileWriteError(path: path, reason: "cannot create the folder: \(Self.reason(error))")
        }
    }

    private func rename(_ from: String, _ to: String) throws {
        do {
            try system.rename(from, to)
        } catch {
            throw FileWriteError(path: to, reason: "cannot move \(csvMessageText(from, limit: 200)) there: \(Self.reason(error))")
        }
    }

    private func entries(of folder: String) throws -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        } catch {
            throw FileWriteError(path: folder, reason: Self.reason(error))
        }
    }

    static func reason(_ error: any Error) -> String {
        if let failure = error as? FileSystemCalls.Failure { return failure.reason }
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }

    // MARK: Active transactions (for signals)

    private static let registryLock = NSLock()
    nonisolated(unsafe) private static var active: [ObjectIdentifier: OutputTransaction] = [:]

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

    /// Aborts every transaction in progress (called on SIGINT, SIGTERM, SIGHUP before exiting).
    public static func abortAll() {
        registryLock.lock()
        let all = Array(active.values)
        registryLock.unlock()
        ChildProcesses.terminateAll()
        for t in all { t.abort() }
    }
}
