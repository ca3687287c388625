#ifndef CALX_CMALLOC_SHIM_H
#define CALX_CMALLOC_SHIM_H
// glibc's allocator controls and figures (mallopt, mallinfo2): part of libc, so no link line.
#include <malloc.h>
#endif
