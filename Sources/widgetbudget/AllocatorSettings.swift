#if canImport(Glibc)
    import CMalloc
#endif

/// How the C library's allocator keeps memory the tool frees, set once at start-up.
///
/// Every simulation run builds arrays of a megabyte or so (its age segments, its days) and frees
/// them when its summary is taken. With glibc's defaults, blocks that large are mapped from the
/// kernel one by one and unmapped when freed (above a threshold that adapts up to 32 MB), and a
/// heap's free top beyond 128 KB is trimmed: each run then faults in fresh zeroed pages. In a sweep
/// of 2,000 candidates that was 13 % of the time, in the kernel (docs/performance-history.md, tenth round).
/// A fixed mapping threshold of 32 MB (the largest glibc accepts) and a trim threshold of 512 MB
/// keep freed blocks in the process for the next run. Peak RSS is the largest live set plus
/// fragmentation, as before; only the return of memory between runs is given up. No effect on
/// other C libraries (Darwin's allocator manages this itself).
enum AllocatorSettings {
    /// Applies the settings (once, before any work).
    static func keepFreedMemory() {
        #if canImport(Glibc)
            _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
            _ = mallopt(M_TRIM_THRESHOLD, 512 << 20)
        #endif
    }
}
