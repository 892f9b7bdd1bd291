import Foundation

/// The Swift files found under the paths given to `inspect`, read within ``InspectLimits``.
public struct SourceSet {
    /// The files parsed, in path order.
    public private(set) var files: [SourceFile] = []
    /// Notes about what was skipped or read with a caveat.
    public private(set) var notes: [Diagnostic] = []

    /// Folders never entered: build products, dependencies and version control.
    static let skippedFolders: Set<String> = [".build", ".git", "DerivedData", "Pods", "Carthage", "node_modules", ".swiftpm"]

    /// Reads `paths` (files or folders, recursively). A path that does not exist throws
    /// ``InspectError``; everything else (too large, generated, not UTF-8) is a note.
    public init(paths: [String], limits: InspectLimits = .standard) throws {
        var found: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw InspectError(path: path, message: "no such file or folder", hint: "give Swift files or folders")
            }
            if isFolder.boolValue {
                found += Self.swiftFiles(under: path)
            } else {
                found.append(path)
            }
        }
        var total = 0
        for (index, path) in found.enumerated() {
            let place = SourcePlace(file: path, line: 1, column: 1)
            if index >= limits.maxFiles || total >= limits.maxTotalBytes {
                let rest = found.count - index
                notes.append(
                    Diagnostic(
                        .notAnalyzed, at: place,
                        "\(rest) file(s) from here on not read: past the limit of \(limits.maxFiles) files or \(limits.maxTotalBytes) bytes (docs/limits.md); inspect the widget and app folders only"
                    ))
                break
            }
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            if size > limits.maxFileBytes {
                notes.append(
                    Diagnostic(
                        .notAnalyzed, at: place,
                        "not read: \(size) bytes, over the limit of \(limits.maxFileBytes) per file (docs/limits.md)"))
                continue
            }
            guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                notes.append(Diagnostic(.notAnalyzed, at: place, "not read: cannot read the file as UTF-8 text"))
                continue
            }
            total += data.count
            if SourceFile.looksGenerated(text) {
                notes.append(Diagnostic(.notAnalyzed, at: place, "not analysed: generated code (its header says so)"))
                continue
            }
            let file = SourceFile(path: path, text: text)
            if file.tree.hasError {
                notes.append(
                    Diagnostic(
                        .notAnalyzed, at: place,
                        "the file does not parse cleanly; what could be parsed was analysed (build it to see the errors)"))
            }
            files.append(file)
        }
    }

    /// The `.swift` files under `folder`, sorted, outside ``skippedFolders``.
    static func swiftFiles(under folder: String) -> [String] {
        var out: [String] = []
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        while let name = walker.nextObject() as? String {
            let last = (name as NSString).lastPathComponent
            if skippedFolders.contains(last) || last.hasSuffix(".xcassets") {
                walker.skipDescendants()
                continue
            }
            if name.hasSuffix(".swift") { out.append(folder.hasSuffix("/") ? folder + name : folder + "/" + name) }
        }
        return out.sorted()
    }
}

/// A path given to `inspect` that cannot be read at all: one line, exit 1.
public struct InspectError: Error, CustomStringConvertible {
    /// The path.
    public var path: String
    /// What is wrong.
    public var message: String
    /// How to fix it.
    public var hint: String

    /// `error: PATH: MESSAGE (HINT)` without the `error: ` the CLI adds.
    public var description: String { "\(path): \(message) (\(hint))" }
}
