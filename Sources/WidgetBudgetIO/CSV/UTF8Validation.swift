/// Strict UTF-8 decoding that is available on every deployment target (`String(validating:as:)`
/// needs macOS 15 / iOS 18).
enum UTF8Validation {
    /// The text `bytes` encode, or `nil` when they are not valid UTF-8 (nothing is repaired).
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return String(decoding: bytes, as: UTF8.self)
            case .error: return nil
            }
        }
    }
}
