/// A timeline codes as the list of all its entries and its policy, however it stores them.
extension ReplayTimeline: Codable {
    private enum CodingKeys: String, CodingKey {
        case entries, policy
    }

    /// Decodes `entries` and `policy`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let entries = try container.decode([ReplayEntry].self, forKey: .entries)
        self.init(entries: entries, policy: try container.decode(ReloadPolicy.self, forKey: .policy))
    }

    /// Encodes `entries` (every one listed) and `policy`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entries, forKey: .entries)
        try container.encode(policy, forKey: .policy)
    }
}
