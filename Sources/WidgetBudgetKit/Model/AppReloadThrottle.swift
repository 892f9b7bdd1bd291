/// The throttle developers put around `reloadTimelines(ofKind:)`: call on a change only if the
/// last call was at least `interval` ago; otherwise call once when the interval expires (a
/// trailing call), so no change is left unshown.
///
/// A pure transformation of the app's wanted call times into the calls it makes (scenario key
/// `app.reloads[].throttle`; 0 turns it off).
public struct AppReloadThrottle: Sendable, Equatable {
    /// The shortest time between two calls, seconds (0: every wanted call is made).
    public var interval: Double

    /// Creates a throttle.
    public init(interval: Double) {
        self.interval = interval
    }

    /// The calls made for the wanted call times `times` (sorted ascending), in order.
    ///
    /// A wanted call at t is made at t when the last call was at least ``interval`` before; else
    /// it is folded into one trailing call at (last call + interval), which is itself a call the
    /// next wanted calls are measured from. A trailing call can fall after the last wanted time
    /// (even after the horizon: the caller drops those).
    ///
    /// - Complexity: O(n).
    public func calls(for times: [Double]) -> [Double] {
        guard interval > 0 else { return times }
        var out: [Double] = []
        out.reserveCapacity(times.count)
        var calls = Calls(wanted: times.makeIterator(), interval: interval)
        while let t = calls.next() { out.append(t) }
        return out
    }

    /// The calls made for the wanted call times `wanted` draws (ascending), one at a time, as
    /// ``calls(for:)`` lists them: never more calls than wanted times.
    public struct Calls<Wanted: IteratorProtocol>: IteratorProtocol where Wanted.Element == Double {
        private var wanted: Wanted
        private let interval: Double
        private var last = -Double.infinity
        /// A wanted call was folded into a trailing call not made yet.
        private var pending = false
        /// A call decided with the one returned before it (a wanted call after a trailing call).
        private var queued: Double?

        /// The calls for `wanted` under a throttle of `interval` seconds (0: every wanted call).
        public init(wanted: Wanted, interval: Double) {
            self.wanted = wanted
            self.interval = interval
        }

        /// The next call, or `nil` after the last.
        public mutating func next() -> Double? {
            guard interval > 0 else { return wanted.next() }
            if let call = queued {
                queued = nil
                return call
            }
            while let t = wanted.next() {
                var call: Double?
                if pending && last + interval <= t {
                    last += interval
                    call = last
                    pending = false
                }
                if t - last >= interval {
                    last = t
                    if call == nil { call = t } else { queued = t }
                } else {
                    pending = true
                }
                if let call { return call }
            }
            if pending {
                pending = false
                return last + interval
            }
            return nil
        }
    }
}
