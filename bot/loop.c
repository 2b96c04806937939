/* loop.c — one loop: epoll (pselect without it) until the nearest timer or a ready descriptor,
 * then the events, the due timers and the stages in their order, on the one clock it is given. */

/* The sources still give fd_sets each turn; the loop registers with epoll only what changed. A
 * pselect added and removed a wait-queue entry for every descriptor at every wake-up, which cost
 * more than the rest of the wait in a virtual machine (each removal re-enables interrupts). */
#define _POSIX_C_SOURCE 200809L
#include "loop.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <time.h>
#include <unistd.h>

#include "log.h"

typedef struct {
    const char *name;
    loop_fn fire;
    void *ctx;
    double deadline; /* < 0: off */
} loop_timer;

typedef struct {
    const char *name;
    loop_fn run;
    void *ctx;
} loop_stage;

struct loop {
    double (*clock)(void);
    double now;
    loop_timer timer[LOOP_MAX_TIMERS];
    int ntimers;
    loop_source source[LOOP_MAX_SOURCES];
    int nsources;
    loop_stage stage[LOOP_MAX_STAGES];
    int nstages;
    int ep;                            /* the epoll descriptor; -1: pselect */
    unsigned char watched[FD_SETSIZE]; /* per descriptor, what ep has: WATCH_IN | WATCH_OUT */
    int top;                           /* above the highest descriptor in watched */
    double hold_until;                 /* the next wait reads nothing before it (loop_hold) */
    bool held;                         /* the last wait was held: the next one reads */
};

enum { WATCH_IN = 1, WATCH_OUT = 2, EVENTS_MAX = 16 };

loop *loop_new(double (*clock)(void))
{
    loop *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    l->clock = clock;
    l->now = clock();
    l->hold_until = -1;
    l->ep = epoll_create1(EPOLL_CLOEXEC);
    return l;
}

void loop_free(loop *l)
{
    if (l && l->ep >= 0)
        close(l->ep);
    free(l);
}

void loop_forget_fds(loop *l)
{
    if (l->ep < 0)
        return;
    close(l->ep); /* what it held of closed descriptors went with them; a reused number must not
                     look watched */
    l->ep = epoll_create1(EPOLL_CLOEXEC);
    memset(l->watched, 0, sizeof l->watched);
    l->top = 0;
}

double loop_now(const loop *l) { return l->now; }

int loop_timer_add(loop *l, const char *name, loop_fn fire, void *ctx)
{
    if (l->ntimers == LOOP_MAX_TIMERS)
        return -1;
    l->timer[l->ntimers] = (loop_timer){ name, fire, ctx, -1 };
    return l->ntimers++;
}

void loop_timer_set(loop *l, int id, double deadline)
{
    if (id >= 0 && id < l->ntimers)
        l->timer[id].deadline = deadline >= 0 ? deadline : -1; /* NaN too: off */
}

double loop_timer_deadline(const loop *l, int id)
{
    return id >= 0 && id < l->ntimers ? l->timer[id].deadline : -1;
}

double loop_next_deadline(const loop *l)
{
    double next = -1;
    for (int i = 0; i < l->ntimers; i++) {
        double d = l->timer[i].deadline;
        if (d >= 0 && (next < 0 || d < next))
            next = d;
    }
    return next;
}

bool loop_source_add(loop *l, loop_source s)
{
    if (l->nsources == LOOP_MAX_SOURCES)
        return false;
    l->source[l->nsources++] = s;
    return true;
}

bool loop_stage_add(loop *l, const char *name, loop_fn run, void *ctx)
{
    if (l->nstages == LOOP_MAX_STAGES)
        return false;
    l->stage[l->nstages++] = (loop_stage){ name, run, ctx };
    return true;
}

static struct timespec to_timespec(double sec)
{
    struct timespec ts;
    ts.tv_sec = (time_t)sec;
    ts.tv_nsec = (long)((sec - (double)ts.tv_sec) * 1e9);
    return ts;
}

/* Seconds to wait: until the nearest deadline, at most max_wait. */
static double wait_time(const loop *l, double max_wait)
{
    double next = loop_next_deadline(l), w = max_wait;
    if (next >= 0 && next - l->now < w)
        w = next - l->now;
    return w > 0 ? w : 0;
}

/* Brings ep in line with the sets: an epoll_ctl only for a descriptor whose wish changed. A
 * number a closed descriptor had is not in ep any more (close removed it): ADD again. */
