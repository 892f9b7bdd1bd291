/// A provider without a case of its own in ``ProviderSpec`` (``ProviderSpec/custom(_:)``): any
/// ``ProviderDescription``, compared and coded through it.
///
/// Equal when both are of the same type and that type's `==` says so. Coded as
/// `{"type": typeName, "value": …}`; decoding needs the type, handed to the decoder in its
/// `userInfo` under `.providerTypes` (as the scenario loader is handed it).
public struct CustomProvider: Sendable, Equatable, Codable {
    /// The description.
    public let provider: any ProviderDescription

    /// Holds `provider`.
    public init(_ provider: any ProviderDescription) { self.provider = provider }

    /// Same type and equal.
    public static func == (a: CustomProvider, b: CustomProvider) -> Bool {
        a.provider.isEqual(to: b.provider)
    }

    private enum CodingKeys: String, CodingKey { case type, value }

    /// Encodes the type's name and the description.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type(of: provider).typeName, forKey: .type)
        try provider.encode(to: container.superEncoder(forKey: .value))
    }

    /// Decodes a description of one of the types in `decoder.userInfo[.providerTypes]`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .type)
        let types = decoder.userInfo[.providerTypes] as? [any ProviderDescription.Type] ?? []
        guard let type = types.first(where: { $0.typeName == name }) else {
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container,
                debugDescription: "unknown provider type '\(name)' (hand its type to the decoder in userInfo[.providerTypes])")
        }
        provider = try type.init(from: container.superDecoder(forKey: .value))
    }
}

extension CodingUserInfoKey {
    /// The provider types (`[any ProviderDescription.Type]`) a decoder may meet in a
    /// ``CustomProvider``.
    public static let providerTypes = CodingUserInfoKey(rawValue: "WidgetBudgetKit.providerTypes")!
}
