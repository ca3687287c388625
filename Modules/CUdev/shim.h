#ifndef CALX_CUDEV_SHIM_H
#define CALX_CUDEV_SHIM_H
#include <libudev.h>
#endif
