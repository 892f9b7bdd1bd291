import Foundation
import FuzzDriver
import WidgetBudgetIO

/// One fuzz input: any bytes through the CSV reader (libcsv) and its error messages.
func fuzzCSV(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    fuzzInput(bytes, count) { data in _ = try CSVReader.read(data: data, name: "fuzz.csv") }
}

/// The entry libFuzzer's driver object refers to.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt { fuzzCSV(bytes, count) }

runFuzzer { bytes, count in fuzzCSV(bytes, count) }
