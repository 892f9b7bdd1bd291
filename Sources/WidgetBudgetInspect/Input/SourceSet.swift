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
                let (files, tests) = Self.swiftFiles(under: path)
                found += files
                if tests > 0 {
                    notes.append(
                        Diagnostic(
                            .notAnalyzed, at: SourcePlace(file: path, line: 1, column: 1),
                            "\(tests) file(s) in test folders (named Tests or …Tests) not read: tests do not run in the app; give a test folder itself to read it"
                        ))
                }
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

    /// The `.swift` files under `folder`, sorted, outside ``skippedFolders``, and how many were
    /// left out in test folders (`Tests`, `…Tests`: a test's reload calls are not the app's).
    static func swiftFiles(under folder: String) -> (files: [String], tests: Int) {
        var out: [String] = []
        var tests = 0
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return ([], 0) }
        while let name = walker.nextObject() as? String {
            let components = (name as NSString).pathComponents
            let last = components.last ?? name
            if skippedFolders.contains(last) || last.hasSuffix(".xcassets") {
                walker.skipDescendants()
                continue
            }
            guard name.hasSuffix(".swift") else { continue }
            if components.dropLast().contains(where: { $0.hasSuffix("Tests") }) {
                tests += 1
                continue
            }
            out.append(folder.hasSuffix("/") ? folder + name : folder + "/" + name)
        }
        return (out.sorted(), tests)
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