static bool sync_watched(loop *l, const fd_set *in, const fd_set *out, int maxfd)
{
    int top = maxfd + 1 > l->top ? maxfd + 1 : l->top;
    for (int fd = 0; fd < top; fd++) {
        unsigned char want = fd <= maxfd ? (unsigned char)((FD_ISSET(fd, in) ? WATCH_IN : 0)
                                                           | (FD_ISSET(fd, out) ? WATCH_OUT : 0))
                                         : 0;
        if (want == l->watched[fd])
            continue;
        struct epoll_event ev = { .events = (want & WATCH_IN ? EPOLLIN : 0u)
                                            | (want & WATCH_OUT ? EPOLLOUT : 0u),
                                  .data.fd = fd };
        int op = !want ? EPOLL_CTL_DEL : l->watched[fd] ? EPOLL_CTL_MOD : EPOLL_CTL_ADD;
        int rc = epoll_ctl(l->ep, op, fd, &ev);
        if (rc < 0 && op == EPOLL_CTL_MOD && errno == ENOENT)
            rc = epoll_ctl(l->ep, EPOLL_CTL_ADD, fd, &ev);
        if (rc < 0 && op != EPOLL_CTL_DEL) {
            log_msg(LOG_ERR, "epoll_ctl on descriptor %d failed: %s; waiting with pselect", fd,
                    strerror(errno));
            return false;
        }
        l->watched[fd] = want;
    }
    l->top = maxfd + 1;
    return true;
}

/* epoll's answer as select's: a descriptor in error or hung up is ready both ways it is watched. */
static int ready_sets(const loop *l, const struct epoll_event *ev, int n, fd_set *in, fd_set *out)
{
    FD_ZERO(in);
    FD_ZERO(out);
    for (int i = 0; i < n; i++) {
        int fd = ev[i].data.fd;
        bool broken = ev[i].events & (EPOLLERR | EPOLLHUP);
        if ((l->watched[fd] & WATCH_IN) && (broken || (ev[i].events & EPOLLIN)))
            FD_SET(fd, in);
        if ((l->watched[fd] & WATCH_OUT) && (broken || (ev[i].events & EPOLLOUT)))
            FD_SET(fd, out);
    }
    return n;
}

void loop_hold(loop *l, double until)
{
    if (!l->held)
        l->hold_until = until;
}

/* A held wait: a sleep until the hold's end or the nearest deadline, whichever is first, that
 * only a signal cuts short. */
static void sleep_held(loop *l, double max_wait, const sigset_t *waitmask)
{
    double wait = wait_time(l, max_wait), left = l->hold_until - l->now;
    struct timespec ts = to_timespec(left < wait ? left : wait);
    l->hold_until = -1;
    l->held = true;
    if (pselect(0, NULL, NULL, NULL, &ts, waitmask) < 0 && errno != EINTR)
        log_msg(LOG_ERR, "waiting failed: %s; retrying", strerror(errno));
    l->now = l->clock();
}

/* Waits; true when a descriptor is ready (the sets then say which). */
static bool wait_for(loop *l, double max_wait, const sigset_t *waitmask, fd_set *in, fd_set *out)
{
    int maxfd = -1, n;
    FD_ZERO(in);
    FD_ZERO(out);
    if (l->hold_until > l->now) {
        sleep_held(l, max_wait, waitmask);
        return false;
    }
    l->hold_until = -1;
    l->held = false;
    for (int i = 0; i < l->nsources; i++)
        l->source[i].fds(l->source[i].ctx, in, out, &maxfd);
    double wait = wait_time(l, max_wait);
    if (l->ep >= 0 && !sync_watched(l, in, out, maxfd)) {
        close(l->ep);
        l->ep = -1;
    }
    if (l->ep >= 0) {
        struct epoll_event ev[EVENTS_MAX];
        int ms = (int)(wait * 1000);
        ms += ms < wait * 1000; /* rounded up: waking before the deadline turns the loop for none */
        n = epoll_pwait(l->ep, ev, EVENTS_MAX, ms, waitmask);
        if (n > 0)
            n = ready_sets(l, ev, n, in, out);
    } else {
        struct timespec ts = to_timespec(wait);
        n = pselect(maxfd + 1, in, out, NULL, &ts, waitmask);
    }
    l->now = l->clock();
    if (n < 0 && errno != EINTR)
        log_msg(LOG_ERR, "waiting for the descriptors failed: %s; retrying", strerror(errno));
    return n > 0;
}

static void fire_due(loop *l)
{
    for (int i = 0; i < l->ntimers; i++) {
        loop_timer *t = &l->timer[i];
        if (t->deadline < 0 || t->deadline > l->now)
            continue;
        t->deadline = -1;
        t->fire(t->ctx, l->now);
    }
}

static void run_stages(loop *l)
{
    for (int i = 0; i < l->nstages; i++)
        l->stage[i].run(l->stage[i].ctx, l->now);
}

void loop_once(loop *l, double max_wait, const sigset_t *waitmask)
{
    fd_set in, out;
    if (wait_for(l, max_wait, waitmask, &in, &out))
        for (int i = 0; i < l->nsources; i++)
            l->source[i].process(l->source[i].ctx, &in, &out, l->now);
    fire_due(l);
    run_stages(l);
}

void loop_run(loop *l, volatile sig_atomic_t *signals, const sigset_t *waitmask,
              void (*on_hup)(void *ctx), void *ctx)
{
    while (!(*signals & LOOP_SIG_STOP)) {
        if (*signals & LOOP_SIG_HUP) {
            *signals &= ~LOOP_SIG_HUP;
            if (on_hup)
                on_hup(ctx);
            run_stages(l); /* what the reload said and changed goes out before the next wait */
        }
        loop_once(l, 3600, waitmask);
    }
}
