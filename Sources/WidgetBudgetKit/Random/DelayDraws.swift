/// The reload delays of one replication's widget, drawn from their own stream in order: the
/// first of them listed in advance where runs share the stream (the optimizer's candidates, whose
/// inputs are drawn once per replication, ``WidgetInputs/drawnInAdvance(listingDelays:)``), the
/// others drawn from the generator as they come.
///
/// Each run reads the list from its first delay on (a copy of this value starts where the copied
/// one was made: its list is shared, its position is its own), then draws from the generator left
/// where the listing left it: draw `i` is the `i`th that ``DelayDistribution/draw(_:)`` gives from
/// the stream's generator, listed or not, to the bit (the same operations on the same draws). So a
/// delay a run reads costs a load instead of a draw (about 30 instructions a delivery: the
/// generator's state loaded and stored, its arithmetic and the distribution's; #26 engine-2, round
/// 15 `grant`), and the list is drawn once for all the runs of a replication.
package struct DelayDraws: Sendable, Equatable {
    /// The distribution every delay is drawn from.
    package let distribution: DelayDistribution
    /// The stream's first delays, in order (none unless listed).
    private let listed: [Double]
    /// The next listed delay to read (`listed.count`: none left).
    private var next = 0
    /// The stream's generator after the listed delays' draws.
    private var generator: SeededGenerator

    /// The delays of `distribution` drawn with `generator`, none listed.
    package init(_ distribution: DelayDistribution, generator: SeededGenerator) {
        self.distribution = distribution
        self.generator = generator
        listed = []
    }

    /// The delays of `distribution` drawn with `generator`, the first `count` of them listed
    /// (drawn now, in order) and the generator left after their draws.
    ///
    /// The list is written in place (an append's checks at every delay cost more than its draw).
    package init(_ distribution: DelayDistribution, generator: SeededGenerator, listing count: Int) {
        self.distribution = distribution
        var generator = generator
        let n = max(0, count)
        listed = [Double](unsafeUninitializedCapacity: n) { buffer, initialized in
            for i in 0..<n { buffer.initializeElement(at: i, to: distribution.draw(&generator)) }
            initialized = n
        }
        self.generator = generator
    }

    /// These delays with the first `count` listed, when none are (else these, already listed).
    package func listing(_ count: Int) -> DelayDraws {
        guard listed.isEmpty else { return self }
        return DelayDraws(distribution, generator: generator, listing: count)
    }

    /// How many delays are listed (read or not).
    package var listedCount: Int { listed.count }

    /// How many listed delays are still to be read.
    package var listedLeft: Int { listed.count - next }

    /// The next delay: the next listed one, else drawn from the generator.
    @inline(__always)
    package mutating func draw() -> Double {
        if next < listed.count {
            let delay = listed[next]
            next &+= 1
            return delay
        }
        return distribution.draw(&generator)
    }
}
