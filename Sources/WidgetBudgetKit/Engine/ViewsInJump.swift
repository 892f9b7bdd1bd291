/// The renders a jump went past, as the views among them see them: `moves` entries, the first
/// dated `firstMove` and each of the others `step` after the one before, each moving the display's
/// stale start `step` later, from `tick` before the first. What `WidgetSimulation.tallyViewsInJump`
/// needs to give each view the stale start of the last entry rendered by its time, for
/// `StaleStride`'s `jump` (entries that share a stale start in between move nothing) and for the
/// closed forms (`closedTimeline`, `closedCycles`), which render their entries without stopping at
/// views.
struct ViewsInJump {
    /// How many entries moved the stale start (0: none, no view to count as in a jump).
    var moves: Int
    /// The date of the first of them (the others `step` apart).
    var firstMove: SimTime
    /// The display's stale start before the first of them.
    var tick: SimTime

    /// No moves.
    static var none: ViewsInJump { ViewsInJump(moves: 0, firstMove: 0, tick: 0) }

    /// The display's stale start at `v` (a view dated no later than the next entry's date): that
    /// of the last entry rendered at or before `v`, as the render loop counts views (a view at a
    /// render's instant sees it). Inlined into the views' loop.
    @inline(__always)
    func staleStart(atView v: SimTime, step: Double) -> SimTime {
        tick + Double(moves(by: v, step: step)) * step
    }

    /// How many of the moves (`firstMove + i · step`, `i` in `0 ..< moves`) are at or before `v`:
    /// `floor(q) + 1` for `q` the division, within `0 ... moves`, when the exact dates of the moves
    /// on either side agree; else searched from there, out of line (the division may be a unit
    /// off). No `floor` call (a conversion rounds toward zero, which is `floor` from 0 up), and no
    /// search loop inline, which the compiler made a vector loop costing more than the division.
    @inline(__always)
    func moves(by v: SimTime, step: Double) -> Int {
        let q = (v - firstMove) / step
        let i = q >= Double(moves) || q.isNaN ? moves : q < 0 ? 0 : Int(q) + 1
        if (i == 0 || firstMove + Double(i - 1) * step <= v) && (i == moves || firstMove + Double(i) * step > v) {
            return i
        }
        return moves(by: v, step: step, from: i)
    }

    /// ``moves(by:step:)`` searched from `i`: the exact dates compared step by step.
    @inline(never)
    func moves(by v: SimTime, step: Double, from start: Int) -> Int {
        var i = start
        while i > 0 && firstMove + Double(i - 1) * step > v { i -= 1 }
        while i < moves && firstMove + Double(i) * step <= v { i += 1 }
        return i
    }
}

extension ViewsInJump {
    /// ``staleStart(atView:step:)`` for views in time order: the moves by a view and the date of
    /// the next move kept from the view before, so that a view before that date (the moves being
    /// in order, the same count, to the bit) costs a comparison instead of a division.
    struct StaleStarts {
        let jump: ViewsInJump
        let step: Double
        /// The stale start at the last view asked.
        private var value: SimTime = 0
        /// The date of the first move after the last view asked (`+infinity`: none left;
        /// `-infinity`: no view asked yet).
        private var nextMove = -SimTime.infinity
        /// One more than the moves at or before the last view asked (`0`: no view asked yet), as a
        /// whole `Double`: the index of the move after `nextMove`'s (which is the move `on - 1`'s
        /// date when there is one).
        private var on: Double = 0
        /// How many times ``at(_:)`` divided (for the tests; the engine does not read it, and the
        /// compiler drops the count there).
        private(set) var divisions = 0
        /// How many of those ``at(_:)`` answered inline (for the tests, as `divisions`).
        private(set) var guesses = 0
        /// How many views ``at(_:)`` answered one move on from the view before, without a division
        /// (for the tests, as `divisions`).
        private(set) var steps = 0

        init(_ jump: ViewsInJump, step: Double) {
            self.jump = jump
            self.step = step
        }

