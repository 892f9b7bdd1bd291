import SwiftSyntax

/// Reads one `getTimeline(for:in:completion:)` or `timeline(for:in:)` body into a ``TimelineShape``;
/// what it cannot resolve becomes an `unresolved` note saying what was assumed.
struct TimelineFunction {
    /// The most entries a scenario holds (`ScenarioLoader.maxEntries`).
    static let mostEntries = 100_000
    /// The longest duration a scenario holds: 10 years (docs/limits.md).
    static let longest = 316_224_000.0

    let function: FunctionDeclSyntax
    let file: SourceFile
    let evaluator: Evaluator
    private(set) var notes: [Diagnostic] = []
    /// Whether a value of the timeline was assumed.
    private(set) var guessed = false

    init(function: FunctionDeclSyntax, file: SourceFile, table: ConstantTable) {
        self.function = function
        self.file = file
        let locals = LocalCollector(function)
        evaluator = Evaluator(table: table, typeName: function.enclosingTypeName, locals: locals.values)
    }

    /// The shape, or nil when the body builds no `Timeline(entries:policy:)`.
    mutating func shape() -> TimelineShape? {
        let timelines = CallFinder(names: ["Timeline"]) { $0.argument("policy") != nil }
        timelines.walk(function)
        guard let timeline = timelines.found.first, let policyExpr = timeline.argument("policy") else { return nil }
        if timelines.found.count > 1 {
            note(timeline, "\(timelines.found.count) timelines are built here; the scenario uses this first one", guess: false)
        }
        let policy = self.policy(policyExpr)
        var entries = Sourced(value: 1, place: file.place(of: timeline))
        var spacing: Sourced<Double>?
        var firstOffset = 0.0
        if let loop = entryLoop() {
            // `var entries = [Entry(date: now)]` before the loop: those come first, at now.
            let before = initialEntries(timeline.argument("entries"))
            entries = Sourced(value: before + loop.count, place: loop.countPlace)
            spacing = loop.count > 1 ? Sourced(value: loop.spacing, place: loop.spacingPlace) : nil
            firstOffset = before > 0 ? 0 : max(0, loop.firstOffset)
        } else if let list = entryList(timeline.argument("entries")), list.elements.count > 1 {
            if let (first, step) = literalSpacing(list) {
                entries = Sourced(value: list.elements.count, place: file.place(of: list))
                spacing = Sourced(value: step, place: file.place(of: list))
                firstOffset = max(0, first)
            } else {
                note(list, "the dates of these \(list.elements.count) entries are not resolved, or not evenly spaced; assumed one entry")
            }
        }
        return TimelineShape(
            entries: entries, spacing: spacing, firstOffset: firstOffset, align: alignment(), policy: policy, assumed: guessed)
    }

    /// The array literal passed as `entries:`, written there or in a local.
    private func entryList(_ expr: ExprSyntax?) -> ArrayExprSyntax? {
        if let list = expr?.as(ArrayExprSyntax.self) { return list }
        guard let name = expr?.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        return evaluator.locals[name]?.as(ArrayExprSyntax.self)
    }

    /// The first date and the spacing of a literal list of entries (`[E(date: a), E(date: b)]`),
    /// when every `date:` resolves and they are evenly spaced, increasing and within 10 years.
    private func literalSpacing(_ list: ArrayExprSyntax) -> (Double, Double)? {
        var dates: [Double] = []
        for element in list.elements {
            guard let call = element.expression.innerCall, let date = call.argument("date"),
                let offset = try? evaluator.dateOffset(date)
            else { return nil }
            dates.append(offset)
        }
        let step = dates[1] - dates[0]
        guard step > 0, step <= Self.longest, abs(dates[0]) <= Self.longest else { return nil }
        for (a, b) in zip(dates, dates.dropFirst()) where abs((b - a) - step) > 0.001 { return nil }
        return (dates[0], step)
    }

    /// How many entries the array passed as `entries:` holds before any loop appends to it.
    private func initialEntries(_ expr: ExprSyntax?) -> Int {
        guard let name = expr?.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let list = evaluator.locals[name]?.as(ArrayExprSyntax.self)
        else { return 0 }
        return list.elements.count
    }

    private mutating func policy(_ expr: ExprSyntax) -> Sourced<TimelineShape.Policy> {
        var expr = expr
        if let reference = expr.as(DeclReferenceExprSyntax.self), let local = evaluator.locals[reference.baseName.text] { expr = local }
        let place = file.place(of: expr)
        let text = expr.trimmedDescription
        if text.hasSuffix(".atEnd") || text == ".atEnd" { return Sourced(value: .atEnd, place: place) }
        if text.hasSuffix(".never") { return Sourced(value: .never, place: place) }
        if let call = expr.as(FunctionCallExprSyntax.self), call.calleeName == "after", let date = call.arguments.first?.expression {
            do {
                let seconds = try evaluator.dateOffset(date)
                guard seconds > 0, seconds <= Self.longest else {
                    note(expr, "'\(text)' is \(seconds > 0 ? "more than 10 years" : "not after now"); assumed .atEnd")
                    return Sourced(value: .atEnd, place: place)
                }
                return Sourced(value: .after(seconds), place: place)
            } catch {
                note(expr, "the date of '\(text)' is not resolved ('\(error.text)'); assumed .atEnd")
                return Sourced(value: .atEnd, place: place)
            }
        }
        note(expr, "the reload policy '\(text)' is not resolved; assumed .atEnd")
        return Sourced(value: .atEnd, place: place)
    }

