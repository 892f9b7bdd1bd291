import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The record of a commit in progress, `PARENT/.NAME.widgetbudget-journal`: written (atomically)
/// before the first change to the destination, removed after the last. A run that finds one was
/// killed mid-commit; the next run into the destination repairs it from this record.
struct CommitJournal: Codable, Equatable {
    /// A file outside the folder, staged beside its destination.
    struct Extra: Codable, Equatable {
        var temporary: String
        var path: String
    }
    /// The staging folder's name (in the destination's parent).
    var staging: String
    /// The name the previous output takes when the file system cannot swap folders.
    var old: String
    /// The staging folder's identity: after the switch the destination has it.
    var device: UInt64
    var inode: UInt64
    /// The user's entries (paths relative to the destination) moved into the staging folder.
    var carried: [String]
    /// Files outside the folder.
    var extras: [Extra]
}

extension OutputTransaction {
    /// A path's device and inode (not following a symlink), or `nil` when nothing is there.
    static func identity(_ path: String) -> (device: UInt64, inode: UInt64)? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return (UInt64(info.st_dev), UInt64(info.st_ino))
    }

    /// The hidden temporary file beside `path` that holds its staged content.
    static func temporaryPath(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).widgetbudget-\(getpid())").path
    }

    func writeExtra(_ data: Data, temporary: String, for path: String) throws {
        system.remove(temporary)
        do {
            try data.withUnsafeBytes { try system.createFile(temporary, $0, nil) }
        } catch {
            system.remove(temporary)
            throw FileWriteError(path: path, reason: Self.reason(error))
        }
    }

    func writeJournal(_ journal: CommitJournal) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(journal)
        try AtomicFile.write(data, to: journalPath, using: system)
    }

    private func sibling(_ name: String) -> String { (parent as NSString).appendingPathComponent(name) }

    private func isNewOutput(_ path: String, _ journal: CommitJournal) -> Bool {
        guard let id = Self.identity(path) else { return false }
        return id.device == journal.device && id.inode == journal.inode
    }

    /// After the switch: renames the extra files in, removes the previous output and the journal,
    /// releases the lock. A step that fails leaves the journal for the next run to finish.
    func finishCommitted(_ journal: CommitJournal) {
        var complete = true
        for extra in journal.extras where Self.identity(extra.temporary) != nil {
            do { try system.rename(extra.temporary, extra.path) } catch { complete = false }
        }
        for leftover in [sibling(journal.staging), sibling(journal.old)] where Self.identity(leftover) != nil {
            if isNewOutput(leftover, journal) { complete = false } else { system.removeTree(leftover) }
            if Self.identity(leftover) != nil { complete = false }
        }
        if complete { system.remove(journalPath) }
        self.journal = nil
        extras = []
        finish()
    }

    /// Before the switch: moves the user's entries back into the destination, removes the
    /// staging folder, the extra files' temporary copies and the journal.
    func rollBack(_ journal: CommitJournal) throws {
        let stagingPath = sibling(journal.staging)
        if Self.identity(absolute) == nil, Self.identity(sibling(journal.old)) != nil {
            try rename(sibling(journal.old), absolute)
        }
        for entry in journal.carried.reversed() {
            let staged = (stagingPath as NSString).appendingPathComponent(entry)
            let original = (absolute as NSString).appendingPathComponent(entry)
            if Self.identity(staged) != nil, Self.identity(original) == nil { try rename(staged, original) }
        }
        for extra in journal.extras { system.remove(extra.temporary) }
        if isNewOutput(stagingPath, journal) { system.removeTree(stagingPath) }
        system.remove(journalPath)
        self.journal = nil
    }

    /// Repairs a commit a killed run left half done, as its journal says: rolled forward when
    /// the switch happened (the destination is the staging folder, or the destination is gone
    /// and the staging folder complete), rolled back otherwise.
    func recoverInterruptedCommit() throws {
        guard Self.identity(journalPath) != nil else { return }
        guard let data = FileManager.default.contents(atPath: journalPath),
            let journal = try? JSONDecoder().decode(CommitJournal.self, from: data),
            Self.isPlainName(journal.staging), Self.isPlainName(journal.old),
            journal.staging.hasPrefix(".\(name).widgetbudget-staging-"), journal.old.hasPrefix(".\(name).widgetbudget-old-"),
            journal.carried.allSatisfy(Self.isRelativePath)
        else {
            throw FileWriteError(
                path: journalPath,
                reason: "cannot read this record of an interrupted run; check \(csvMessageText(destination, limit: 200)) and remove it")
        }
        if isNewOutput(absolute, journal) {
            finishRecovered(journal)
        } else if Self.identity(absolute) == nil, isNewOutput(sibling(journal.staging), journal) {
            try rename(sibling(journal.staging), absolute)
            finishRecovered(journal)
        } else {
            try rollBack(journal)
        }
    }

    private func finishRecovered(_ journal: CommitJournal) {
        for extra in journal.extras where Self.identity(extra.temporary) != nil { try? system.rename(extra.temporary, extra.path) }
        for leftover in [sibling(journal.staging), sibling(journal.old)] where !isNewOutput(leftover, journal) {
            system.removeTree(leftover)
        }
        system.remove(journalPath)
    }

    /// Removes what killed runs into the same destination left and the next run can recognise
    /// (their lock is gone, so their process is too): staging folders holding the marker, empty
    /// staging folders (a run killed between making the folder and its marker; `rmdir` removes
    /// nothing else), and the journal's temporary files.
    func removeLeftovers() {
        let stagingPrefix = ".\(name).widgetbudget-staging-"
        let journalTemporary = "..\(name).widgetbudget-journal.tmp-"
        // Only the entries named like ours become strings (`DirectoryNames`): the parent may be
        // a folder of thousands (a run into /tmp made a path for each of its 4,400 entries: 8 M
        // instructions; then a string for each of 5,500: 8.5 M).
        for entry in DirectoryNames.names(in: parent, beginningWith: [journalTemporary, stagingPrefix]) {
            if entry.hasPrefix(journalTemporary) {
                system.remove(sibling(entry))
            } else if entry.hasPrefix(stagingPrefix) {
                let path = sibling(entry)
                var info = stat()
                guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { continue }
                if lstat((path as NSString).appendingPathComponent(Self.stagingMarker), &info) == 0 {
                    system.removeTree(path)
                } else {
                    rmdir(path)
                }
            }
        }
    }

    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/") && !name.contains("\0")
    }

    static func isRelativePath(_ path: String) -> Bool {
        !path.hasPrefix("/") && path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { isPlainName(String($0)) }
    }
}
