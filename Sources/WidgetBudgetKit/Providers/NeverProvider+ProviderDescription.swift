extension NeverProvider: ProviderDescription {
    /// One entry.
    public var maxEntries: Int { 1 }

    /// `never: one entry, app reloads only`.
    public var summary: String { "never: one entry, app reloads only" }

    /// Runs as itself.
    public func makeRunnable(clock: LocalClock, horizon: Double) -> BuiltInProvider { .never(self) }
}
