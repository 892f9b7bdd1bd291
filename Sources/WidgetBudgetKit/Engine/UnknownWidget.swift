/// A widget name that the scenario does not declare
/// (``Simulator/run(_:replacing:with:events:)``).
public struct UnknownWidget: Error, Equatable, CustomStringConvertible {
    /// The name asked for.
    public var name: String
    /// The scenario's widget names, in order.
    public var available: [String]

    /// Creates the error.
    public init(name: String, available: [String]) {
        self.name = name
        self.available = available
    }

    /// One line: the name and the names there are.
    public var description: String {
        "the scenario has no widget named '\(name)'; its widgets: " + available.map { "'\($0)'" }.joined(separator: ", ")
    }
}
