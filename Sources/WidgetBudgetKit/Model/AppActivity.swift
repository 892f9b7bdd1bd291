/// What the containing app does: reloads it requests, foreground sessions, App Intent taps.
public struct AppActivity: Sendable, Equatable, Codable {
    /// Which widgets an app reload targets.
    public enum Target: Sendable, Equatable, Codable {
        /// `reloadTimelines(ofKind:)`.
        case kind(String)
        /// `reloadAllTimelines()`: every widget, each charged to its own budget.
        case all
    }

    /// When the app asks for reloads.
    public enum Trigger: Sendable, Equatable, Codable {
        /// On a schedule of its own.
        case process(EventProcess)
        /// Right after each unpredictable change of the targeted widgets (a push arrives).
        case onChange
        /// At the start of each foreground session (`app.foreground` and launches from the widget):
        /// `onChange(of: scenePhase)` → `.active`. Free when granted while the app is still in the
        /// foreground (issue #23 item 9).
        case onForeground
        /// When each foreground session ends (`scenePhase` → `.background`): a background call,
        /// charged.
        case onBackground
    }

    /// Where the app is when it calls (OBSERVED #13, #14): the call reaches WidgetKit after the
    /// origin's delay (`system.app_reload_delay` or `system.background_reload_delay`).
    public enum Origin: String, Sendable, Equatable, Codable, CaseIterable {
        /// The app on screen: the call arrives after `system.app_reload_delay` (default 0 s:
        /// OBSERVED #14 saw a tap's reload at once).
        case foreground
        /// A background task, geofence or push handler: after `system.background_reload_delay`
        /// (OBSERVED #14 saw one 19 min late; #13 saw a foreground call land only once the app was
        /// in the background).
        case background
    }

    /// One stream of app reload requests.
    public struct Reloads: Sendable, Equatable, Codable {
        /// The widgets targeted.
        public var target: Target
        /// When.
        public var trigger: Trigger
        /// The shortest time between two calls, seconds (``AppReloadThrottle``; 0: none).
        public var throttle: Double
        /// Where the app is when it calls: which delay its calls get.
        public var origin: Origin

        /// Creates a reload stream; `origin` defaults to the trigger's own (background for
        /// ``Trigger/onBackground``, foreground otherwise).
        public init(target: Target, trigger: Trigger, throttle: Double = 0, origin: Origin? = nil) {
            self.target = target
            self.trigger = trigger
            self.throttle = throttle
            self.origin = origin ?? (trigger == .onBackground ? .background : .foreground)
        }
    }

    /// Taps on an interactive widget (iOS 17 App Intents): free, immediate, only that kind.
    public struct Intents: Sendable, Equatable, Codable {
        /// The kind tapped.
        public var kind: String
        /// The one instance tapped (1-based), or `nil` for each instance on its own.
        public var instance: Int?
        /// When.
        public var process: EventProcess

        /// Creates an intent stream.
        public init(kind: String, process: EventProcess) {
            self.kind = kind
            self.process = process
        }
    }

    /// App reload streams.
    public var reloads: [Reloads]
    /// When foreground sessions start.
    public var foreground: EventProcess
    /// How long a foreground session lasts, in seconds.
    public var foregroundDuration: DelayDistribution
    /// App Intent streams.
    public var intents: [Intents]
    /// When the user opens the app by tapping the widget: each starts a foreground session, and
    /// WidgetKit ignores reload calls for `system.launch_cooldown` after it (OBSERVED #12).
    public var launchesFromWidget = EventProcess.none
    /// How long the app stays open after a launch from the widget.
    public var launchDuration = DelayDistribution.constant(120)
    /// Audio and navigation sessions (each a process of starts and a duration): reloads granted in
    /// one are not charged, as in the foreground (OBSERVED #3).
    public var sessions: [Session] = []
    /// iOS 26 widget pushes, or `nil` for none.
    public var pushes: Pushes?

    /// Widget pushes (`WidgetPushHandler`, OBSERVED #5): each delivered push reloads every widget
    /// like `reloadAllTimelines`; pushes over their own daily budget are dropped.
    public struct Pushes: Sendable, Equatable, Codable {
        /// When the server sends them.
        public var trigger: Trigger
        /// The push budget B: pushes delivered a day, at most, as ``model`` counts them.
        public var daily: Int
        /// How the push budget comes back (`app.pushes.budget.model`; by default at most B in any
        /// trailing 24 hours).
        public var model: BudgetModel

        /// Creates a push stream.
        public init(trigger: Trigger, daily: Int, model: BudgetModel = .rolling24h) {
            self.trigger = trigger
            self.daily = daily
            self.model = model
        }
    }

    /// A stream of audio or navigation sessions.
    public struct Session: Sendable, Equatable, Codable {
        /// When sessions start.
        public var process: EventProcess
        /// How long each lasts.
        public var duration: DelayDistribution

        /// Creates a session stream.
        public init(process: EventProcess, duration: DelayDistribution) {
            self.process = process
            self.duration = duration
        }
    }

    /// Creates app activity (by default: none).
    public init(
        reloads: [Reloads] = [], foreground: EventProcess = .none,
        foregroundDuration: DelayDistribution = .constant(120), intents: [Intents] = []
    ) {
        self.reloads = reloads
        self.foreground = foreground
        self.foregroundDuration = foregroundDuration
        self.intents = intents
    }
}
