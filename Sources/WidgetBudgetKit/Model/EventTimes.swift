/// A sorted list of instants (content changes, views, app reloads) with fast "next after" lookups.
public struct EventTimes: Sendable, Equatable, Codable {
    /// The instants, ascending, in simulation seconds.
    public let times: [SimTime]

    /// Wraps instants; they are sorted if they are not already.
    public init(_ times: [SimTime]) {
        var sorted = true
        for i in times.indices.dropFirst() where times[i] < times[i - 1] {
            sorted = false
            break
        }
        self.times = sorted ? times : times.sorted()
    }

    /// No instants.
    public static let none = EventTimes([])

    /// The number of instants.
    public var count: Int { times.count }

    /// The index of the first instant strictly after `t` (`count` when none).
    @inline(__always)
    public func indexAfter(_ t: SimTime) -> Int {
        times.countAtOrBefore(t)
    }

    /// The first instant strictly after `t`, or `+infinity`.
    @inline(__always)
    public func firstAfter(_ t: SimTime) -> SimTime {
        let i = indexAfter(t)
        return i < times.count ? times[i] : .infinity
    }

    /// The number of instants in `(a, b]`.
    public func count(after a: SimTime, upTo b: SimTime) -> Int {
        max(0, indexAfter(b) - indexAfter(a))
    }
}
