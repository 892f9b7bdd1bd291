// glibc's allocator settings (mallopt), for the command-line tool's start-up
// (Sources/widgetbudget/AllocatorSettings.swift). Empty on other systems.
#if defined(__linux__)
#include <malloc.h>
#endif