        /// The stale start at `v`, no earlier than the last view asked: ``staleStart(atView:step:)``.
        ///
        /// The moves' dates (`firstMove + i · step`, a product and a sum rounded to nearest, both
        /// monotone) are in order, so the moves at or before `v` are the first `n` for `n` the one
        /// count whose move `n - 1` (if any) is at or before `v` and whose move `n` (if any) is after
        /// it: whatever finds that count, the stale start `tick + n · step` and the next move's date
        /// computed from it as ``answer(_:step:at:)`` computes them are the same to the bit.
        ///
        /// First, one move on from the last view asked, without a division: `v` being at or after
        /// `nextMove`, the date of move `on - 1` (or no view asked yet, `on` 0), `n` is at least
        /// `on`, and it is `on` when that is every move or when move `on`'s date is after `v`.
        /// Else the division's guess `floor(q)` for the last move at or before `v`, `0 ≤ q < moves -
        /// 1`, checked against the exact dates of that move and the next (one product shared by the
        /// next move's date and the stale start). (A view before the first move is answered one
        /// move on.) Any other (a guess the dates disagree with, or a view at or after the last
        /// move not answered one move on: few, and their case inline cost its products in the
        /// loop's set-up) as before, out of line (``answer(_:step:at:)``, which takes the jump's
        /// values: a method taking this struct's address kept its counters in memory, incremented
        /// at every division).
        @inline(__always)
        mutating func at(_ v: SimTime) -> SimTime {
            if v >= nextMove {
                let first = jump.firstMove
                let lastMove = Double(jump.moves &- 1)
                if on <= lastMove {
                    let shift = on * step
                    let next = first + shift
                    if next > v {
                        steps &+= 1
                        value = jump.tick + shift
                        nextMove = next
                        on += 1
                        return value
                    }
                } else if on == lastMove + 1 {
                    // Every move is at or before `v`.
                    steps &+= 1
                    value = jump.tick + on * step
                    nextMove = .infinity
                    on += 1
                    return value
                }
                divisions &+= 1
                let q = (v - first) / step
                if q >= 0 && q < lastMove {
                    // `floor(q)` by rounding `q + 2^52`, where the doubles are the whole numbers,
                    // and one less when that rounded up (1 or 0 taken off: `x - 0` is `x`, to the
                    // bit, and the choice of a constant is two instructions where the choice of
                    // a difference was four, round 13).
                    let nearest = (q + 0x1p52) - 0x1p52
                    let before = nearest - (nearest > q ? 1 : 0)
                    let shift = (before + 1) * step
                    let next = first + shift
                    if first + before * step <= v && next > v {
                        guesses &+= 1
                        on = before + 2
                        value = jump.tick + shift
                        nextMove = next
                        return value
                    }
                }
                (value, nextMove, on) = Self.answer(jump, step: step, at: v)
            }
            return value
        }

        /// The stale start at `v`, the date of the first move after it (`+infinity`: none) and the
        /// moves by `v` from ``wholeMoves(_:step:by:)``: ``at(_:)`` where its inline cases do not answer.
        @inline(never)
        private static func answer(_ jump: ViewsInJump, step: Double, at v: SimTime) -> (SimTime, SimTime, Double) {
            let i = wholeMoves(jump, step: step, by: v)
            return (jump.tick + i * step, i == Double(jump.moves) ? .infinity : jump.firstMove + i * step, i + 1)
        }

        /// ``ViewsInJump/moves(by:step:)`` as a whole `Double` (the same number, and the same
        /// dates compared: `Double(i)` is `i` for a count below 2^53), without its conversions to
        /// `Int` and back and their checks: the quotient `q` (`0 ≤ q < moves`) rounded down by
        /// rounding `q + 2^52`, where the doubles are the whole numbers, and one less when that
        /// rounded up. A guess the dates disagree with is searched as there (a count of moves
        /// above 2^52, none in practice, only guesses wrong).
        @inline(__always)
        private static func wholeMoves(_ jump: ViewsInJump, step: Double, by v: SimTime) -> Double {
            let moves = Double(jump.moves), first = jump.firstMove
            let q = (v - first) / step
            var i = moves
            if q < moves {
                let nearest = (q + 0x1p52) - 0x1p52
                i = q < 0 ? 0 : (nearest > q ? nearest : nearest + 1)
            }
            if (i == 0 || first + (i - 1) * step <= v) && (i == moves || first + i * step > v) { return i }
            return Double(jump.moves(by: v, step: step, from: Int(i)))
        }
    }
}
