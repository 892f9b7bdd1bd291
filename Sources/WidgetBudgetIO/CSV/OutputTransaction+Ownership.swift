import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What in a destination the tool wrote (its manifests) and what it must carry into the new
/// output untouched (everything else).
extension OutputTransaction {
    /// The manifests of earlier versions (`report`'s and `compare`'s), read as ours.
    static let legacyManifests = [".widgetbudget-reports", ".widgetbudget-compare"]

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

    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    // MARK: The staged tree

    /// Every path under `folder`, relative to it, folders before their content, sorted; symlinks
    /// are not followed.
    func tree(_ folder: String, prefix: String = "") throws -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        } catch {
            throw FileWriteError(path: finalPath(folder), reason: Self.reason(error))
        }
        var paths: [String] = []
        for name in names {
            let relative = prefix + name
            paths.append(relative)
            let path = (folder as NSString).appendingPathComponent(name)
            if Self.isFolder(path) { paths += try tree(path, prefix: relative + "/") }
        }
        return paths
    }

    // MARK: Manifests

    /// The paths (relative to `folder`) its manifests list as the tool's, or `nil` when it has
    /// none. Lines that are not plain relative paths are ignored.
    static func manifestEntries(in folder: String) -> Set<String>? {
        var names: Set<String>?
        for manifest in [manifestName] + legacyManifests {
            let path = (folder as NSString).appendingPathComponent(manifest)
            guard isRegularFile(path), let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            var found = names ?? []
            for line in text.split(separator: "\n") where !line.hasPrefix("#") && isRelativePath(String(line)) {
                found.insert(String(line))
            }
            names = found
        }
        return names
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    static func isManifest(_ name: String) -> Bool { name == manifestName || legacyManifests.contains(name) }

    /// Writes the staging folder's manifest: every path of the new output.
    func writeManifest(_ produced: [String]) throws {
        let text =
            "# widgetbudget wrote these paths; it replaces or removes only these (and folders with a manifest of their own)\n"
            + produced.sorted().joined(separator: "\n") + "\n"
        let path = (staging as NSString).appendingPathComponent(Self.manifestName)
        system.remove(path)
        do {
            try Data(text.utf8).withUnsafeBytes { try system.createFile(path, $0, nil) }
        } catch {
            throw FileWriteError(path: finalPath(path), reason: Self.reason(error))
        }
    }

    // MARK: Carrying the user's entries

    /// The entries of the destination the tool did not write (paths relative to it), which the
    /// commit carries into the new output: anything not listed in a manifest, at any depth.
    /// - Throws: ``FileWriteError`` when a path the run writes holds something the tool did not
    ///   make, or when the user's entry sits in a folder the new output has as a file; before
    ///   anything changes.
    func carryPlan(produced: Set<String>) throws -> [String] {
        var carried: [String] = []
        try plan("", owned: [], produced: produced, into: &carried)
        for entry in carried {
            var folder = ""
            for component in entry.split(separator: "/").dropLast() {
                folder += (folder.isEmpty ? "" : "/") + component
                let staged = (staging as NSString).appendingPathComponent(folder)
                if Self.identity(staged) != nil, !Self.isFolder(staged) {
                    throw FileWriteError(
                        path: (destination as NSString).appendingPathComponent(entry),
                        reason:
                            "it was not written by widgetbudget and the new output has a file at \(csvMessageText(folder, limit: 200)); "
                            + "move it away or choose another --out")
                }
            }
        }
        return carried
    }

    /// Visits the destination's folder `relative` ("" for the destination), whose entries
    /// `owned` (relative to it) the tool wrote: an entry that is not the tool's is carried whole;
    /// a folder that is the tool's is visited for the user's entries inside it.
    private func plan(_ relative: String, owned inherited: Set<String>, produced: Set<String>, into carried: inout [String]) throws {
        let folder = relative.isEmpty ? absolute : (absolute as NSString).appendingPathComponent(relative)
        let prefix = relative.isEmpty ? "" : relative + "/"
        var owned = inherited
        let own = Self.manifestEntries(in: folder)
        if let own { owned.formUnion(own) }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        // A folder of the tool's whose content no manifest lists (written by an earlier version):
        // the names the new output has are the tool's, the others are carried.
        if !relative.isEmpty, own == nil, owned.isEmpty {
            owned = Set(names.filter { produced.contains(prefix + $0) })
        }
        for name in names where !Self.isManifest(name) {
            let path = prefix + name
            let full = (folder as NSString).appendingPathComponent(name)
            let replaced = produced.contains(path)
            let listed = owned.contains(name) || (replaced && Self.manifestEntries(in: full) != nil && Self.isFolder(full))
            guard listed else {
                if replaced {
                    throw FileWriteError(
                        path: (destination as NSString).appendingPathComponent(path),
                        reason: "it was not written by widgetbudget; move it away or choose another --out")
                }
                carried.append(path)
                continue
            }
            if Self.isFolder(full) {
                let inside = Set(owned.compactMap { $0.hasPrefix(name + "/") ? String($0.dropFirst(name.count + 1)) : nil })
                try plan(path, owned: inside, produced: produced, into: &carried)
            }
        }
    }
}
