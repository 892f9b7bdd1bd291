/// A value of a scenario file as a provider's description reads it (``ProviderDescription/read(_:)``):
/// the scenario loader's YAML node, which `WidgetBudgetIO` conforms as `YAMLValue`.
///
/// The engine knows no YAML; a provider reads its own keys through these few readers, and every
/// error they throw or make names the file, the line and the key (`file:line: key: message (hint)`).
public protocol ScenarioValue {
    /// The checked mapping ``mapping(allowed:)`` returns.
    associatedtype Mapping: ScenarioMapping where Mapping.Value == Self
    /// The error ``error(_:hint:)`` makes (the loader's `ScenarioError`).
    associatedtype Failure: Error
    /// The scalar's text, or `nil` for mappings and lists.
    var scalarText: String? { get }
    /// True when the value is a mapping.
    var isMapping: Bool { get }
    /// The scalar as text.
    func string() throws -> String
    /// The scalar as a whole number.
    func int() throws -> Int
    /// The scalar as a number within `range` (``Bounds/number`` for any number).
    func double(in range: ClosedRange<Double>) throws -> Double
    /// A duration (`45s`, `5m`, `1h30m`, `2d`, or seconds) greater than zero, in seconds.
    func positiveDuration() throws -> Double
    /// A duration that must not be negative, in seconds.
    func nonNegativeDuration() throws -> Double
    /// The value as a mapping whose keys must be among `allowed` (an unknown key is an error that
    /// suggests the nearest valid one).
    func mapping(allowed: [String]) throws -> Mapping
    /// The value as a list (a single value counts as a list of one, an empty value as none).
    func list() -> [Self]
    /// An error at this value.
    func error(_ message: String, hint: String?) -> Failure
}

/// A checked mapping of a scenario file (``ScenarioValue/mapping(allowed:)``): the loader's
/// `YAMLMapping`.
public protocol ScenarioMapping {
    /// The values it holds.
    associatedtype Value: ScenarioValue where Value.Mapping == Self
    /// The mapping itself, as a value (its line, for errors about the whole mapping).
    var owner: Value { get }
    /// The value of `key`, or `nil` when absent or null.
    subscript(key: String) -> Value? { get }
    /// The value of `key`, or an error saying it is missing.
    func require(_ key: String, hint: String?) throws -> Value
    /// An error for `key`, absent, at the mapping's line: a key required only with another one
    /// (`spacing` with `entries` above 1).
    func error(missing key: String, _ message: String, hint: String?) -> Value.Failure
}

extension ScenarioValue {
    /// Time-of-day windows (`during:`): one text (`"weekdays 09:30-16:00"`) or a list of them.
    public func timeWindows() throws -> [TimeWindow] {
        try list().map { item in
            let text = try item.string()
            switch TimeWindow.parse(text) {
            case let .success(window): return window
            case let .failure(error): throw item.error("'\(text)': \(error.reason)", hint: nil)
            }
        }
    }

    /// The scalar as one of `T`'s raw values; an unknown word is an error naming `what` and
    /// suggesting the nearest value (`unknown alignment 'minutes' (did you mean 'minute'?)`).
    public func word<T: RawRepresentable & CaseIterable>(_ type: T.Type, what: String) throws -> T where T.RawValue == String {
        let text = try string()
        guard let value = T(rawValue: text) else {
            throw error("unknown \(what) '\(text)'", hint: NearestName.hint(text, among: T.allCases.map(\.rawValue)))
        }
        return value
    }
}
