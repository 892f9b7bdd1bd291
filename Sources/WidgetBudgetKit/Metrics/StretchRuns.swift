/// The stretches of one part of a quantile's input (``AgeQuantile``) read as runs of one shape:
/// the runs of ``AgeShapes`` as it keeps them, any other collection's stretches one by one (runs
/// of 1).
///
/// Every pass of the quantile over its parts reads them through ``forEach(in:_:)`` and handles a
/// run of `count` stretches with the bits of handling its stretches one after the other (a sum
/// through `RepeatedSum`, a minimum or maximum once). The choice between the two is made once
/// per part, by its type: in a build that specialises the quantile for its parts' type (every
/// release build of the summaries), the cast folds, only one of the two loops is left, and in the
/// loop over stretches `count` is the constant 1, so a pass's branch for longer runs is dead code
/// and the stretch-by-stretch path is the one it always was.
enum StretchRuns {
    /// Calls `body` with each run of `part`'s stretches in order: its age at the start and at the
    /// end of each stretch (seconds) and how many stretches, at least 1. For ``AgeShapes`` its runs
    /// (it keeps none of no stretch; those read back from a store are skipped, as its stretch
    /// iterator skips them); for `StretchSlots` (a
    /// day's stretches with a jump's runs, `EnginePaths.jumpRuns`) its slots, each with its count;
    /// for any other collection each stretch as a run of 1.
    ///
    /// - Complexity: O(runs) for ``AgeShapes``, O(slots) for `StretchSlots`, O(stretches) otherwise.
    @inline(__always)
    static func forEach<Part: Collection>(in part: Part, _ body: (_ from: Double, _ to: Double, _ count: Int) -> Void)
    where Part.Element == AgeSegment {
        if let shapes = part as? AgeShapes {
            if shapes.storedRuns == 0 {
                // Every run in memory (the optimizer's): read in place, without the iterator's
                // chunks (its bookkeeping cost the bench's summaries about 18 instructions a run in the
                // first pass, 12 in the gathering one, #26 engine-2), and without asking for runs of
                // no stretch: `AgeShapes` keeps none (each run starts at one stretch and a marked
                // slot stands for at least one), so the question cost two instructions a run in
                // each pass for nothing.
                shapes.runs.withUnsafeBufferPointer { runs in
                    for run in runs {
                        assert(run.count > 0, "a run of no stretch in memory")
                        body(run.from, run.to, run.count)
                    }
                }
                return
            }
            var runs = shapes.makeRunIterator()
            while let run = runs.next() {
                if run.count > 0 { body(run.from, run.to, run.count) }
            }
        } else if let slots = part as? StretchSlots {
            slots.forEachRun(body)
        } else {
            for s in part { body(s.from, s.to, 1) }
        }
    }

    /// How many runs ``forEach(in:_:)`` reads from `part` at most: its runs for ``AgeShapes``
    /// (with any of no stretch), its slots for `StretchSlots`, its stretches otherwise.
    @inline(__always)
    static func runCount<Part: Collection>(of part: Part) -> Int where Part.Element == AgeSegment {
        if let shapes = part as? AgeShapes { return shapes.runCount }
        if let slots = part as? StretchSlots { return slots.slots.count }
        return part.count
    }

    /// `for _ in 0 ..< n { sum += x }`, to the bit: one by one for a few (cheaper than
    /// `RepeatedSum`'s set-up), through `RepeatedSum` for more.
    @inline(__always)
    static func add(_ x: Double, times n: Int, to sum: inout Double) {
        if n <= Self.fewTimes {
            var s = sum
            for _ in 0..<n { s += x }
            sum = s
        } else {
            RepeatedSum.add(x, times: n, to: &sum)
        }
    }

    /// Up to this many additions of one term, ``add(_:times:to:)`` makes them one by one: on the
    /// optimizer bench's sums (seldom exact, so its walk through the binades) `RepeatedSum` costs
    /// about 200 instructions a call, as many as some 64 plain additions.
    static let fewTimes = 64

    /// Adds 1 to `counter` (a count of stretches kept in a `Double`)
    /// `n` times, to the bit: at once while the total stays below 2^53, where every whole number
    /// is a `Double` and so each addition of 1 is exact, and their sum is the exact total (the
    /// counter is a whole number itself, reached by such additions; a rounded total below 2^53
    /// means the exact one is below it too, rounding being monotonic and 2^53 a `Double`). From
    /// 2^53 on, adding 1 rounds (to even: the counter stays at 2^53), so the additions are left
    /// to `RepeatedSum`.
    @inline(__always)
    static func count(_ n: Int, into counter: inout Double) {
        let total = counter + Double(n)
        if total < 0x1p53 {
            counter = total
        } else {
            RepeatedSum.add(1, times: n, to: &counter)
        }
    }
}
