#ifndef CALX_CONSOLE_RESCUE_H
#define CALX_CONSOLE_RESCUE_H

/*
 * On a fatal signal, the console goes back to VT_AUTO and KD_TEXT before the process dies, so a
 * crashed kiosk leaves a usable text console (and systemd's restart finds it as it expects).
 * The handler is C (console_rescue.c), not Swift, because a signal handler may call only
 * async-signal-safe functions. Only Platform calls these.
 */

/* Arms the rescue for `console_fd` (`witness_fd`, tests only, receives each ioctl's name as it is made;
   -1 for none), and unblocks the rescued signals in the calling thread (a blocked one would never reach the
   handler): 0, or -1 with errno. Idempotent while armed. */
int calx_rescue_arm(int console_fd, int witness_fd);

/* The fd the rescue would use, -1 when disarmed. */
int calx_rescue_armed_fd(void);

/* The console is text again by the ordinary way out: the previous handlers come back. */
void calx_rescue_disarm(void);

#endif
