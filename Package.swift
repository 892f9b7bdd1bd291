// swift-tools-version:6.1
import Foundation
import PackageDescription

/// Where libcsv is installed when the compiler would not find it by itself: neither libcsv nor
/// gnuplot ships a pkg-config file, so the prefix is looked for here, once, when the manifest is
/// read. `nil` (no flags at all) when `csv.h` is in a default path: Debian's `/usr/include`, or
/// `/usr/local/include` (Homebrew on Intel Macs). Otherwise the first prefix holding
/// `include/csv.h` of: `LIBCSV_PREFIX` (a libcsv built by hand), `HOMEBREW_PREFIX` (set by
/// `brew shellenv`), `/opt/homebrew` (Homebrew on Apple silicon), `/home/linuxbrew/.linuxbrew`.
/// docs/install.md; `InstallTests` checks the flags it gives.
let libcsvPrefix: String? = {
    let environment = ProcessInfo.processInfo.environment
    let has = { (prefix: String) in FileManager.default.fileExists(atPath: prefix + "/include/csv.h") }
    if let prefix = environment["LIBCSV_PREFIX"], has(prefix) { return prefix }
    if has("/usr") || has("/usr/local") { return nil }
    let brew = [environment["HOMEBREW_PREFIX"], "/opt/homebrew", "/home/linuxbrew/.linuxbrew"].compactMap { $0 }
    return brew.first(where: has)
}()

/// The compiler and linker flags for ``libcsvPrefix`` (and a run path, so the tool finds the
/// shared library there when it runs). Only WidgetBudgetIO carries them: WidgetBudgetKit, the
/// product apps use, never has unsafe flags.
let libcsvSwiftSettings: [SwiftSetting] = libcsvPrefix.map { [.unsafeFlags(["-Xcc", "-I\($0)/include"])] } ?? []
let libcsvLinkerSettings: [LinkerSetting] =
    libcsvPrefix.map { [.unsafeFlags(["-L\($0)/lib", "-Xlinker", "-rpath", "-Xlinker", "\($0)/lib"])] } ?? []

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
        // The device-log writer for a widget extension and its app (docs/log-format.md): no dependencies.
        .library(name: "WidgetBudgetLog", targets: ["WidgetBudgetLog"]),
        .executable(name: "widgetbudget", targets: ["widgetbudget"]),
        // `widgetbudget inspect` runs it from the same folder: swift-syntax stays out of
        // `widgetbudget`, whose every start-up would otherwise scan its conformance records.
        .executable(name: "widgetbudget-inspect", targets: ["widgetbudget-inspect"]),
    ],
    // `Tool` (on by default) brings the dependencies of WidgetBudgetIO and the command-line tool.
    // An app that wants WidgetBudgetKit alone adds the package with `traits: []`, and Yams and
    // swift-argument-parser are then neither fetched nor built (README: the library section).
    traits: [
        .trait(
            name: "Tool",
            description: "WidgetBudgetIO and the widgetbudget tool: Yams, swift-argument-parser and swift-syntax (inspect)."),
        .default(enabledTraits: ["Tool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // `widgetbudget inspect` parses widget sources with it (WidgetBudgetInspect only).
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "602.0.0"),
    ],
    targets: [
        // The model and the engine: pure Swift, no file formats, no C, no processes.
        .target(name: "WidgetBudgetKit"),
        // libcsv (Debian: libcsv-dev; Homebrew: libcsv). No pkg-config file exists for it: the
        // prefix is found above (libcsvPrefix).
        .systemLibrary(
            name: "CLibCSV",
            providers: [.apt(["libcsv-dev"]), .brew(["libcsv"])]
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
            ],
            swiftSettings: libcsvSwiftSettings,
            linkerSettings: libcsvLinkerSettings
        ),
        // `widgetbudget inspect`: reads a widget's Swift sources with swift-syntax, warns where the
        // budget will break and writes the scenario (docs/inspect.md). Neither WidgetBudgetKit nor
        // WidgetBudgetIO depends on it, so apps and the fuzzers never build swift-syntax.
        .target(
            name: "WidgetBudgetInspect",
            dependencies: [
                "WidgetBudgetKit",
                "WidgetBudgetIO",
                .product(name: "SwiftSyntax", package: "swift-syntax", condition: .when(traits: ["Tool"])),
                .product(name: "SwiftParser", package: "swift-syntax", condition: .when(traits: ["Tool"])),
            ]
        ),
        // glibc's mallopt, for the tool's allocator settings at start-up (no library to link).
        .systemLibrary(name: "CMalloc"),
        // What the two executables share: exit codes, error lines, terminal output, enum
        // arguments, and `inspect`'s arguments (declared by one, run by the other).
        .target(
            name: "WidgetBudgetCommandLine",
            dependencies: [
                "WidgetBudgetIO",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Tool"])),
            ]
        ),
        // The thin command-line tool: every command; `inspect` runs `widgetbudget-inspect`.
        .executableTarget(
            name: "widgetbudget",
            dependencies: [
                "WidgetBudgetKit",
                "WidgetBudgetIO",
                "WidgetBudgetCommandLine",
                "CMalloc",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Tool"])),
            ]
        ),
        // `widgetbudget inspect`, with swift-syntax (WidgetBudgetInspect).
        .executableTarget(
            name: "widgetbudget-inspect",
            dependencies: [
                "WidgetBudgetIO",
                "WidgetBudgetInspect",
                "WidgetBudgetCommandLine",
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
            name: "WidgetBudgetInspectTests",
            dependencies: ["WidgetBudgetInspect", "WidgetBudgetIO", "WidgetBudgetKit", "WidgetBudgetTestSupport"]
        ),
        .testTarget(
            name: "WidgetBudgetCLITests",
            dependencies: ["WidgetBudgetTestSupport"]
        ),
        // The device-log writer apps ship: Foundation only, no package dependency, no trait.
        .target(name: "WidgetBudgetLog"),
        // A process that logs until it is killed, for WidgetBudgetLogTests' kill -9 test.
        .executableTarget(name: "LogWriterChild", dependencies: ["WidgetBudgetLog"], path: "Tests/LogWriterChild"),
        .testTarget(
            name: "WidgetBudgetLogTests",
            dependencies: ["WidgetBudgetLog", "WidgetBudgetIO", "WidgetBudgetKit", "WidgetBudgetTestSupport", "LogWriterChild"]
        ),
    ]
)
