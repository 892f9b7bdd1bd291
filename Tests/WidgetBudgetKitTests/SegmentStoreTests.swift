import Foundation
import Testing

@testable import WidgetBudgetKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The stale stretches' buffer of a run (`SegmentStore`) has one owner, which frees it: `~Copyable`
/// (no copy can share the buffer; the compiler refuses one) and a `deinit` for a store dropped
/// before it hands its stretches over (#26: a copyable struct owning a raw pointer, no `deinit`).
@Suite("Segment store ownership")
struct SegmentStoreTests {
    /// The memory the process holds: on Linux its resident size (`/proc/self/statm`; the stores
    /// below write their whole buffer, so it is resident), on Darwin the bytes the allocator has
    /// handed out.
    private static func memoryInUse() -> Int {
        #if canImport(Glibc)
            let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
            let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
            var statistics = malloc_statistics_t()
            malloc_zone_statistics(nil, &statistics)
            return Int(statistics.size_in_use)
        #endif
    }

    /// Five stores of 4 M stretches (96 MB each, written), dropped before `take(trim:)`: the
    /// process grows by less than one store's buffer (without a `deinit`, all five stay: 480 MB).
    @Test("a store dropped with stretches frees its buffer")
    func droppedStoreFreesItsBuffer() {
        let stretches = 4_000_000
        let bytes = stretches * MemoryLayout<AgeSegment>.stride
        let before = Self.memoryInUse()
        #expect(before > 0)
        for _ in 0..<5 {
            var store = SegmentStore()
            store.reserve(stretches)
            for j in 0..<stretches { store.append(AgeSegment(start: Double(j), from: 0, to: 1)) }
            #expect(store.count == stretches)
        }
        #expect(Self.memoryInUse() - before < bytes)
    }

    /// A store whose stretches were taken frees nothing twice, and the stretches taken stay whole
    /// (trimmed to a copy, or adopted as they are).
    @Test("stretches handed over survive the store", arguments: [false, true])
    func takenStretchesSurvive(trim: Bool) {
        var taken = AgeSegments()
        do {
            var store = SegmentStore()
            store.reserve(1_000)
            for i in 0..<10 { store.append(AgeSegment(start: Double(i), from: 0, to: 1)) }
            taken = store.take(trim: trim)
            #expect(store.count == 0)
        }
        #expect(taken.map(\.start) == (0..<10).map(Double.init))
    }
}