    /// The first loop or `map` over a range whose body computes a date from its variable.
    private mutating func entryLoop() -> EntryLoop? {
        let loops = LoopFinder()
        loops.walk(function)
        for (variable, sequence, body) in loops.found {
            guard let date = EntryLoop.dateExpression(in: body, using: variable) else { continue }
            do {
                guard let range = try EntryLoop.range(sequence, evaluator) else { continue }
                var at = evaluator
                at.bindings[variable] = range.first
                let first = try at.dateOffset(date)
                at.bindings[variable] = range.first + range.step
                let second = try at.dateOffset(date)
                guard range.count.isFinite, range.count >= 1 else { return nil }
                guard second - first > 0, second - first <= Self.longest, abs(first) <= Self.longest else {
                    let apart = DurationText.text(abs(second - first))
                    note(date, "entries \(second > first ? apart : "0s or less") apart, which a scenario cannot hold; assumed one entry")
                    return nil
                }
                if range.count > Double(Self.mostEntries) {
                    note(
                        sequence,
                        "more than \(Self.mostEntries) entries: a scenario holds at most \(Self.mostEntries), so it says \(Self.mostEntries)",
                        guess: false)
                }
                return EntryLoop(
                    count: Int(min(range.count, Double(Self.mostEntries))), spacing: second - first, firstOffset: first,
                    countPlace: file.place(of: sequence),
                    spacingPlace: file.place(of: date))
            } catch {
                note(
                    sequence,
                    "the entries built over '\(sequence.trimmedDescription)' are not resolved ('\(error.text)'); assumed one entry")
                return nil
            }
        }
        return nil
    }

    private func alignment() -> Sourced<String> {
        let finder = CallFinder(names: ["dateInterval", "date", "nextDate"]) { _ in true }
        finder.walk(function)
        for call in finder.found {
            let unit = (call.argument("of") ?? call.argument("bySetting"))?.trimmedDescription.trimmingDot
            if call.calleeName == "dateInterval", unit == "minute" || unit == "hour" {
                return Sourced(value: unit!, place: file.place(of: call))
            }
            if call.calleeName == "date", unit == "second", call.argument("value")?.trimmedDescription == "0" {
                return Sourced(value: "minute", place: file.place(of: call))
            }
        }
        return Sourced(value: "none", place: nil)
    }

    /// An `unresolved` note; a `guess` (an assumed value, not a choice among known ones) also
    /// keeps the budget rules off this timeline, whose reloads are then unknown.
    private mutating func note(_ node: some SyntaxProtocol, _ message: String, guess: Bool = true) {
        notes.append(Diagnostic(.unresolved, at: file.place(of: node), message + (guess ? " (no budget rule judges this timeline)" : "")))
        if guess { guessed = true }
    }
}

/// Calls named one of `names` that pass `accept`, in source order.
final class CallFinder: SyntaxVisitor {
    let names: Set<String>
    let accept: (FunctionCallExprSyntax) -> Bool
    var found: [FunctionCallExprSyntax] = []

    init(names: Set<String>, accept: @escaping (FunctionCallExprSyntax) -> Bool) {
        self.names = names
        self.accept = accept
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if names.contains(node.calleeName), accept(node) { found.append(node) }
        return .visitChildren
    }
}

/// `for x in SEQ { BODY }` and `SEQ.map { x in BODY }` (also `compactMap`, `forEach`), in source order.
private final class LoopFinder: SyntaxVisitor {
    var found: [(String, ExprSyntax, Syntax)] = []

    init() { super.init(viewMode: .sourceAccurate) }

    override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
            found.append((name, node.sequence, Syntax(node.body)))
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        guard ["map", "compactMap", "forEach", "flatMap"].contains(node.calleeName),
            let base = node.calledExpression.as(MemberAccessExprSyntax.self)?.base,
            let closure = node.trailingClosure ?? node.arguments.first?.expression.as(ClosureExprSyntax.self)
        else { return .visitChildren }
        found.append((closure.firstParameterName ?? "$0", base, Syntax(closure.statements)))
        return .visitChildren
    }
}

/// A function's local `let` and `var` initialisers by name (the first of each name).
private final class LocalCollector: SyntaxVisitor {
    var values: [String: ExprSyntax] = [:]

    init(_ function: FunctionDeclSyntax) {
        super.init(viewMode: .sourceAccurate)
        if let body = function.body { walk(body) }
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = node.initializer?.value,
            values[name] == nil
        {
            values[name] = value
        }
        return .visitChildren
    }
}

extension ClosureExprSyntax {
    /// The first parameter's name (`offset` in `{ offset in … }`), nil for `$0` closures.
    var firstParameterName: String? {
        switch signature?.parameterClause {
        case .simpleInput(let list): list.first?.name.text
        case .parameterClause(let clause): clause.parameters.first.map { ($0.secondName ?? $0.firstName).text }
        case nil: nil
        }
    }
}
