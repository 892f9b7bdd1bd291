import Foundation
import WidgetBudgetIO

/// libFuzzer entry: any bytes read as a trace (numbers and ISO 8601 times, in Europe/Paris so
/// daylight-saving gaps and repeats are exercised).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrace(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let data = Data(bytes: bytes, count: count)
    do {
        _ = try TraceReader.readTimes(
            data: data, name: "fuzz.csv", scenarioStart: Date(timeIntervalSince1970: 1_767_571_200),
            timeZone: TimeZone(identifier: "Europe/Paris")!)
    } catch {
        _ = "\(error)"
    }
    return 0
}
