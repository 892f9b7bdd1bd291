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
        var last = -Double.infinity
        var pending = false
        for t in times {
            if pending && last + interval <= t {
                last += interval
                out.append(last)
                pending = false
            }
            if t - last >= interval {
                last = t
                out.append(t)
            } else {
                pending = true
            }
        }
        if pending { out.append(last + interval) }
        return out
    }
}
