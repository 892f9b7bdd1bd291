/// The work a run asks for, in simulated widget-days, with an estimate of its time and memory,
/// so a run far beyond what anyone means (`days: 3660, replications: 100000`) is refused before
/// it starts (see ``Bounds/maxWidgetDays``).
public struct WorkEstimate: Sendable, Equatable {
    /// Days × replications × widgets.
    public var widgetDays: Int
    /// Estimated seconds on the reference machine (``Bounds/widgetDaysPerSecond``).
    public var seconds: Double
    /// Estimated memory for the per-day results, in bytes.
    public var bytes: Double

    /// The estimate for `scenario`.
    public init(_ scenario: Scenario) {
        let (a, o1) = scenario.days.multipliedReportingOverflow(by: scenario.replications)
        let (b, o2) = a.multipliedReportingOverflow(by: max(1, scenario.widgets.count))
        widgetDays = o1 || o2 ? Int.max : b
        seconds = Double(widgetDays) / Bounds.widgetDaysPerSecond
        bytes = Double(widgetDays) * Double(MemoryLayout<DayMetrics>.stride)
    }

    /// True when the run is within ``Bounds/maxWidgetDays``.
    public var isWithinLimit: Bool { widgetDays <= Bounds.maxWidgetDays }

    /// One line: `3660 days × 100000 replications × 1 widget = 366000000 widget-days (about 5.8 h,
    /// 66 GB)`.
    public func describe(_ scenario: Scenario) -> String {
        let w = scenario.widgets.count
        return "\(scenario.days) days × \(scenario.replications) replications × \(w) widget\(w == 1 ? "" : "s") = "
            + "\(widgetDays) widget-days (about \(Self.time(seconds)), \(Self.size(bytes)) of results)"
    }

    static func time(_ s: Double) -> String {
        if s < 120 { return "\(Int(s.rounded())) s" }
        if s < 7200 { return "\(Int((s / 60).rounded())) min" }
        if s < 172_800 { return "\(Int((s / 3600).rounded())) h" }
        return "\(Bounds.saturatingInt((s / 86_400).rounded())) days"
    }

    static func size(_ b: Double) -> String {
        if b < 1e6 { return "\(Int((b / 1e3).rounded())) kB" }
        if b < 1e9 { return "\(Int((b / 1e6).rounded())) MB" }
        return "\(Bounds.saturatingInt((b / 1e9).rounded())) GB"
    }
}
