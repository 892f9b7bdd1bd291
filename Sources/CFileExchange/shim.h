// Swaps two paths in one step, for OutputTransaction's commit
// (Sources/WidgetBudgetIO/CSV/FileSystemCalls.swift): Linux's renameat2(RENAME_EXCHANGE) through
// syscall(2) (glibc declares renameat2 only under _GNU_SOURCE), macOS's renamex_np(RENAME_SWAP).
// Returns 0, or -1 with errno set (EINVAL or ENOSYS where the file system cannot swap).
#ifndef WIDGETBUDGET_FILE_EXCHANGE_H
#define WIDGETBUDGET_FILE_EXCHANGE_H
#include <errno.h>
#include <stdio.h>
#if defined(__linux__)
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

static inline int widgetbudget_exchange(const char *from, const char *to) {
#if defined(__linux__) && defined(SYS_renameat2)
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, 2 /* RENAME_EXCHANGE */);
#elif defined(__APPLE__)
    return renamex_np(from, to, RENAME_SWAP);
#else
    errno = ENOSYS;
    return -1;
#endif
}
#endif
