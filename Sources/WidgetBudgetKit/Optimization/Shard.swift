/// A deterministic part of a sweep: candidates whose index in canonical order is `index − 1`
/// modulo `count` (interleaved, so every shard gets a like mix of cheap and costly candidates).
public struct Shard: Sendable, Equatable, CustomStringConvertible, Codable {
    /// 1-based shard number.
    public var index: Int
    /// Number of shards.
    public var count: Int

    /// The whole space.
    public static let whole = Shard(index: 1, count: 1)

    /// Creates a shard; `1 <= index <= count`.
    public init(index: Int, count: Int) {
        precondition(count >= 1 && (1...count).contains(index), "shard \(index)/\(count) is out of range")
        self.index = index
        self.count = count
    }

    /// `K/N`.
    public var description: String { "\(index)/\(count)" }

    /// True for a part of a sweep rather than all of it.
    public var isPartial: Bool { count > 1 }

    /// The part of `items` this shard takes.
    public func select<T>(_ items: [T]) -> [T] {
        guard count > 1 else { return items }
        return stride(from: index - 1, to: items.count, by: count).map { items[$0] }
    }
}
