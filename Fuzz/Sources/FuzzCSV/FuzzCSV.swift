import Foundation
import WidgetBudgetIO

/// libFuzzer entry: any bytes through the CSV reader (libcsv) and its error messages.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    do {
        _ = try CSVReader.read(data: data, name: "fuzz.csv")
    } catch {
        _ = "\(error)"
    }
    return 0
}
