#ifndef CALX_CSYSTEMFILES_SHIM_H
#define CALX_CSYSTEMFILES_SHIM_H
// The descriptor-making calls Glibc's Swift module leaves out (SystemFiles' SystemCalls): libc's own
// headers, so no link line.
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/inotify.h>
#endif
