/* loop.h — the event loop (Redis ae.c style): the clock, a table of timers (a deadline and a
 * callback each), the descriptors to wait on, and the order of work in one iteration. */
#ifndef DURAK_LOOP_H
#define DURAK_LOOP_H

#include <signal.h>
#include <stdbool.h>
#include <sys/select.h>

/* Bits the signal handler ORs into the flag that loop_run watches. */
enum { LOOP_SIG_STOP = 1, LOOP_SIG_HUP = 2 };

typedef struct loop loop;
typedef void (*loop_fn)(void *ctx, double now);

/* Something with descriptors: `fds` adds them to the sets; `process` is called after a wait
 * in which any descriptor was ready, with the ready sets (it reads events, runs handlers). */
typedef struct {
    void (*fds)(void *ctx, fd_set *in, fd_set *out, int *maxfd);
    void (*process)(void *ctx, fd_set *in, fd_set *out, double now);
    void *ctx;
} loop_source;

enum { LOOP_MAX_TIMERS = 16, LOOP_MAX_SOURCES = 4, LOOP_MAX_STAGES = 8 };

/* `clock` gives the time in seconds (the monotonic clock; tests pass their own). */
loop *loop_new(double (*clock)(void));
void loop_free(loop *l);
/* The time of the current iteration. */
double loop_now(const loop *l);

/* A timer, off until loop_timer_set; returns its id, or -1 when the table is full. When its
 * deadline comes, it is switched off and `fire` is called (it may set itself again). */
int loop_timer_add(loop *l, const char *name, loop_fn fire, void *ctx);
/* Sets the timer's deadline (absolute, in the clock's seconds); a negative one switches it off. */
void loop_timer_set(loop *l, int id, double deadline);
/* The timer's deadline, negative when off (the tests read it). */
double loop_timer_deadline(const loop *l, int id);
/* The nearest deadline of all timers, or -1 when none is set. */
double loop_next_deadline(const loop *l);

bool loop_source_add(loop *l, loop_source s);
/* A source closed descriptors it gave: their numbers may come back as other files before the next
 * wait, which the loop could not tell from the old ones. Call it after closing them. */
void loop_forget_fds(loop *l);
/* Work done in every iteration after the events and the timers, in the order added: for the
 * bot, persist (changed tables to the store), queue (what tables said into the send queue),
 * write (the send queue to the server). */
bool loop_stage_add(loop *l, const char *name, loop_fn run, void *ctx);

/* Holds the next wait's reading until `until`: it sleeps until then (or the nearest deadline,
 * or a signal) and reports no descriptor, so that what arrives meanwhile is read at once after.
 * A hold asked for right after a held wait is ignored: one wait that reads comes between two. */
void loop_hold(loop *l, double until);

/* One iteration: wait for a descriptor or the nearest deadline (at most max_wait seconds), then
 * read events → fire due timers → stages. `waitmask` (may be NULL) is the signal mask while
 * waiting. */
void loop_once(loop *l, double max_wait, const sigset_t *waitmask);
/* Iterates until LOOP_SIG_STOP is set in *signals; on LOOP_SIG_HUP calls on_hup (cleared first),
 * then the stages.
 * The caller keeps the signals blocked: they arrive only while the loop waits. */
void loop_run(loop *l, volatile sig_atomic_t *signals, const sigset_t *waitmask,
              void (*on_hup)(void *ctx), void *ctx);

#endif
