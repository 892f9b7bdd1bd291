/// The rules read off the sources alone (the budget rules need the engine: ``BudgetCheck``).
enum SourceRules {
    /// WidgetKit's minimum reload interval: `.after` sooner is overridden (OBSERVED #8, #19).
    static let minimumAfter = 300.0
    /// Timelines with more entries are not shown (OBSERVED #10; `system.max_entries`).
    static let maxEntries = 400
    /// The view changes at most this often (OBSERVED #10; `system.min_render_spacing`).
    static let minRenderSpacing = 2.0
    /// Entries this close are a clock a self-updating view could draw (OBSERVED #6).
    static let selfUpdatingSpacing = 60.0

    /// The provider rules for one widget.
    static func check(_ widget: WidgetModel) -> [Diagnostic] {
        guard let shape = widget.provider?.shape else { return [] }
        var out: [Diagnostic] = []
        if case .after(let seconds) = shape.policy.value, seconds < minimumAfter, let place = shape.policy.place {
            out.append(
                Diagnostic(
                    .afterUnder5Minutes, at: place,
                    ".after(now + \(DurationText.text(seconds))) asks for a reload sooner than WidgetKit's 5-minute minimum: iOS overrides it (use .after of at least 5 minutes, or .atEnd)"
                ))
        }
        if shape.entries.value > maxEntries, let place = shape.entries.place {
            out.append(
                Diagnostic(
                    .entriesOverLimit, at: place,
                    "a timeline of \(shape.entries.value) entries: over \(maxEntries) entries WidgetKit stops updating the widget (build at most \(maxEntries), e.g. \(maxEntries) entries and .atEnd)"
                ))
        }
        if let spacing = shape.spacing, shape.entries.value > 1, let place = spacing.place {
            if spacing.value < minRenderSpacing {
                out.append(
                    Diagnostic(
                        .entriesCloserThan2s, at: place,
                        "entries \(DurationText.text(spacing.value)) apart: the view changes at most every 2s, so entries in between are never shown"
                    ))
            }
            if spacing.value <= selfUpdatingSpacing, widget.selfUpdating == nil {
                out.append(
                    Diagnostic(
                        .selfUpdatingCandidate, at: place,
                        "entries \(DurationText.text(spacing.value)) apart for '\(widget.kind.value)': a Text(date, style: .timer/.relative) or ProgressView(timerInterval:) updates itself with one entry and no reloads"
                    ))
            }
        }
        return out
    }

    /// The rule for one app reload call, or nil (foreground and intent reloads are free; plain calls are left to the budget).
    static func check(_ reload: AppReload) -> Diagnostic? {
        let name = reload.kind.map { "reloadTimelines(ofKind: \"\($0)\")" } ?? "reloadAllTimelines()"
        let chain = reload.via.map { $0.contains(".") ? $0 : $0 + "()" }.joined(separator: " → ")
        let call = reload.via.isEmpty ? name : name + " (reached through " + chain + ")"
        switch reload.site {
        case .loop where !reload.via.isEmpty:
            return Diagnostic(
                .reloadInLoop, at: reload.place,
                "\(name) is reached from inside a loop or repeating timer, through \(chain): each pass that gets here is a charged reload (reload once, after the loop)",
                severity: .note)
        case .loop:
            return Diagnostic(
                .reloadInLoop, at: reload.place,
                "\(call) inside a loop or repeating timer: every pass is a charged reload, and a few rounds use a day's budget (call it once after the loop)"
            )
        case .push, .background:
            return Diagnostic(
                .backgroundReload, at: reload.place,
                "\(call) in a \(reload.site == .push ? "push" : "background") handler: charged, and the widget may show it minutes late")
        case .everyChange:
            return Diagnostic(
                .reloadOnEveryChange, at: reload.place,
                "\(call) on every change with no throttle: each change is a charged reload (throttle it; `widgetbudget optimize` sizes the throttle with optimize.app_throttle)"
            )
        case .foreground, .intent, .throttledChange, .plain:
            return nil
        }
    }
}

/// Durations written the way scenario files write them (`15m`, `1h30m`, `2s`).
enum DurationText {
    /// `seconds` as scenario text.
    static func text(_ seconds: Double) -> String {
        if seconds <= 0 { return "0s" }
        if seconds < 1 || seconds != seconds.rounded() {
            return seconds < 1 ? "\(Int((seconds * 1000).rounded()))ms" : "\(seconds)s"
        }
        var rest = Int(seconds)
        var out = ""
        for (unit, size) in [("d", 86_400), ("h", 3600), ("m", 60), ("s", 1)] where rest >= size {
            out += "\(rest / size)\(unit)"
            rest %= size
        }
        return out
    }
}
