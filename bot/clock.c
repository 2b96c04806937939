/* clock.c — the bot's one monotonic clock (CLOCK_MONOTONIC), for deadlines and durations; it
 * never jumps with the time of day, and it is not the time of day. */
#define _POSIX_C_SOURCE 200809L
#include "clock.h"

#include <time.h>

double clock_monotonic(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}
