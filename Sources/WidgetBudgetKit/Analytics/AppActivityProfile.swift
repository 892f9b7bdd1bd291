/// What the app did over the log, by hour of the day: reload requests per kind and foreground
/// sessions. Rates are per hour of log time covered, so a log of a few days still gives rates.
public struct AppActivityProfile: Sendable, Equatable, Codable {
    /// App reload requests of one target.
    public struct Reloads: Sendable, Equatable, Codable {
        /// The kind, or empty for `reloadAllTimelines()`.
        public var kind: String
        /// Requests in all.
        public var count: Int
        /// Requests per hour, by hour of the day (0…23).
        public var perHour: [Double]
        /// Requests per hour over the whole log.
        public var overallPerHour: Double
        /// Requests made within ``AppActivityProfile/changeWindow`` after a `change` row of a widget
        /// they target: the app reloading because it learned of new data (a push).
        public var afterChange: Int = 0

        /// When the calls after changes stop at a daily cap (fewer calls than changes, and the
        /// engine's push budget reproduces them): pushes logged as app reloads.
        public var cap: PushCap? = nil

        /// True when nearly every request (90 %) followed a change: the app reloads on change.
        public var onChange: Bool { count > 0 && afterChange * 10 >= count * 9 }
    }

    /// Delivered widget pushes (`push` rows).
    public struct Pushes: Sendable, Equatable, Codable {
        /// Pushes delivered.
        public var count: Int
        /// Pushes per hour, by hour of the day (0…23).
        public var perHour: [Double]
        /// Pushes per hour over the whole log.
        public var overallPerHour: Double
        /// Pushes within ``AppActivityProfile/changeWindow`` after an unpredictable `change` row.
        public var afterChange: Int
        /// Unpredictable changes in the log (each instant once): what a server pushing on change sends.
        public var changes: Int
        /// The most pushes delivered in any 24 hours.
        public var busiest24h: Int
        /// The push budget, when a cap shows (fewer pushes than changes).
        public var cap: PushCap?

        /// True when nearly every push (90 %) followed a change: the server pushes on change.
        public var onChange: Bool { count > 0 && afterChange * 10 >= count * 9 }
    }

    /// A request this soon after a change row (seconds) is taken to answer it.
    public static let changeWindow = 5.0

    /// Reload requests, by target kind (reloadAll under the empty kind), kinds in order.
    public var reloads: [Reloads]
    /// Foreground sessions that started.
    public var foregroundSessions: Int
    /// Session starts per hour, by hour of the day.
    public var foregroundPerHour: [Double]
    /// Session starts per hour over the whole log.
    public var foregroundOverallPerHour: Double
    /// The median session length, seconds.
    public var foregroundMedianDuration: Double?
    /// The mean session length, seconds.
    public var foregroundMeanDuration: Double?
    /// The fraction of the log's time the app spent in the foreground.
    public var foregroundFraction: Double
    /// Delivered widget pushes, `nil` when the log has no `push` row.
    public var pushes: Pushes? = nil
}
