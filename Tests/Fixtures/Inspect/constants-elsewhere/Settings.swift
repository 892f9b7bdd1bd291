import Foundation

// Constants the providers use, in another file.
enum RefreshPolicy {
    static let interval: TimeInterval = 30 * 60
    static let step = TimeInterval(10 * 60)
    static let quick: TimeInterval = 2 * 60
}

enum Kind: String {
    case weather
    case ticker = "com.example.ticker"
}
