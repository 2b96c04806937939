/* aiworker.c — a detached thread per computer decision (ai_choose on a private copy of
 * the view, timed by CLOCK_MONOTONIC); the finished task's pointer goes through a pipe. */
#define _POSIX_C_SOURCE 200809L
#include "aiworker.h"

#include "clock.h"

#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

typedef struct {
    tables_ai_job job;
    durak_action action;
    int fd; /* the pipe's write end */
    atomic_int *running;
} task;

struct aiworker {
    int pipe[2];
    atomic_int running;
};

/* Set by aiworker_free: every clock a search reads is then far past its deadline, so each stops at
 * its next look (every few milliseconds) and the bot exits at once, not at the end of an expert's
 * budget. One worker a process. */
static atomic_bool stopping;

/* ai_choose's time budget is in milliseconds. */
static double now_ms(void) { return atomic_load(&stopping) ? 1e300 : clock_monotonic() * 1000.0; }

static void *decide(void *arg)
{
    task *k = arg;
    k->action = ai_choose(&k->job.view, &k->job.params, now_ms);
    atomic_int *running = k->running;
    while (write(k->fd, &k, sizeof k) < 0 && errno == EINTR)
        ;
    atomic_fetch_sub(running, 1);
    return NULL;
}

/* A decision's search allocates pools of megabytes on its own thread. glibc's mmap threshold
 * slides up once such a block is freed, so later pools came from per-thread arenas that keep the
 * memory: RSS 56 MB after 3 minutes of 8 channels of computer players (a 38-minute soak: 7.6 ->
 * 24.8 MB and rising). At a fixed 256 KiB every large block goes back to the system when freed:
 * 12 MB in the same run, 8 MB once the decisions end, and the same CPU. */
enum { AIWORKER_MMAP_THRESHOLD = 256 * 1024 };

aiworker *aiworker_new(void)
{
    mallopt(M_MMAP_THRESHOLD, AIWORKER_MMAP_THRESHOLD);
    atomic_store(&stopping, false);
    aiworker *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    if (pipe(w->pipe) < 0) {
        free(w);
        return NULL;
    }
    fcntl(w->pipe[0], F_SETFL, O_NONBLOCK);
    fcntl(w->pipe[0], F_SETFD, FD_CLOEXEC);
    fcntl(w->pipe[1], F_SETFD, FD_CLOEXEC);
    atomic_init(&w->running, 0);
    return w;
}

int aiworker_fd(const aiworker *w) { return w->pipe[0]; }

bool aiworker_start(aiworker *w, const tables_ai_job *job)
{
    task *k = malloc(sizeof *k);
    if (!k)
        return false;
    k->job = *job;
    k->fd = w->pipe[1];
    k->running = &w->running;
    pthread_t th;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    atomic_fetch_add(&w->running, 1);
    int err = pthread_create(&th, &attr, decide, k);
    pthread_attr_destroy(&attr);
    if (err) {
        atomic_fetch_sub(&w->running, 1);
        free(k);
        return false;
    }
    return true;
}

void aiworker_collect(aiworker *w, void (*cb)(void *ctx, const tables_ai_job *job, durak_action a),
                      void *ctx)
{
    task *k;
    while (read(w->pipe[0], &k, sizeof k) == (ssize_t)sizeof k) {
        if (cb)
            cb(ctx, &k->job, k->action);
        free(k);
    }
}

void aiworker_free(aiworker *w)
{
    if (!w)
        return;
    atomic_store(&stopping, true);
    for (int i = 0; i < 200 && atomic_load(&w->running) > 0; i++) {
        struct timespec ts = { 0, 10 * 1000 * 1000 };
        nanosleep(&ts, NULL);
    }
    aiworker_collect(w, NULL, NULL);
    if (atomic_load(&w->running) > 0)
        return; /* a decision still runs: leave its pipe open */
    close(w->pipe[0]);
    close(w->pipe[1]);
    free(w);
}
