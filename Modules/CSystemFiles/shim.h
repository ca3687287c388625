#ifndef CALX_CSYSTEMFILES_SHIM_H
#define CALX_CSYSTEMFILES_SHIM_H
// The descriptor-making calls Glibc's Swift module leaves out (SystemFiles' SystemCalls): libc's own
// headers, so no link line.
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/inotify.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <fcntl.h>
/* renameat2(2) is declared only under _GNU_SOURCE, which Swift's Glibc does not see. `flags` is
   RENAME_NOREPLACE (1) or RENAME_EXCHANGE (2), from <linux/fs.h>. */
static inline int calx_renameat2(const char *from, const char *to, unsigned int flags) {
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, flags);
}
#endif
