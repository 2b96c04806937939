/* clock.h — the bot's one monotonic clock (CLOCK_MONOTONIC), for deadlines and durations; it
 * never jumps with the time of day, and it is not the time of day. */
#ifndef DURAK_CLOCK_H
#define DURAK_CLOCK_H

/* Seconds since an arbitrary fixed point (boot, on Linux), with nanosecond resolution. */
double clock_monotonic(void);

#endif
