/// Finds the closest valid name to a misspelt one, for "did you mean …?" hints.
package enum NearestName {
    /// The candidate closest to `name` by edit distance, if it is close enough to be a typo.
    package static func suggest(_ name: String, among candidates: [String]) -> String? {
        let lowered = name.lowercased()
        var best: (String, Int)?
        for candidate in candidates {
            let d = distance(lowered, candidate.lowercased())
            if best == nil || d < best!.1 { best = (candidate, d) }
        }
        guard let (candidate, d) = best else { return nil }
        return d <= max(2, candidate.count / 3) ? candidate : nil
    }

    /// The hint for a name that is not among `candidates`: "did you mean 'x'?" when one is close,
    /// otherwise `otherwise` (by default "use a, b, c").
    package static func hint(_ name: String, among candidates: [String], otherwise: String? = nil) -> String {
        suggest(name, among: candidates).map { "did you mean '\($0)'?" }
            ?? otherwise ?? "use " + candidates.joined(separator: ", ")
    }

    /// Levenshtein distance.
    package static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
