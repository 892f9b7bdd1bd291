import Foundation
import FuzzDriver
import WidgetBudgetIO
import WidgetBudgetKit

/// The file the device-log reader reads (it takes paths): one per process, rewritten each run.
let logPath = NSTemporaryDirectory() + "widgetbudget-fuzz-\(getpid()).csv"

/// One fuzz input: any bytes as a device log, analysed, with the analysis rendered as text.
func fuzzDeviceLog(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    fuzzInput(bytes, count) { data in
        guard FileManager.default.createFile(atPath: logPath, contents: data) else { return }
        let outcome = try DeviceLogReader.analyze(paths: [logPath], timeZone: TimeZone(identifier: "Europe/Paris"))
        _ = AnalysisOutput.summary(outcome.analysis)
    }
}

/// The entry libFuzzer's driver object refers to.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt { fuzzDeviceLog(bytes, count) }

runFuzzer { bytes, count in fuzzDeviceLog(bytes, count) }
