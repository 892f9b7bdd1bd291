import Foundation
import WidgetBudgetIO
import WidgetBudgetKit

/// libFuzzer entry: scenario YAML through the loader, then (when it loads) a short simulation of
/// at most one day and one replication. Any error is fine; a trap, a hang or a leak is a finding.
/// Traces resolve in an empty folder, so the harness reads no file of the machine.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    guard
        var scenario = try? ScenarioLoader.parse(yaml: text, file: "fuzz.yaml", baseDirectory: "/nonexistent-fuzz-folder").scenario
    else { return 0 }
    scenario.days = 1
    scenario.replications = 1
    _ = Simulator.run(scenario, events: .reloads)
    return 0
}
