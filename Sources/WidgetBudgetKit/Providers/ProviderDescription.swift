/// A provider as a scenario describes it: its `type:` name and keys, how it reads them, what it
/// says about itself, and the provider it runs.
///
/// One type per provider (``FixedProvider``, ``UntilFullProvider``, ``WindowsProviderSpec``,
/// ``ScheduleProviderSpec``, ``NeverProvider``). The scenario loader knows the types of
/// ``ProviderSpec/builtInTypes`` (plus any a library user hands it), finds the one whose
/// ``typeName`` a provider mapping names, and calls its ``read(_:)`` with only its ``keys``
/// allowed; nothing else switches over providers. Every requirement without a default is one no
/// default would be right for. To add a provider: one file with the type, its line in
/// ``ProviderSpec/builtInTypes`` (the loader entry), and its keys in `docs/scenario-format.md`
/// (CONTRIBUTING.md works one through, a backoff provider).
///
/// A provider without a case of its own in ``ProviderSpec`` is held as
/// ``ProviderSpec/custom(_:)`` and runs as ``BuiltInProvider/custom(_:)``, called through the
/// protocol; the built-in ones have their own cases, so the engine's calls to them are direct.
public protocol ProviderDescription: Sendable, Equatable, Codable {
    /// The `type:` a scenario writes (`fixed`, `until-full`); unique among the loader's types.
    static var typeName: String { get }
    /// The keys its mapping may hold besides `type`, in the order the docs list them.
    static var keys: [String] { get }
    /// A small provider of this type as a scenario writes it (flow style), for tests and docs: the
    /// loader must read it back (`ScenarioReaderContractTests`).
    static var example: String { get }
    /// Reads the provider from its mapping, which holds `type` and only ``keys``; every problem
    /// is an error of `mapping`'s values (file, line and key).
    static func read<M: ScenarioMapping>(_ mapping: M) throws -> Self
    /// The largest timeline this provider can return (for memory checks before running).
    var maxEntries: Int { get }
    /// One line in plain words, for reports.
    var summary: String { get }
    /// Seconds from a reload to the first entry, which the optimizer's candidates keep when they
    /// stand in for this provider (0 for a provider that dates its first entry at the reload).
    var firstEntryOffset: Double { get }
    /// The provider ready for a run over `[0, horizon]` seconds on `clock`.
    func makeRunnable(clock: LocalClock, horizon: Double) -> BuiltInProvider
    /// The provider as a scenario holds it: a built-in one's own case of ``ProviderSpec``,
    /// ``ProviderSpec/custom(_:)`` for any other (the default).
    var spec: ProviderSpec { get }
}

extension ProviderDescription {
    /// ``ProviderSpec/custom(_:)``: a provider without a case of its own.
    public var spec: ProviderSpec { .custom(CustomProvider(self)) }

    /// True when `other` is of this type and equal to this description.
    func isEqual(to other: any ProviderDescription) -> Bool {
        (other as? Self) == self
    }
}
