/// A provider as a scenario describes it: a built-in one's own case, or any other
/// ``ProviderDescription`` as ``custom(_:)``.
///
/// What a provider says about itself (``maxEntries``, ``summary``, its runnable form) comes from
/// its description (``payload``), so nothing here switches over providers beyond ``payload``.
public enum ProviderSpec: Sendable, Equatable, Codable {
    /// `type: fixed`.
    case fixed(FixedProvider)
    /// `type: until-full`.
    case untilFull(UntilFullProvider)
    /// `type: windows`: per window a fixed provider.
    case windows([WindowedPolicy])
    /// `type: schedule`: a time-of-day schedule, per segment a fixed provider,
    /// its policy clipped at the next segment start (``ScheduleProvider``).
    case schedule([WindowedPolicy])
    /// `type: never`.
    case never
    /// Any other provider (one a library user or a test adds): its description, read by the
    /// loader from the type handed to it, run through ``BuiltInProvider/custom(_:)``.
    case custom(CustomProvider)

    /// The provider types the scenario loader knows, in the order its messages list them: the
    /// loader entry of each built-in provider.
    public static var builtInTypes: [any ProviderDescription.Type] {
        [FixedProvider.self, UntilFullProvider.self, WindowsProviderSpec.self, ScheduleProviderSpec.self, NeverProvider.self]
    }

    /// The case's payload as a ``ProviderDescription``: what the provider says about itself.
    public var payload: any ProviderDescription {
        switch self {
        case let .fixed(p): p
        case let .untilFull(p): p
        case let .windows(list): WindowsProviderSpec(list)
        case let .schedule(list): ScheduleProviderSpec(list)
        case .never: NeverProvider()
        case let .custom(c): c.provider
        }
    }

    /// The `type:` a scenario writes for this provider.
    public var typeName: String { type(of: payload).typeName }

    /// The largest timeline this provider can return (for memory checks before running).
    public var maxEntries: Int { payload.maxEntries }

    /// One line in plain words, for reports.
    public var summary: String { payload.summary }

    /// Seconds from a reload to the first entry (``ProviderDescription/firstEntryOffset``).
    public var firstEntryOffset: Double { payload.firstEntryOffset }

    /// Builds the runnable provider for a run.
    public func makeProvider(clock: LocalClock, horizon: Double) -> BuiltInProvider {
        payload.makeRunnable(clock: clock, horizon: horizon)
    }
}

/// A time-of-day window and the fixed provider used inside it.
public struct WindowedPolicy: Sendable, Equatable, Codable {
    /// The window.
    public var window: TimeWindow
    /// The provider inside it.
    public var provider: FixedProvider

    /// Creates a windowed policy.
    public init(window: TimeWindow, provider: FixedProvider) {
        self.window = window
        self.provider = provider
    }

    /// Reads the items of `mapping`'s `key` (`windows`, `segments`): each
    /// `{during: "…", <fixed provider keys>}`, at least one.
    static func read<M: ScenarioMapping>(_ mapping: M, key: String) throws -> [WindowedPolicy] {
        let list = try mapping.require(
            key, hint: "a list of {during: \"weekdays 09:30-16:00\", entries: …, spacing: …, policy: …}"
        ).list()
        if list.isEmpty { throw mapping[key]!.error("needs at least one window", hint: nil) }
        return try list.map { item in
            let m = try item.mapping(allowed: FixedProvider.keys + ["during"])
            let during = try m.require("during", hint: "e.g. \"weekdays 09:30-16:00\"").timeWindows()
            guard during.count == 1 else { throw m["during"]!.error("give one window per item", hint: nil) }
            return WindowedPolicy(window: during[0], provider: try FixedProvider.read(m))
        }
    }

    /// The largest timeline of `policies`' providers (1 when there are none).
    static func maxEntries(_ policies: [WindowedPolicy]) -> Int { policies.map(\.provider.entries).max() ?? 1 }

    /// `Mon-Fri 09:30-16:00: 1 entry, after 15m; …`: each window and its provider.
    static func summary(_ policies: [WindowedPolicy]) -> String {
        policies.map { "\($0.window): \($0.provider.summary)" }.joined(separator: "; ")
    }
}

/// A provider ready to run: the built-in ones each in a case of their own (an enum rather than an
/// existential, so the engine's calls to their `getTimeline` are direct), any other in
/// ``other(_:)`` (made by ``custom(_:)``), called through ``ReplayProvider``.
///
/// Only ``UntilFullProvider`` (and a custom provider) changes as it runs; the others fill
/// timelines without changing, so they are read in place rather than copied out of the enum and
/// stored back at every reload. Every payload is a plain value or a reference (the custom
/// provider's existential sits in ``OtherProvider``'s array): an existential payload made the whole
/// enum address-only, and every `switch` over it copied it (its value witness, and a retain and
/// release of the windows' arrays) at every reload.
public enum BuiltInProvider: ReplayProvider, Sendable {
    /// ``FixedProvider``.
    case fixed(FixedProvider)
    /// ``UntilFullProvider``.
    case untilFull(UntilFullProvider)
    /// ``WindowsProvider``.
    case windows(WindowsProvider)
    /// ``ScheduleProvider``.
    case schedule(ScheduleProvider)
    /// ``NeverProvider``.
    case never(NeverProvider)
    /// Any other provider (``ProviderSpec/custom(_:)``'s), called through the protocol.
    case other(OtherProvider)

