import Foundation
import FuzzDriver
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

runFuzzer { bytes, count in fuzzCSV(bytes, count) }
