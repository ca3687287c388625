#ifndef CALX_CDRM_SHIM_H
#define CALX_CDRM_SHIM_H
#include <stdint.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>
#include <sys/mman.h>
#include <linux/kd.h>
#include <linux/vt.h>
#include <linux/fb.h>
#include <sys/ioctl.h>

/* Swift cannot import function-like macros; these wrap the few we need. */
static inline uint32_t calx_drm_format_xrgb8888(void) { return DRM_FORMAT_XRGB8888; }
static inline uint32_t calx_drm_format_rgb565(void) { return DRM_FORMAT_RGB565; }
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/inotify.h>
#include <signal.h>
#include <poll.h>
static inline uint32_t calx_drm_page_flip_event(void) { return DRM_MODE_PAGE_FLIP_EVENT; }
/* ioctl is variadic in C; Swift calls these fixed-argument forms. */
static inline int calx_ioctl_ptr(int fd, unsigned long request, void *arg) { return ioctl(fd, request, arg); }
static inline int calx_ioctl_int(int fd, unsigned long request, long arg) { return ioctl(fd, request, arg); }
#include <sys/sysmacros.h>
/* minor() is a macro; a VT's minor number is its console number. */
static inline unsigned int calx_dev_minor(dev_t device) { return minor(device); }
#include <sys/syscall.h>
#include <unistd.h>
#include <fcntl.h>
/* renameat2(2) is declared only under _GNU_SOURCE, which Swift's Glibc does not see. `flags` is
   RENAME_NOREPLACE (1) or RENAME_EXCHANGE (2), from <linux/fs.h>. */
static inline int calx_renameat2(const char *from, const char *to, unsigned int flags) {
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, flags);
}
#endif
