#ifndef CALX_CSYSTEMD_SHIM_H
#define CALX_CSYSTEMD_SHIM_H
#include <systemd/sd-daemon.h>
#endif
