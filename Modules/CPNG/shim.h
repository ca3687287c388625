#ifndef CALX_CPNG_SHIM_H
#define CALX_CPNG_SHIM_H
#include <png.h>
#endif
