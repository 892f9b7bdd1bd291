#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The names in a folder that begin with given prefixes, read with `readdir` and compared on their
/// bytes: only the names kept become `String`s.
///
/// An output's parent may be a folder of thousands (`/tmp`): `FileManager.contentsOfDirectory`
/// made a `String` of each of its 5,500 entries and `hasPrefix` compared each, 8.5 M instructions
/// of a 1-day `simulate --out /tmp/DIR` (about a fifth of its start-up), where the tool looks for
/// the two or three names its own killed runs leave.
enum DirectoryNames {
    /// The names of `folder`'s entries that begin with one of `prefixes` (in the order `readdir`
    /// gives them); none when the folder cannot be read. A prefix is matched byte for byte on its
    /// UTF-8; an empty prefix matches every name but `.` and `..`, which are never given.
    static func names(in folder: String, beginningWith prefixes: [String]) -> [String] {
        guard let stream = opendir(folder) else { return [] }
        defer { closedir(stream) }
        let wanted = prefixes.map { Array($0.utf8) }
        var found: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw -> String? in
                let bytes = raw.bindMemory(to: UInt8.self)
                // The name is NUL-terminated inside `d_name`.
                let length = bytes.firstIndex(of: 0) ?? bytes.count
                let name = UnsafeBufferPointer(rebasing: bytes[..<length])
                guard !isDotOrDotDot(name), wanted.contains(where: { name.starts(with: $0) }) else { return nil }
                return String(decoding: name, as: UTF8.self)
            }
            if let name { found.append(name) }
        }
        return found
    }

    /// Whether `name` is `.` or `..`.
    private static func isDotOrDotDot(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        let dot = UInt8(ascii: ".")
        return (name.count == 1 && name[0] == dot) || (name.count == 2 && name[0] == dot && name[1] == dot)
    }
}
