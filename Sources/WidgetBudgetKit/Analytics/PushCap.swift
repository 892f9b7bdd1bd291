/// A daily cap on the reloads a server sends after each change (widget pushes, OBSERVED #5),
/// found by asking the engine's own push budget which of the changes it would deliver.
///
/// A log shows only what was delivered. When fewer reloads followed changes than there were
/// changes, the cap is taken as the most delivered in any 24 hours (as for the reload budget), and
/// checked: the engine's rolling 24-hour budget of that size (`WidgetPushes`' rule), fed every
/// change, must deliver at the instants the log shows.
public struct PushCap: Sendable, Equatable, Codable {
    /// The cap: at most this many delivered in any trailing 24 hours.
    public var daily: Int
    /// Delivered reloads in the log.
    public var delivered: Int
    /// Of them, those the engine's budget of ``daily`` delivers too (within
    /// ``AppActivityProfile/changeWindow`` of the change).
    public var reproduced: Int
    /// The changes they followed: what the server sent.
    public var sent: Int

    /// True when the engine's budget reproduces nine in ten delivered reloads or more.
    public var confirmed: Bool { reproduced * 10 >= delivered * 9 }

    /// The cap that explains `delivered` (ascending instants) as the part of `sent` (the changes,
    /// ascending) that a push budget lets through, or `nil` when every change was delivered (no cap
    /// shows) or nothing was.
    public static func fit(delivered: [Double], sent: [Double]) -> PushCap? {
        guard !delivered.isEmpty, delivered.count < sent.count else { return nil }
        let daily = busiest24h(delivered)
        var budget = ReloadBudget(model: .rolling24h, daily: daily)
        var predicted: [Double] = []
        for t in sent where budget.isAvailable(at: t) {
            budget.charge(at: t)
            predicted.append(t)
        }
        let window = AppActivityProfile.changeWindow
        var reproduced = 0
        var i = 0
        for t in delivered {
            while i < predicted.count && predicted[i] < t - window { i += 1 }
            if i < predicted.count && predicted[i] <= t {
                reproduced += 1
                i += 1
            }
        }
        return PushCap(daily: daily, delivered: delivered.count, reproduced: reproduced, sent: sent.count)
    }

    /// The most instants of `times` (ascending) in any 24 hours.
    public static func busiest24h(_ times: [Double]) -> Int {
        var best = 0
        var start = 0
        for (end, t) in times.enumerated() {
            while times[start] <= t - Seconds.day { start += 1 }
            best = Swift.max(best, end - start + 1)
        }
        return best
    }
}
