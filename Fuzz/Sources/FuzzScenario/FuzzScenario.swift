import Foundation
import FuzzDriver
import WidgetBudgetIO
import WidgetBudgetKit

/// One fuzz input: scenario YAML through the loader, then (when it loads) the work estimate of its
/// `optimize:` section and a short simulation of at most one day and one replication. Any error
/// is fine; a trap, a hang or a leak is a finding. Traces resolve
/// in an empty folder, so the harness reads no file of the machine.
func fuzzScenario(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    guard let file = try? ScenarioLoader.parse(yaml: text, file: "fuzz.yaml", baseDirectory: "/nonexistent-fuzz-folder") else {
        return 0
    }
    // The optimize section's settings and the work estimate, with every count of a space as large
    // as the input makes it (14^24 schedules trapped on overflow, issue #27), before any run.
    if let settings = try? OptimizeSection.settings(for: file) {
        _ = WorkEstimate(optimizing: file.scenario, settings: settings)
    }
    var scenario = file.scenario
    scenario.days = 1
    scenario.replications = 1
    _ = Simulator.run(scenario, events: .reloads)
    return 0
}

/// The entry libFuzzer's driver object refers to.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt { fuzzScenario(bytes, count) }

runFuzzer { bytes, count in fuzzScenario(bytes, count) }
