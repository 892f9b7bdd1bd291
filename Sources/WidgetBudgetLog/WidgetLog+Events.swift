import Foundation

extension WidgetLog {
    // MARK: Widget extension

    /// A `timeline` row (one reload): call in `getTimeline` just before `completion`, with the
    /// entries' dates and the policy handed to WidgetKit.
    /// - Parameter family: the family as WidgetKit prints it: `"\(context.family)"`.
    /// - Parameter instance: which copy of the widget this is, when you can tell (e.g. an id kept
    ///   in its configuration intent); the analysis fits each copy on its own. Without it, copies
    ///   are inferred from timelines closer together than WidgetKit reloads one widget.
    /// - Parameter time: when it happened; now by default (every call below takes it too).
    public func timeline(kind: String, family: String, dates: [Date], policy: Policy, instance: String = "", at time: Date? = nil) {
        record(
            LogEvent(
                name: "timeline", kind: kind, family: family, entries: dates.count, firstEntry: dates.first, lastEntry: dates.last,
                policy: policy, memoryMB: memory(), instance: instance), at: time)
    }

    /// A `snapshot` row: call in `getSnapshot` (the gallery, transient views; not a reload).
    public func snapshot(kind: String, family: String, instance: String = "", at time: Date? = nil) {
        record(LogEvent(name: "snapshot", kind: kind, family: family, memoryMB: memory(), instance: instance), at: time)
    }

    /// A `placeholder` row: call in `placeholder(in:)`.
    public func placeholder(kind: String, family: String, instance: String = "", at time: Date? = nil) {
        record(LogEvent(name: "placeholder", kind: kind, family: family, instance: instance), at: time)
    }

    // MARK: App

    /// An `app-reload` row: call just before `reloadTimelines(ofKind: kind)`, or with `nil`
    /// before `reloadAllTimelines()`.
    public func appReload(kind: String?, at time: Date? = nil) {
        record(LogEvent(name: "app-reload", kind: kind ?? ""), at: time)
    }

    /// A `push` row: a widget push (iOS 26 `WidgetPushHandler`) reached the device and WidgetKit
    /// reloads `kind` (every widget with `nil`). Pushes have their own daily budget: log the ones
    /// delivered (e.g. where the widget learns it was reloaded by one, or from the server's APNs
    /// delivery receipts), and `analyze` estimates their rate and cap.
    public func push(kind: String? = nil, at time: Date? = nil) {
        record(LogEvent(name: "push", kind: kind ?? ""), at: time)
    }

    /// A `foreground-start` row when the app becomes active (`true`), `foreground-end` when it
    /// stops being active (`false`).
    public func foreground(_ active: Bool, at time: Date? = nil) {
        record(LogEvent(name: active ? "foreground-start" : "foreground-end"), at: time)
    }

    /// A `view` row: call when you know the user saw the widget (e.g. the app was opened from it).
    public func view(kind: String, instance: String = "", at time: Date? = nil) {
        record(LogEvent(name: "view", kind: kind, instance: instance), at: time)
    }

    /// A `change` row: call where the app learns that the widget's data changed (a push arrived,
    /// a fetch returned new data); `predictable` when it was known in advance (an entry dated
    /// before it could already show it). Without these rows `analyze` cannot judge freshness.
    public func change(kind: String, predictable: Bool = false, at time: Date? = nil) {
        record(LogEvent(name: "change", kind: kind, content: predictable ? "predictable" : "unpredictable"), at: time)
    }
}
