extension NeverProvider: ProviderDescription {
    /// `never` (a scenario may also write `provider: never`).
    public static var typeName: String { "never" }
    /// None.
    public static var keys: [String] { [] }
    /// `{type: never}`.
    public static var example: String { "{type: never}" }
    /// Nothing to read.
    public static func read<M: ScenarioMapping>(_ m: M) throws -> NeverProvider { NeverProvider() }
    /// One entry.
    public var maxEntries: Int { 1 }
    /// `never: one entry, app reloads only`.
    public var summary: String { "never: one entry, app reloads only" }
    /// 0: the entry is dated at the reload.
    public var firstEntryOffset: Double { 0 }
    /// Runs as itself.
    public func makeRunnable(clock: LocalClock, horizon: Double) -> BuiltInProvider { .never(self) }
    /// ``ProviderSpec/never``.
    public var spec: ProviderSpec { .never }
}
