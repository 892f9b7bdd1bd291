/// Why a candidate fails the constraints.
public enum ConstraintViolation: Sendable, Equatable, Codable {
    /// A charged reload waited for budget on `fraction` of the days at daily budget `budget`, over
    /// the allowed fraction; the candidate needs `needed` reloads a day never to wait.
    case budget(fraction: Double, budget: Int, needed: Int)
    /// The candidate holds over the horizon but a charged reload waits for budget at daily budget
    /// `budget` on a daylight-saving day of the coming year (`day`, e.g. `spring forward 2026-03-29`).
    case daylightSaving(day: String, budget: Int)
    /// A timeline of `peakMB` was over the memory limit: the extension was killed `kills` times.
    case killed(peakMB: Double, limitMB: Double, kills: Int)
    /// Peak memory `peakMB` is under the limit but over the margin's ceiling.
    case memoryMargin(peakMB: Double, ceilingMB: Double, limitMB: Double)

    /// The constraint's name as the scenario writes it.
    public var constraint: String {
        switch self {
        case .budget, .daylightSaving: return "budgets"
        case .killed, .memoryMargin: return "memory_margin"
        }
    }

    /// One phrase, e.g. `runs out of budget on 100% of days at 40/day (needs 288/day)`.
    public var reason: String {
        switch self {
        case let .budget(fraction, budget, needed):
            return "runs out of budget on \(percent(fraction)) of days at \(budget)/day (needs \(needed)/day)"
        case let .daylightSaving(day, budget):
            return "runs out of budget on the daylight-saving day (\(day)) at \(budget)/day"
        case let .killed(peak, limit, kills):
            return "killed: \(mb(peak)) MB is over the \(mb(limit)) MB memory limit (\(kills) kill\(kills == 1 ? "" : "s"))"
        case let .memoryMargin(peak, ceiling, limit):
            return "memory: peak \(mb(peak)) MB is over \(mb(ceiling)) MB, the margin under the \(mb(limit)) MB limit"
        }
    }

    private func percent(_ fraction: Double) -> String {
        DurationFormat.number(Quantize.round(fraction * 100, 1)) + "%"
    }

    private func mb(_ value: Double) -> String {
        DurationFormat.number(Quantize.round(value, 1))
    }
}
