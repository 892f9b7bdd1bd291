// A day's stretches as the engine's buffer holds them when a slot may stand for a run of a
// stride's jump (`EnginePaths.jumpRuns`): what the day's quantile reads run by run
// (`StretchRuns`), and what is folded into ``AgeShapes`` when the day closes.

/// Stretches in slots, some of which stand for a run of stretches of their shape (a jump's `n`
/// repeated stretches, `StaleStride`'s `jump`, stored once): iterated, every stretch in order,
/// a marked slot's as many times as it stands for (their starts are the first's: nothing that
/// reads these reads the starts).
struct StretchSlots: Collection {
    /// Slot `slot` stands for `count` stretches of its shape.
    struct Run: Equatable {
        var slot: Int
        var count: Int
    }

    /// The slots, in order.
    let slots: UnsafeBufferPointer<AgeSegment>
    /// The marked slots, in slot order (each at most once, every count at least 1).
    let runs: UnsafeBufferPointer<Run>
    /// How many stretches in all.
    let count: Int

    /// The stretches of `slots`, those of `runs` standing for their count (both read in place:
    /// valid while their buffers are).
    init(_ slots: UnsafeBufferPointer<AgeSegment>, runs: UnsafeBufferPointer<Run>) {
        self.slots = slots
        self.runs = runs
        var count = slots.count
        for run in runs { count += run.count - 1 }
        self.count = count
    }

    /// Calls `body` with each slot's shape and how many stretches it stands for, in order: the
    /// slots between two marks one by one, a marked slot with its count.
    @inline(__always)
    func forEachRun(_ body: (_ from: Double, _ to: Double, _ count: Int) -> Void) {
        let end = slots.count
        guard let p = slots.baseAddress else { return }
        var i = 0
        for run in runs {
            while i < run.slot {
                body(p[i].from, p[i].to, 1)
                i &+= 1
            }
            body(p[i].from, p[i].to, run.count)
            i &+= 1
        }
        while i < end {
            body(p[i].from, p[i].to, 1)
            i &+= 1
        }
    }

    /// A position: the `k`th stretch of slot `slot`; `mark` the first run at or after it.
    struct Index: Comparable {
        let slot: Int
        let k: Int
        let mark: Int

        static func == (a: Index, b: Index) -> Bool { a.slot == b.slot && a.k == b.k }
        static func < (a: Index, b: Index) -> Bool { (a.slot, a.k) < (b.slot, b.k) }
    }

    var startIndex: Index { Index(slot: 0, k: 0, mark: 0) }
    var endIndex: Index { Index(slot: slots.count, k: 0, mark: runs.count) }

    func index(after i: Index) -> Index {
        let marked = i.mark < runs.count && runs[i.mark].slot == i.slot
        if marked && i.k + 1 < runs[i.mark].count { return Index(slot: i.slot, k: i.k + 1, mark: i.mark) }
        return Index(slot: i.slot + 1, k: 0, mark: marked ? i.mark + 1 : i.mark)
    }

    subscript(i: Index) -> AgeSegment { slots[i.slot] }
}
