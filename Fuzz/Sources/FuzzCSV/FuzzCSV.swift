import Foundation
import WidgetBudgetIO

/// One fuzz input: any bytes through the CSV reader (libcsv) and its error messages.
func fuzzCSV(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let bytes else { return 0 }
    let data = Data(bytes: bytes, count: count)
    do {
        _ = try CSVReader.read(data: data, name: "fuzz.csv")
    } catch {
        _ = "\(error)"
    }
    return 0
}

/// The entry libFuzzer's driver object refers to.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt { fuzzCSV(bytes, count) }

// SwiftPM links its own `main` into an executable, so libFuzzer's is not used: this one hands
// the command line to libFuzzer's driver (-runs, -max_total_time, corpus folders…).
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

var arguments = CommandLine.argc
var values = CommandLine.unsafeArgv
exit(runFuzzerDriver(&arguments, &values) { bytes, count in fuzzCSV(bytes, count) })
