/* arena_ext.h — durak-arena's external agents: a program started with sh -c, one line in per
 * decision (the seat's view and the legal moves), one line out (the chosen move). */
#ifndef DURAK_ARENA_EXT_H
#define DURAK_ARENA_EXT_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>
#include <time.h>

#include "durak.h"

enum { EXT_LINE_MAX = 16384, EXT_ERROR_MAX = 256 };

typedef struct {
    const char *cmd; /* the shell command line */
    pid_t pid;       /* 0 while not running */
    int to_fd, from_fd;
    char buf[EXT_LINE_MAX]; /* bytes read past the last answer */
    size_t len;
} ext_agent;

/* Asks the agent (starting it if needed) for the move at `v` among the n legal `acts`,
 * waiting at most timeout_ms on the wall clock. False when the answer is missing, late,
 * or not one of the legal moves: `why` says which, and the agent is stopped (it is started
 * afresh for the next decision). */
bool ext_agent_decide(ext_agent *x, const durak_view *v, const durak_action *acts, int n,
                      int timeout_ms, durak_action *out, char *why, size_t why_cap);

/* The clock `id` (CLOCK_MONOTONIC, CLOCK_PROCESS_CPUTIME_ID) in milliseconds: durak-arena's
 * one clock reader, for its timings and the agents' answer deadlines. */
double arena_clock_ms(clockid_t id);

/* Closes the agent's input (its cue to exit), then ends it. */
void ext_agent_stop(ext_agent *x);

#endif
