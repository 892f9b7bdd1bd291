/// A constant the analysis resolved: a number (seconds, counts) or a text (a widget kind).
enum ConstantValue: Equatable {
    case number(Double)
    case text(String)

    var number: Double? {
        if case .number(let n) = self { return n }
        return nil
    }

    var text: String? {
        if case .text(let t) = self { return t }
        return nil
    }
}
