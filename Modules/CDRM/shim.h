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
#endif
