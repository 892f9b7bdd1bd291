/// The events of one widget's run, as its ``EventLevel`` keeps them: in memory in the order they
/// happened, or sent to an ``EventSink`` as they happen; at ``EventLevel/all`` with the content
/// changes merged in (changes first at equal times).
///
/// Owned by the running ``WidgetSimulation``, which builds each event (`record`); nothing here
/// changes what the run computes, only what it logs.
struct EventRecorder {
    /// Which events are kept.
    let level: EventLevel
    private let replication: Int
    private let widgetIndex: Int
    /// Receives the events instead of ``events`` when set (``EventSink``).
    private let sink: (any EventSink)?
    /// The events kept in memory (without a sink), in the order they happened.
    private(set) var events: [EngineEvent] = []
    /// The predictable and unpredictable changes, for the event log at ``EventLevel/all`` (`nil`
    /// at any other level, which never reads them: the run keeps no copy of them here).
    private let changes: (predictable: ContentChanges, unpredictableTimes: [SimTime])?
    /// With a sink and ``EventLevel/all``: the predictable changes not sent yet, read one at a
    /// time (``ContentChanges/stream``: no list over the horizon), the next of them (`.infinity`
    /// past the last, or otherwise), and the next unpredictable change to send.
    private var predictableChanges: EventStream?
    private var nextPredictableChange = SimTime.infinity
    private var nextUnpredictableChange = 0

    /// A recorder at `level`; `inputs` is borrowed (its changes are kept only at
    /// ``EventLevel/all``), so a run's set-up makes no copy of them.
    init(level: EventLevel, replication: Int, widgetIndex: Int, inputs: borrowing WidgetInputs, sink: (any EventSink)?) {
        self.level = level
        self.replication = replication
        self.widgetIndex = widgetIndex
        self.sink = sink
        changes = level == .all ? (inputs.predictable, inputs.unpredictable.times) : nil
        if sink != nil && level == .all {
            var stream = inputs.predictable.stream
            nextPredictableChange = stream.next() ?? .infinity
            predictableChanges = stream
        }
    }

    /// Whether an event of `kind` is kept at this level.
    @inline(__always)
    func keeps(_ kind: EngineEvent.Kind) -> Bool {
        level != .none && (level == .all || kind.isReloadEvent)
    }

    /// Keeps an event (the caller checked ``keeps(_:)``): sent to the sink, after the changes
    /// before it at ``EventLevel/all``, or added to ``events``. Returns it.
    @inline(__always) @discardableResult
    mutating func record(
        _ t: SimTime, _ kind: EngineEvent.Kind, source: ReloadSource?, charged: Bool?, budgetLeft: Int,
        entries: Int, memory: Double, detail: EngineEvent.Detail
    ) -> EngineEvent {
        let event = EngineEvent(
            replication: replication, time: t, widget: widgetIndex, kind: kind, source: source,
            charged: charged, budgetLeft: budgetLeft, entries: entries, memoryMB: memory, detail: detail)
        if let sink {
            if level == .all { sendChanges(through: t, to: sink) }
            sink.receive(event)
        } else {
            events.append(event)
        }
        return event
    }

    /// Ends the run: the changes not sent yet go to the sink, which is told the run is over, or
    /// are merged into ``events``.
    mutating func finish() {
        if let sink {
            if level == .all { sendChanges(through: .infinity, to: sink) }
            sink.finish()
        } else if level == .all {
            recordChanges()
        }
    }

    /// A content change at `t` (`detail`: predictable or unpredictable).
    private func change(at t: SimTime, _ detail: EngineEvent.Detail) -> EngineEvent {
        EngineEvent(
            replication: replication, time: t, widget: widgetIndex, kind: .change, source: nil,
            charged: nil, budgetLeft: -1, entries: -1, memoryMB: -1, detail: detail)
    }

    /// Sends the changes at or before `t` not sent yet, as ``recordChanges()`` places them: in
    /// time order, predictable before unpredictable at equal times, before any event at `t`.
    private mutating func sendChanges(through t: SimTime, to sink: any EventSink) {
        let unpredictableTimes = changes?.unpredictableTimes ?? []
        while true {
            let p = nextPredictableChange
            let u = nextUnpredictableChange < unpredictableTimes.count ? unpredictableTimes[nextUnpredictableChange] : .infinity
            let next = min(p, u)
            guard next <= t, next.isFinite else { return }
            if p <= u {
                nextPredictableChange = predictableChanges?.next() ?? .infinity
                sink.receive(change(at: p, .predictable))
            } else {
                nextUnpredictableChange += 1
                sink.receive(change(at: u, .unpredictable))
            }
        }
    }

    /// Merges every content change into ``events``, as ``sendChanges(through:to:)`` places them.
    private mutating func recordChanges() {
        guard let changes else { return }
        let unpredictableTimes = changes.unpredictableTimes
        var merged: [EngineEvent] = []
        let predictableTimes = changes.predictable.eventTimes.times
        merged.reserveCapacity(events.count + predictableTimes.count + unpredictableTimes.count)
        for t in predictableTimes { merged.append(change(at: t, .predictable)) }
        for t in unpredictableTimes { merged.append(change(at: t, .unpredictable)) }
        // Changes first at equal times, then the run's events in the order they happened.
        merged.sort { $0.time < $1.time }
        var out: [EngineEvent] = []
        out.reserveCapacity(merged.count + events.count)
        var i = 0, j = 0
        while i < merged.count || j < events.count {
            if j == events.count || (i < merged.count && merged[i].time <= events[j].time) {
                out.append(merged[i])
                i += 1
            } else {
                out.append(events[j])
                j += 1
            }
        }
        events = out
    }
}
