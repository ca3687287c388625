#include "console_rescue.h"
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <linux/kd.h>
#include <linux/vt.h>
/*
 * On a fatal signal, the console goes back to VT_AUTO and KD_TEXT before the process dies, so a
 * crashed kiosk leaves a usable text console (and systemd's restart finds it as it expects).
 *
 * This is C, not Swift, because a signal handler may call only async-signal-safe functions. Swift makes
 * no such promise for any code: reading a global may run swift_once or the exclusivity checks, and values
 * are retained and released through the runtime, which may lock or allocate. Here the handler reads one
 * sig_atomic_t and makes ioctl, write, sigaction and raise calls, all async-signal-safe (POSIX.1-2017 2.4.3).
 *
 * The state lives in this one object file. (As static variables in a header it was copied into every
 * object that used it, so arming and disarming could reach different copies.)
 */

/* The console's fd, opened before it went graphical; -1 when disarmed. */
static volatile sig_atomic_t calx_rescue_console_fd = -1;
/* Tests only: each ioctl's name is written here as it is made, so the order can be checked. -1 in use. */
static volatile sig_atomic_t calx_rescue_witness_fd = -1;
static const int calx_rescue_signals[] = { SIGSEGV, SIGILL, SIGABRT, SIGBUS, SIGFPE, SIGTRAP, SIGSYS };
static struct sigaction calx_rescue_previous_actions[NSIG];
static struct sigaction *calx_rescue_previous(void) { return calx_rescue_previous_actions; }
/* A stack overflow is a SIGSEGV with no stack left: the handler runs on a stack of its own. */
static char calx_rescue_stack_memory[64 * 1024];
static char *calx_rescue_stack(void) { return calx_rescue_stack_memory; }

static void calx_rescue_witness(const char *text) {
    int fd = calx_rescue_witness_fd;
    if (fd >= 0) { ssize_t n = write(fd, text, strlen(text)); (void)n; }
}

static void calx_rescue_handler(int signal) {
    int saved = errno;
    int fd = calx_rescue_console_fd;
    if (fd >= 0) {
        /* Automatic switching first: nothing may wait on a dead process for a VT release. */
        struct vt_mode automatic = { .mode = VT_AUTO };
        ioctl(fd, VT_SETMODE, &automatic);
        calx_rescue_witness("VT_AUTO\n");
        ioctl(fd, KDSETMODE, KD_TEXT);
        calx_rescue_witness("KD_TEXT\n");
    }
    /* Whatever was there before us (the Swift runtime's backtracer, a test harness) runs next, at once
       (SA_NODEFER leaves the signal unblocked); should it return, the default action ends the process. */
    if (signal > 0 && signal < NSIG) {
        sigaction(signal, &calx_rescue_previous()[signal], NULL);
        raise(signal);
        struct sigaction fallback;
        memset(&fallback, 0, sizeof fallback);
        fallback.sa_handler = SIG_DFL;
        sigemptyset(&fallback.sa_mask);
        sigaction(signal, &fallback, NULL);
    }
    errno = saved;
    raise(signal);
}

/* Arms the rescue for `console_fd` and unblocks the rescued signals in the calling thread: 0, or -1 with
   errno. Idempotent while armed. */
int calx_rescue_arm(int console_fd, int witness_fd) {
    stack_t current;
    if (sigaltstack(NULL, &current) == 0 && (current.ss_flags & SS_DISABLE)) {
        stack_t own = { .ss_sp = calx_rescue_stack(), .ss_size = 64 * 1024, .ss_flags = 0 };
        (void)sigaltstack(&own, NULL);
    }
    calx_rescue_witness_fd = witness_fd;
    if (calx_rescue_console_fd < 0) {
        for (size_t i = 0; i < sizeof calx_rescue_signals / sizeof calx_rescue_signals[0]; i++) {
            struct sigaction action;
            memset(&action, 0, sizeof action);
            action.sa_handler = calx_rescue_handler;
            sigemptyset(&action.sa_mask);
            action.sa_flags = SA_RESETHAND | SA_NODEFER | SA_ONSTACK;
            if (sigaction(calx_rescue_signals[i], &action, &calx_rescue_previous()[calx_rescue_signals[i]]) != 0) return -1;
        }
    }
    /* A handler runs only on a thread where its signal is not blocked. The kernel kills at once on a blocked
       fault (SIGSEGV, SIGBUS, ...), and glibc 2.41's abort() (async-signal-safe since then) raises SIGABRT
       as the mask stands, then sets SIG_DFL and only then unblocks it; 2.36's unblocked it first. A caller's
       mask may well block SIGABRT: libdispatch's worker threads, which run Swift concurrency, block every
       signal but SIGILL, SIGTRAP, SIGFPE, SIGBUS, SIGSEGV, SIGSYS, SIGPIPE and SIGPROF. So the calling thread
       (and every thread or child it makes afterwards) unblocks the rescued signals. */
    sigset_t rescued;
    sigemptyset(&rescued);
    for (size_t i = 0; i < sizeof calx_rescue_signals / sizeof calx_rescue_signals[0]; i++) {
        sigaddset(&rescued, calx_rescue_signals[i]);
    }
    int failed = pthread_sigmask(SIG_UNBLOCK, &rescued, NULL);
    if (failed != 0) { errno = failed; return -1; }
    calx_rescue_console_fd = console_fd;
    return 0;
}

/* The fd the rescue would use, -1 when disarmed. */
int calx_rescue_armed_fd(void) { return calx_rescue_console_fd; }

/* The console is text again by the ordinary way out: the previous handlers come back. */
void calx_rescue_disarm(void) {
    if (calx_rescue_console_fd < 0) return;
    calx_rescue_console_fd = -1;
    calx_rescue_witness_fd = -1;
    for (size_t i = 0; i < sizeof calx_rescue_signals / sizeof calx_rescue_signals[0]; i++) {
        sigaction(calx_rescue_signals[i], &calx_rescue_previous()[calx_rescue_signals[i]], NULL);
    }
}
