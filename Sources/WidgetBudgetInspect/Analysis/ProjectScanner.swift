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
    /// Freestanding macros that generate no reload code or timeline (previews).
    static let harmlessMacros: Set<String> = ["Preview", "file", "line", "function", "fileID", "filePath", "column", "dsohandle"]

    let file: SourceFile
    var providerTypes: [String: SourcePlace] = [:]
    var timelineFunctions: [(FunctionDeclSyntax, SourceFile)] = []
    var configurations: [Configuration] = []
    var selfUpdatingViews: [String: SourcePlace] = [:]
    var builds: [String: Set<String>] = [:]
    var reloadCalls: [FunctionCallExprSyntax] = []
    var notes: [Diagnostic] = []

    init(file: SourceFile) {
        self.file = file
        super.init(viewMode: .sourceAccurate)
        walk(file.tree)
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
        notes.append(
            Diagnostic(
                .notAnalyzed, at: file.place(of: node), "macro #\(name) is not expanded: reloads or timelines it generates are not seen"))
    }

    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        // Only where it matters: a branch holding a reload call or a timeline.
        let text = node.trimmedDescription
        if text.contains("reloadTimelines") || text.contains("reloadAllTimelines") || text.contains("Timeline(") {
            let condition = node.condition.map { " " + $0.trimmedDescription } ?? ""
            notes.append(
                Diagnostic(
                    .notAnalyzed, at: file.place(of: node),
                    "inside '\(node.poundKeyword.text)\(condition)': every branch is analysed as if compiled; check the scenario against the configuration you ship"
                ))
        }
        return .visitChildren
    }
}
