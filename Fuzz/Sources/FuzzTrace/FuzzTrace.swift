import Foundation
import FuzzDriver
import WidgetBudgetIO

/// One fuzz input: any bytes read as a trace (numbers and ISO 8601 times, in Europe/Paris so
/// daylight-saving gaps and repeats are exercised).
func fuzzTrace(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    fuzzInput(bytes, count) { data in
        _ = try TraceReader.readTimes(
            data: data, name: "fuzz.csv", scenarioStart: Date(timeIntervalSince1970: 1_767_571_200),
            timeZone: TimeZone(identifier: "Europe/Paris")!)
    }
}

/// The entry libFuzzer's driver object refers to.
@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt { fuzzTrace(bytes, count) }

runFuzzer { bytes, count in fuzzTrace(bytes, count) }
