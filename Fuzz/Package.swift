// swift-tools-version:6.0
import PackageDescription

// libFuzzer harnesses for WidgetBudget's readers. Build and run them with `Scripts/fuzz.sh`
// (it passes `-sanitize=fuzzer,address` as one flag); see docs/fuzzing.md.
let package = Package(
    name: "WidgetBudgetFuzz",
    dependencies: [.package(name: "WidgetBudget", path: "../")],
    targets: [
        // libFuzzer's driver started from SwiftPM's `main`, shared by the harnesses.
        .target(name: "FuzzDriver"),
        .executableTarget(
            name: "FuzzScenario",
            dependencies: [
                "FuzzDriver", .product(name: "WidgetBudgetKit", package: "WidgetBudget"), .product(name: "WidgetBudgetIO", package: "WidgetBudget"),
            ]),
        .executableTarget(name: "FuzzCSV", dependencies: ["FuzzDriver", .product(name: "WidgetBudgetIO", package: "WidgetBudget")]),
        .executableTarget(name: "FuzzTrace", dependencies: ["FuzzDriver", .product(name: "WidgetBudgetIO", package: "WidgetBudget")]),
        .executableTarget(
            name: "FuzzDeviceLog",
            dependencies: [
                "FuzzDriver", .product(name: "WidgetBudgetKit", package: "WidgetBudget"), .product(name: "WidgetBudgetIO", package: "WidgetBudget"),
            ]),
    ]
)
