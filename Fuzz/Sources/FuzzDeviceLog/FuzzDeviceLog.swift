import Foundation
import WidgetBudgetIO
import WidgetBudgetKit

/// The file the device-log reader reads (it takes paths): one per process, rewritten each run.
let logPath = NSTemporaryDirectory() + "widgetbudget-fuzz-\(getpid()).csv"

/// One fuzz input: any bytes as a device log, analysed, with the analysis rendered as text.
func fuzzDeviceLog(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes else { return 0 }
    guard FileManager.default.createFile(atPath: logPath, contents: Data(bytes: bytes, count: count)) else { return 0 }
    do {
        let outcome = try DeviceLogReader.analyze(paths: [logPath], timeZone: TimeZone(identifier: "Europe/Paris"))
        _ = AnalysisOutput.summary(outcome.analysis)
    } catch {
        _ = "\(error)"
    }
    return 0
}

/// The entry libFuzzer's driver object refers to.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt { fuzzDeviceLog(bytes, count) }

// SwiftPM links its own `main` into an executable, so libFuzzer's is not used: this one hands
// the command line to libFuzzer's driver (-runs, -max_total_time, corpus folders…).
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

var arguments = CommandLine.argc
var values = CommandLine.unsafeArgv
exit(runFuzzerDriver(&arguments, &values) { bytes, count in fuzzDeviceLog(bytes, count) })
