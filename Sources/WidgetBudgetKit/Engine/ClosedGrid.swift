/// The grid facts the closed forms (`WidgetSimulation.closedTimeline`, `closedCycles`) ask at
/// every call that depend on the timeline's spacing and the grid's period alone, so are the same
/// for every timeline of a fixed provider: the stride's step (`ChangeCursor.strideStep`), how many
/// entries a cycle holds, and the grid's part of the exactness (`StaleStride.gridExponent`). The
/// simulation keeps the last one and asks again only when the spacing or the period changes.
struct ClosedGrid {
    /// The entries' spacing (NaN: not yet asked).
    let spacing: Double
    /// The grid's period (0 for a list).
    let period: Double
    /// How far apart the entries that repeat one stretch go stale: `ChangeCursor.strideStep`
    /// (0 when there is none).
    let step: Double
    /// The entries in one cycle: 1 when `step` is the spacing (entries whole periods apart), 2
    /// when it is twice the spacing (half a period apart), 0 otherwise (no closed form).
    let cycle: Int
    /// The least exponent of `period`, `step`, `step - period` and the spacing
    /// (`StaleStride.gridExponent`, and the spacing's low bit for entries half a period apart; for
    /// whole periods the spacing is `step`): `nil` when one of them is not finite or subnormal
    /// (then no stride over this grid is exact), or when `cycle` is 0.
    let exponent: Int?
    /// `cycle` when `exponent` is not `nil`, else 0: the closed forms' one test for both (a
    /// cycle of entries and an exact grid), with no optional's tag to read.
    let exactCycle: Int
    /// `exponent` when it is not `nil` (0 otherwise: read only when `exactCycle` is not 0).
    let exactExponent: Int
    /// How many entries one period holds when the spacing is a whole fraction of it (`period =
    /// n × spacing` to the bit, `n` from 1 to 2^20), else 0: entries from a tick on then form
    /// fresh runs (`FreshRun.alignedRun`).
    let perTick: Int

    /// Not yet asked: every spacing differs from it.
    static var none: ClosedGrid { ClosedGrid(spacing: .nan, period: .nan, step: 0, cycle: 0, exponent: nil) }

    private init(spacing: Double, period: Double, step: Double, cycle: Int, exponent: Int?) {
        self.spacing = spacing
        self.period = period
        self.step = step
        self.cycle = cycle
        self.exponent = exponent
        exactCycle = exponent == nil ? 0 : cycle
        exactExponent = exponent ?? 0
        perTick = Self.perTick(spacing: spacing, period: period)
    }

    /// ``perTick`` for entries `spacing` apart on a grid of `period`.
    static func perTick(spacing: Double, period: Double) -> Int {
        guard period > 0, spacing > 0, spacing <= period else { return 0 }
        let n = period / spacing
        guard ExactMultiples.isWhole(n), n * spacing == period, n <= 0x1p20 else { return 0 }
        return Int(n)
    }

    /// The facts for entries `spacing` apart on a grid of `period`.
    init(spacing: Double, period: Double) {
        guard let step = ChangeCursor.strideStep(spacing: spacing, period: period) else {
            self.init(spacing: spacing, period: period, step: 0, cycle: 0, exponent: nil)
            return
        }
        let cycle = step == spacing ? 1 : step == 2 * spacing ? 2 : 0
        var exponent: Int? = nil
        if cycle > 0, let e = StaleStride.gridExponent(step: step, period: period), let s = StaleStride.lowBitExponent(spacing) {
            exponent = min(e, s)
        }
        self.init(spacing: spacing, period: period, step: step, cycle: cycle, exponent: exponent)
    }

    /// Whether these are the facts for `spacing` and `period` (inlined: asked at every call).
    @inline(__always)
    func holds(spacing: Double, period: Double) -> Bool {
        spacing == self.spacing && period == self.period
    }
}
