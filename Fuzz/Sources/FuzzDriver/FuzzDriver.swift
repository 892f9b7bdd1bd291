import Foundation

/// What every harness runs: one fuzz input's bytes, and 0 (libFuzzer's "keep going").
public typealias FuzzTarget = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

// SwiftPM links its own `main` into an executable, so libFuzzer's is not used: each harness's
// `main` hands the command line to libFuzzer's driver (-runs, -max_total_time, corpus folders…).
@_silgen_name("LLVMFuzzerRunDriver")
private func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: FuzzTarget
) -> CInt

/// Runs libFuzzer's driver on `target` with this process's command line, then exits with its status.
public func runFuzzer(_ target: FuzzTarget) -> Never {
    var arguments = CommandLine.argc
    var values = CommandLine.unsafeArgv
    exit(runFuzzerDriver(&arguments, &values, target))
}

/// Runs `body` on one fuzz input's bytes and returns 0: an error is a fine outcome (its message is
/// rendered, as the tool would print it); a trap, a hang or a leak is what the fuzzer looks for.
public func fuzzInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int, _ body: (Data) throws -> Void) -> CInt {
    guard let bytes else { return 0 }
    do {
        try body(Data(bytes: bytes, count: count))
    } catch {
        _ = "\(error)"
    }
    return 0
}
