/// A small, fast, seeded random number generator (xoshiro256**), seeded through SplitMix64.
///
/// The same seed always yields the same sequence on every platform, which is what makes
/// WidgetBudget's outputs byte-identical from run to run. Streams for different purposes are
/// derived with ``SeededGenerator/init(seed:stream:)`` so that, for instance, the content changes a
/// widget sees never depend on how many reloads its policy made.
package struct SeededGenerator: RandomNumberGenerator, Sendable, Equatable {
    private var s0: UInt64, s1: UInt64, s2: UInt64, s3: UInt64

    /// Creates a generator from a 64-bit seed.
    package init(seed: UInt64) {
        var sm = seed
        s0 = SeededGenerator.splitMix(&sm)
        s1 = SeededGenerator.splitMix(&sm)
        s2 = SeededGenerator.splitMix(&sm)
        s3 = SeededGenerator.splitMix(&sm)
    }

    /// Creates the generator of one named stream under a seed: `stream` lists the stream's
    /// coordinates (replication, widget, purpose, ...).
    package init(seed: UInt64, stream: [UInt64]) {
        var h = seed ^ 0x9E37_79B9_7F4A_7C15
        for part in stream { h = SeededGenerator.mix(h ^ SeededGenerator.mix(part &+ 0x632B_E59B_D9B4_E019)) }
        self.init(seed: h)
    }

    @inline(__always)
    static func splitMix(_ state: inout UInt64) -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return mix(state)
    }

    /// SplitMix64's finaliser: a good 64-bit hash.
    @inline(__always)
    package static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The next 64 random bits of the stream.
    @inline(__always)
    package mutating func next() -> UInt64 {
        let result = rotateLeft(s1 &* 5, 7) &* 9
        let t = s1 << 17
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotateLeft(s3, 45)
        return result
    }

    /// A uniform draw in `[0, 1)` with 53 random bits.
    @inline(__always)
    package mutating func unit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A stateless uniform draw in `[0, 1)`: the same `(seed, a, b)` always gives the same value.
    /// Used where a draw must not depend on how many draws came before (render delays of entries
    /// that the engine may count without visiting).
    @inline(__always)
    package static func hashUnit(seed: UInt64, _ a: UInt64, _ b: UInt64) -> Double {
        let h = mix(seed ^ mix(a &* 0xD1B5_4A32_D192_ED03 ^ mix(b &+ 0x8CB9_2BA7_2F3D_8DD7)))
        return Double(h >> 11) * 0x1.0p-53
    }
}

@inline(__always)
private func rotateLeft(_ value: UInt64, _ amount: UInt64) -> UInt64 {
    (value << amount) | (value >> (64 - amount))
}

/// The purposes of the random streams, so that each purpose draws from its own stream.
enum StreamPurpose: UInt64 {
    case predictable = 1
    case unpredictable, views, appReloads, foreground, foregroundDuration
    case intents, budget, reloadDelay, renderDelay, appReloadDelay
    case launches, launchDuration, sessions, sessionDuration, locationChanges, pushes
    /// App Intent taps' delays (`system.intent_reload_delay`), drawn per widget.
    case intentDelay = 101
}
