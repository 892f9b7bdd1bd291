// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "WidgetBudget",
    // The oldest systems whose APIs the sources use (Regex in WidgetBudgetIO needs macOS 13 / iOS 16);
    // Scripts/availability-lint.sh keeps newer APIs out, since Linux builds cannot check them.
    platforms: [.macOS(.v13), .iOS(.v16), .watchOS(.v9), .tvOS(.v16), .visionOS(.v1)],
    products: [
        .library(name: "WidgetBudgetKit", targets: ["WidgetBudgetKit"]),
        // Scenario YAML, CSV, traces and device logs, reports and plots around the library (links
        // libcsv: not for iOS apps); for tools built on WidgetBudget and for the fuzz harnesses (Fuzz/).
        .library(name: "WidgetBudgetIO", targets: ["WidgetBudgetIO"]),
        .executable(name: "widgetbudget", targets: ["widgetbudget"]),
    ],
    // `Tool` (on by default) brings the dependencies of WidgetBudgetIO and the command-line tool.
    // An app that wants WidgetBudgetKit alone adds the package with `traits: []`, and Yams and
    // swift-argument-parser are then neither fetched nor built (README: the library section).
    traits: [
        .trait(name: "Tool", description: "WidgetBudgetIO and the widgetbudget tool: Yams and swift-argument-parser."),
        .default(enabledTraits: ["Tool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        // The model and the engine: pure Swift, no file formats, no C, no processes.
        .target(name: "WidgetBudgetKit"),
        // libcsv (Debian: libcsv-dev). Debian ships no pkg-config file, so none is named.
        .systemLibrary(
            name: "CLibCSV",
            providers: [.apt(["libcsv-dev"])]
        ),
        // Swapping two folders in one rename (renameat2 / renamex_np), for the output commit.
        .systemLibrary(name: "CFileExchange"),
        // Scenario YAML, CSV through libcsv, reports and plots.
        .target(
            name: "WidgetBudgetIO",
            dependencies: [
                "WidgetBudgetKit",
                "CLibCSV",
                "CFileExchange",
                .product(name: "Yams", package: "Yams", condition: .when(traits: ["Tool"])),
            ]
        ),
        // glibc's mallopt, for the tool's allocator settings at start-up (no library to link).
        .systemLibrary(name: "CMalloc"),
        // The thin command-line tool.
        .executableTarget(
            name: "widgetbudget",
            dependencies: [
                "WidgetBudgetKit",
                "WidgetBudgetIO",
                "CMalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Tool"])),
            ]
        ),
        .target(
            name: "WidgetBudgetTestSupport",
            dependencies: ["WidgetBudgetKit"],
            path: "Sources/WidgetBudgetTestSupport"
        ),
        // WidgetKit's timeline names (no behaviour), so tests can prove the library sits beside it.
        .target(name: "WidgetKitStandIn", path: "Sources/WidgetKitStandIn"),
        .testTarget(
            name: "WidgetBudgetKitTests",
            dependencies: ["WidgetBudgetKit", "WidgetBudgetTestSupport", "WidgetKitStandIn"]
        ),
        .testTarget(
            name: "WidgetBudgetIOTests",
            dependencies: ["WidgetBudgetIO", "WidgetBudgetKit", "WidgetBudgetTestSupport"]
        ),
        .testTarget(
            name: "WidgetBudgetCLITests",
            dependencies: ["WidgetBudgetTestSupport"]
        ),
    ]
)