    /// Any other provider (``ProviderSpec/custom(_:)``'s), called through the protocol.
    public static func custom(_ provider: any ReplayProvider & Sendable) -> BuiltInProvider {
        .other(OtherProvider(provider))
    }

    /// Whether copies of this provider run apart, so that one built provider may serve many runs
    /// (the optimizer builds a candidate's once, not once per replication): each built-in provider
    /// is a plain value (its arrays copied on write, ``UntilFullProvider``'s level changed in the
    /// run's own copy), so the copy each run holds carries nothing from one run to another. Any
    /// other type (``other(_:)``) may keep its state in a reference its copies share: it is built
    /// for each run.
    package var copiesRunApart: Bool {
        switch self {
        case .fixed, .untilFull, .windows, .schedule, .never: true
        case .other: false
        }
    }

    /// Fills `timeline` for a reload at `context.now` (see ``ReplayProvider``).
    ///
    /// Inlined into the engine's grant, the providers that do not change as they run read in
    /// place (`fill(in:into:)`).
    @inline(__always)
    public mutating func getTimeline(in context: ReplayContext, into timeline: inout ReplayTimeline) {
        if !fill(in: context, into: &timeline) { getTimelineChanging(in: context, into: &timeline) }
    }

    /// The timeline of a reload at `now` as numbers, for the providers that return one
    /// (``FixedProvider/evenTimeline(at:clock:)``, ``WindowsProvider/evenTimeline(at:clock:)``);
    /// `nil` for the others, and where theirs is not stored so: the engine then calls
    /// ``getTimeline(in:into:)`` (with `clock` the context's).
    @inline(__always)
    package func evenTimeline(at now: SimTime, clock: LocalClock) -> EvenTimeline? {
        switch self {
        case let .fixed(p): p.evenTimeline(at: now, clock: clock)
        case let .windows(p): p.evenTimeline(at: now, clock: clock)
        case .untilFull, .schedule, .never, .other: nil
        }
    }

    /// ``evenTimeline(at:clock:)``, a windowed provider finding its window through `windows`
    /// (``WindowsProvider/evenTimeline(at:clock:memory:)``; the engine keeps one per run).
    @inline(__always)
    package func evenTimeline(at now: SimTime, clock: LocalClock, windows: inout WindowMemory) -> EvenTimeline? {
        // Two tests of the case, not a `switch`: its jump table was six instructions a grant.
        if case let .fixed(p) = self { return p.evenTimeline(at: now, clock: clock) }
        if case let .windows(p) = self { return p.evenTimeline(at: now, clock: clock, memory: &windows) }
        return nil
    }

    /// `getTimeline` for the providers that do not change as they run, read in place; false (and
    /// nothing filled) for those that do.
    @inline(__always)
    private func fill(in context: ReplayContext, into timeline: inout ReplayTimeline) -> Bool {
        switch self {
        case let .fixed(p): p.getTimeline(in: context, into: &timeline)
        case let .windows(p): p.getTimeline(in: context, into: &timeline)
        case let .schedule(p): p.getTimeline(in: context, into: &timeline)
        case let .never(p): p.getTimeline(in: context, into: &timeline)
        case .untilFull, .other: return false
        }
        return true
    }

    /// `getTimeline` for the providers that change as they run (``UntilFullProvider``, a custom
    /// one): changed in place.
    @inline(never)
    private mutating func getTimelineChanging(in context: ReplayContext, into timeline: inout ReplayTimeline) {
        switch self {
        case var .untilFull(p):
            p.getTimeline(in: context, into: &timeline)
            self = .untilFull(p)
        case var .other(p):
            // Out of `self` first, so that `p`'s array is not shared when it changes (no copy).
            self = .never(NeverProvider())
            p.getTimeline(in: context, into: &timeline)
            self = .other(p)
        case .fixed, .windows, .schedule, .never:
            break  // Filled by `fill(in:into:)`.
        }
    }
}

/// A provider of any other type, as ``BuiltInProvider`` holds it: in a one-element array, a
/// reference with copy-on-write value semantics (a copy of the enum shares it until one of them
/// changes), so that the enum holds no existential.
public struct OtherProvider: Sendable {
    private var held: [any ReplayProvider & Sendable]

    /// Holds `provider`.
    public init(_ provider: any ReplayProvider & Sendable) { held = [provider] }

    /// The provider.
    public var provider: any ReplayProvider & Sendable { held[0] }

    /// The provider's `getTimeline`, changing it in place.
    public mutating func getTimeline(in context: ReplayContext, into timeline: inout ReplayTimeline) {
        held[0].getTimeline(in: context, into: &timeline)
    }
}
