#if canImport(Darwin)
    @preconcurrency import Darwin  // mach_task_self_ is a C global: read only here
#endif

/// The process's memory footprint, what the system's limit for a widget extension (about 30 MB)
/// is about.
public enum MemoryFootprint {
    /// The footprint in MB (`task_info`'s `phys_footprint`) on Apple platforms; `nil` elsewhere
    /// or when the system does not say.
    @Sendable public static func megabytes() -> Double? {
        #if canImport(Darwin)
            var info = task_vm_info_data_t()
            var count = mach_msg_type_number_t(MemoryLayout<task_vm_info_data_t>.size / MemoryLayout<natural_t>.size)
            let result = withUnsafeMutablePointer(to: &info) {
                $0.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
                    task_info(mach_task_self_, task_flavor_t(TASK_VM_INFO), $0, &count)
                }
            }
            return result == KERN_SUCCESS ? Double(info.phys_footprint) / 1_048_576 : nil
        #else
            return nil
        #endif
    }
}
