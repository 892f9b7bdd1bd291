/// What every built-in provider's scenario description answers: the largest timeline it can
/// return, a summary in words, and the provider ready to run.
///
/// ``ProviderSpec`` hands each of its cases' payloads out as one of these (``ProviderSpec/payload``)
/// and delegates to it, so it never switches over providers for what they say about themselves.
/// To add a provider: one file with the provider and its conformance, a case in ``ProviderSpec``
/// (its payload line) and in ``BuiltInProvider``, and the loader entry.
public protocol ProviderDescription: Sendable {
    /// The largest timeline this provider can return (for memory checks before running).
    var maxEntries: Int { get }
    /// One line in plain words, for reports.
    var summary: String { get }
    /// The provider ready for a run over `[0, horizon]` seconds on `clock`.
    func makeRunnable(clock: LocalClock, horizon: Double) -> BuiltInProvider
}
