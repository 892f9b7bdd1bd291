import Foundation
import WidgetBudgetIO
import WidgetBudgetKit

/// The file the device-log reader reads (it takes paths): one per process, rewritten each run.
nonisolated(unsafe) let logPath = NSTemporaryDirectory() + "widgetbudget-fuzz-\(getpid()).csv"

/// libFuzzer entry: any bytes as a device log, analysed, with the analysis rendered as text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeviceLog(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard FileManager.default.createFile(atPath: logPath, contents: Data(bytes: bytes, count: count)) else { return 0 }
    do {
        let outcome = try DeviceLogReader.analyze(paths: [logPath], timeZone: TimeZone(identifier: "Europe/Paris"))
        _ = AnalysisOutput.summary(outcome.analysis)
    } catch {
        _ = "\(error)"
    }
    return 0
}
