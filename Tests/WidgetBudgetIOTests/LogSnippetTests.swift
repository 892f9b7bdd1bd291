import Foundation
import Testing

/// The `WidgetLog` helper that `docs/log-format.md` asks developers to copy must be valid Swift:
/// type-checked with `swiftc` against a stand-in for the few WidgetKit and Darwin names it uses
/// (the iOS SDK is not on a Linux machine).
@Suite("Log snippet")
struct LogSnippetTests {
    /// WidgetKit's and Darwin's names as the snippet uses them, with their iOS signatures.
    static let standIn = """
        import Foundation
        public struct WidgetFamily: CustomStringConvertible {
            public var description: String { "systemSmall" }
        }
        public struct TimelineReloadPolicy {
            public static let atEnd = TimelineReloadPolicy()
            public static let never = TimelineReloadPolicy()
            public static func after(_ date: Date) -> TimelineReloadPolicy { TimelineReloadPolicy() }
        }
        extension FileManager {
            public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? { nil }
        }
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

    /// The first Swift block after the helper's heading.
    static func snippet() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let doc = try String(contentsOf: root.appendingPathComponent("docs/log-format.md"), encoding: .utf8)
        let section = try #require(doc.range(of: "## The `WidgetLog` helper"))
        let open = try #require(doc.range(of: "```swift\n", range: section.upperBound..<doc.endIndex))
        let close = try #require(doc.range(of: "\n```", range: open.upperBound..<doc.endIndex))
        return String(doc[open.upperBound..<close.lowerBound])
    }

    /// Runs `swiftc` with `arguments` in `folder`; its exit status and output.
    static func swiftc(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc"] + arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("the WidgetLog helper in docs/log-format.md type-checks, change event included")
    func typeChecks() throws {
        let code = try Self.snippet()
        #expect(code.contains("static func change(kind: String"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("widgetbudget-snippet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.standIn.write(to: folder.appendingPathComponent("WidgetKit.swift"), atomically: true, encoding: .utf8)
        try code.write(to: folder.appendingPathComponent("WidgetLog.swift"), atomically: true, encoding: .utf8)
        let module = try Self.swiftc(["-emit-module", "-module-name", "WidgetKit", "-parse-as-library", "WidgetKit.swift"], in: folder)
        try #require(module.status == 0, "\(module.output)")
        let check = try Self.swiftc(["-typecheck", "-I", ".", "-parse-as-library", "WidgetLog.swift"], in: folder)
        #expect(check.status == 0, "\(check.output)")
    }
}
