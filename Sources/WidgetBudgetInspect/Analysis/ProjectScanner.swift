import SwiftSyntax

/// One pass over a file collecting what the rules need: provider types and their timeline
/// functions, widget configurations, self-updating views, which view types each type builds, reload
/// calls, and notes on macros and `#if` branches.
final class ProjectScanner: SyntaxVisitor {
    /// A widget configuration: `StaticConfiguration(kind:provider:)` and its App Intent / Intent forms.
    struct Configuration {
        var call: FunctionCallExprSyntax
        var typeName: String?
        var file: SourceFile
    }

    static let providerProtocols: Set<String> = ["TimelineProvider", "IntentTimelineProvider", "AppIntentTimelineProvider"]
    static let configurationNames: Set<String> = ["StaticConfiguration", "AppIntentConfiguration", "IntentConfiguration"]
    /// Freestanding macros that generate no reload call or timeline: previews, Swift Testing's
    /// expectations, diagnostics, literals and SwiftData/Foundation's expression macros.
    static let harmlessMacros: Set<String> = [
        "Preview", "file", "line", "function", "fileID", "filePath", "column", "dsohandle", "expect", "require", "warning", "error",
        "selector", "keyPath", "URL", "Predicate", "Expression", "Index", "Unique", "isolation", "externalMacro", "colorLiteral",
        "imageLiteral", "fileLiteral", "available", "unavailable",
    ]
    /// `#if` conditions that pick a platform, not a behaviour: branches under them are not noted.
    static let platformConditions = ["canImport(", "os(", "arch(", "targetEnvironment(", "swift(", "compiler("]

    let file: SourceFile
    var providerTypes: [String: SourcePlace] = [:]
    var timelineFunctions: [(FunctionDeclSyntax, SourceFile)] = []
    var configurations: [Configuration] = []
    var selfUpdatingViews: [String: SourcePlace] = [:]
    var builds: [String: Set<String>] = [:]
    var reloadCalls: [FunctionCallExprSyntax] = []
    /// Every call by the called name, for following a reload call to its callers.
    var calls: [String: [FunctionCallExprSyntax]] = [:]
    var notes: [Diagnostic] = []
    private var macros: [(String, SourcePlace)] = []

    init(file: SourceFile) {
        self.file = file
        super.init(viewMode: .sourceAccurate)
        walk(file.tree)
        if let (name, place) = macros.first {
            let more = macros.count > 1 ? " (and \(macros.count - 1) more in this file)" : ""
            notes.append(
                Diagnostic(.notAnalyzed, at: place, "macro #\(name)\(more) is not expanded: reloads or timelines it generates are not seen")
            )
        }
    }

    private func conforms(_ clause: InheritanceClauseSyntax?, name: String, at node: some SyntaxProtocol) {
        let inherited = clause?.inheritedTypes.map { $0.type.trimmedDescription.split(separator: ".").last.map(String.init) ?? "" } ?? []
        if inherited.contains(where: Self.providerProtocols.contains) { providerTypes[name] = file.place(of: node) }
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        conforms(node.inheritanceClause, name: node.name.text, at: node.name)
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        conforms(node.inheritanceClause, name: node.name.text, at: node.name)
        return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        conforms(node.inheritanceClause, name: node.extendedType.trimmedDescription, at: node.extendedType)
        return .visitChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let labels = node.signature.parameterClause.parameters.map(\.firstName.text)
        if node.name.text == "getTimeline" || (node.name.text == "timeline" && labels.contains("in")) {
            timelineFunctions.append((node, file))
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.calleeName
        if let first = name.first, first.isLowercase { calls[name, default: []].append(node) }
        if Self.configurationNames.contains(name), node.argument("kind") != nil {
            configurations.append(Configuration(call: node, typeName: node.enclosingTypeName, file: file))
        }
        if (name == "reloadTimelines" && node.argument("ofKind") != nil) || (name == "reloadAllTimelines" && node.arguments.isEmpty) {
            reloadCalls.append(node)
        }
        if isSelfUpdating(node), let type = node.enclosingTypeName, selfUpdatingViews[type] == nil {
            selfUpdatingViews[type] = file.place(of: node)
        }
        if let first = name.first, first.isUppercase, let type = node.enclosingTypeName {
            builds[type, default: []].insert(name)
        }
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        // Views passed without a call (`content: MyView.init`) and trailing-closure builders.
        if let first = node.baseName.text.first, first.isUppercase, let type = node.enclosingTypeName {
            builds[type, default: []].insert(node.baseName.text)
        }
        return .visitChildren
    }

    /// `Text(date, style: .timer/.relative/.offset)`, `Text(timerInterval:)`, `ProgressView(timerInterval:)` (OBSERVED #6).
    private func isSelfUpdating(_ call: FunctionCallExprSyntax) -> Bool {
        switch call.calleeName {
        case "Text":
            if call.argument("timerInterval") != nil { return true }
            let style = call.argument("style")?.trimmedDescription.trimmingDot
            return style == "timer" || style == "relative" || style == "offset"
        case "ProgressView": return call.argument("timerInterval") != nil
        default: return false
        }
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        macroNote(node.macroName.text, node)
        return .visitChildren
    }

    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        macroNote(node.macroName.text, node)
        return .visitChildren
    }

    private func macroNote(_ name: String, _ node: some SyntaxProtocol) {
        guard !Self.harmlessMacros.contains(name) else { return }
        macros.append((name, file.place(of: node)))
    }

    /// Whether the `#if` a clause belongs to opens with a platform condition (its `#else` is the other platform).
    private static func isPlatformIf(_ node: IfConfigClauseSyntax) -> Bool {
        let first = node.parent?.as(IfConfigClauseListSyntax.self)?.first?.condition?.trimmedDescription ?? ""
        return platformConditions.contains(where: first.hasPrefix)
    }

    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        // Only where it matters: a branch holding a reload call or a timeline.
        let text = node.trimmedDescription
        let clauses = node.parent?.as(IfConfigClauseListSyntax.self)?.count ?? 1
        let condition = String((node.condition?.trimmedDescription ?? "").drop { $0 == "!" })
        if Self.platformConditions.contains(where: condition.hasPrefix) || (clauses > 1 && condition.isEmpty && Self.isPlatformIf(node)) {
            return .visitChildren
        }
        if text.contains("reloadTimelines") || text.contains("reloadAllTimelines") || text.contains("Timeline(") {
            notes.append(
                Diagnostic(
                    .notAnalyzed, at: file.place(of: node),
                    "inside '\(node.poundKeyword.text)\(condition.isEmpty ? "" : " " + condition)': every branch is analysed as if compiled; check the scenario against the configuration you ship"
                ))
        }
        return .visitChildren
    }
}
