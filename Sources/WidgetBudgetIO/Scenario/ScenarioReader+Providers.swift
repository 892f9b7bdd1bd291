import WidgetBudgetKit
import Yams

extension ScenarioReader {
    /// `provider:` — a mapping with a `type` (or the plain word `never`), read by the type of
    /// ``providerTypes`` of that name (``ProviderDescription/read(_:)``), with only its keys allowed.
    func readProvider(_ v: YAMLValue) throws -> ProviderSpec {
        guard v.isMapping else {
            if v.scalarText == "never" { return .never }
            throw v.error("expected a mapping with a `type`", hint: "e.g. \(FixedProvider.example)")
        }
        // A type the loader does not know is named before any key it would not allow (a scenario
        // naming a provider defined outside the built-in ones, not handed to the loader).
        if let node = v.node.mapping?["type"] {
            let typeNode = YAMLValue(node: node, path: v.path + ".type", file: v.file)
            if let text = typeNode.scalarText, !providerTypes.contains(where: { $0.typeName == text }) {
                throw unknownType(typeNode, text)
            }
        }
        let typeNode = try v.mapping(allowed: Self.providerKeys(providerTypes)).require("type")
        let text = try typeNode.string()
        guard let type = providerTypes.first(where: { $0.typeName == text }) else { throw unknownType(typeNode, text) }
        return try Self.read(type, try v.mapping(allowed: ["type"] + type.keys))
    }

    /// `unknown provider type 'fixd' (did you mean 'fixed'?)`.
    private func unknownType(_ typeNode: YAMLValue, _ text: String) -> ScenarioError {
        typeNode.error("unknown provider type '\(text)'", hint: NearestName.hint(text, among: providerTypes.map { $0.typeName }))
    }

    /// `mapping` read as a `T`, as a scenario holds it.
    private static func read<T: ProviderDescription>(_ type: T.Type, _ mapping: YAMLMapping) throws -> ProviderSpec {
        try T.read(mapping).spec
    }

    /// `type` and every type's keys, each once, in the order of `types`: what a provider mapping
    /// may hold before its `type` is known.
    static func providerKeys(_ types: [any ProviderDescription.Type]) -> [String] {
        types.flatMap { $0.keys }.reduce(into: ["type"]) { keys, key in
            if !keys.contains(key) { keys.append(key) }
        }
    }
}

/// The scenario loader's YAML, read by providers through the engine's ``ScenarioValue``.
extension YAMLValue: ScenarioValue {}

/// The scenario loader's checked mappings, read by providers through ``ScenarioMapping``.
extension YAMLMapping: ScenarioMapping {
    /// An error for `key`, absent, at the mapping's line.
    public func error(missing key: String, _ message: String, hint: String?) -> ScenarioError {
        ScenarioError(
            file: owner.file, line: owner.line, key: owner.path.isEmpty ? key : owner.path + "." + key, message: message, hint: hint)
    }
}
