import Foundation
import Testing
import WidgetBudgetTestSupport

/// `MemoryFootprint`'s Apple branch is not compiled on Linux: it is type-checked here in Swift 6
/// mode against a stand-in `Darwin` module holding the few mach names it uses, with their iOS
/// signatures (a C global such as `mach_task_self_` is a `var`, which Swift 6 refuses to read
/// unless the import is `@preconcurrency`).
@Suite("Log on Apple platforms")
struct LogDarwinTests {
    /// Darwin's mach names as MemoryFootprint uses them.
    static let standIn = """
        public typealias natural_t = UInt32
        public typealias integer_t = Int32
        public typealias mach_msg_type_number_t = natural_t
        public typealias task_flavor_t = natural_t
        public typealias kern_return_t = Int32
        public typealias mach_port_t = UInt32
        public typealias task_info_t = UnsafeMutablePointer<integer_t>
        public struct task_vm_info_data_t {
            public var phys_footprint: UInt64 = 0
            public init() {}
        }
        public var TASK_VM_INFO: Int32 { 22 }
        public var KERN_SUCCESS: Int32 { 0 }
        public var mach_task_self_: mach_port_t = 0
        public func task_info(
            _ target: mach_port_t, _ flavor: task_flavor_t, _ info: task_info_t!,
            _ count: UnsafeMutablePointer<mach_msg_type_number_t>!
        ) -> kern_return_t { 0 }
        """

    @Test("MemoryFootprint's Darwin branch type-checks in Swift 6 against a stand-in Darwin")
    func memoryFootprintTypeChecks() throws {
        let folder = try CLIRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.standIn.write(to: folder.appendingPathComponent("Darwin.swift"), atomically: true, encoding: .utf8)
        let source = CLIRunner.packageRoot.appendingPathComponent("Sources/WidgetBudgetLog/MemoryFootprint.swift")
        try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent("MemoryFootprint.swift"))
        let swiftc = URL(fileURLWithPath: "/usr/bin/env")
        // The stand-in in Swift 5 mode, as C globals are imported.
        let module = try CLIRunner.run(
            program: swiftc,
            ["swiftc", "-emit-module", "-module-name", "Darwin", "-parse-as-library", "-swift-version", "5", "Darwin.swift"],
            in: folder)
        try #require(module.status == 0, "\(module.stderr)")
        let check = try CLIRunner.run(
            program: swiftc, ["swiftc", "-typecheck", "-swift-version", "6", "-I", ".", "-parse-as-library", "MemoryFootprint.swift"],
            in: folder)
        #expect(check.status == 0, "\(check.stderr)")
    }
}
