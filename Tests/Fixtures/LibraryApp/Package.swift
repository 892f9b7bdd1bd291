// swift-tools-version:6.1
import PackageDescription

// README.md, "Replaying your own provider (library)": an app's package that adds WidgetBudgetKit
// and WidgetBudgetLog alone. `LibraryPackageTests` resolves it and checks that Yams and swift-argument-parser stay out.
let package = Package(
    name: "LibraryApp",
    platforms: [.iOS(.v16), .macOS(.v13)],
    dependencies: [
        // traits: [] leaves out the command-line tool's dependencies (Yams, swift-argument-parser, swift-syntax).
        .package(path: "../WidgetBudget", traits: [])
    ],
    targets: [
        .target(name: "WidgetChecks", dependencies: [.product(name: "WidgetBudgetKit", package: "WidgetBudget")]),
        // The widget's device log (docs/log-format.md): WidgetBudgetLog, no dependency of its own.
        .target(name: "WidgetLogging", dependencies: [.product(name: "WidgetBudgetLog", package: "WidgetBudget")]),
    ]
)
