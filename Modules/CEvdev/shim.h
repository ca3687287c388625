#ifndef CALX_CEVDEV_SHIM_H
#define CALX_CEVDEV_SHIM_H
#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>
#include <linux/input.h>
#include <sys/ioctl.h>
#endif
