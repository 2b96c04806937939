/* link_drive.h — the bot's loop around a relay, for the unit tests that talk to it through
 * sockets (test_link, test_link_irc): drive_start is link_start plus a thread that waits on
 * link_fds and runs link_process, as conn_loop.c does; drive_run calls a function on that thread
 * (the relay is the loop's alone); drive_stop ends the thread, then link_stop. */
#ifndef DURAK_TEST_LINK_DRIVE_H
#define DURAK_TEST_LINK_DRIVE_H

#include <pthread.h>
#include <sys/select.h>
#include <unistd.h>

#include "clock.h"
#include "link.h"

struct link_drive {
    link_relay *r;
    pthread_t thread;
    int wake[2]; /* a byte in [1]: 'x' ends the thread, 'r' runs fn */
    pthread_mutex_t lock;
    pthread_cond_t done;
    void (*fn)(link_relay *r, void *arg); /* NULL once it ran */
    void *arg;
};

static struct link_drive link_drives[4];

static void *link_drive_main(void *arg)
{
    struct link_drive *d = arg;
    for (;;) {
        fd_set in, out;
        FD_ZERO(&in);
        FD_ZERO(&out);
        FD_SET(d->wake[0], &in);
        int maxfd = d->wake[0];
        link_fds(d->r, &in, &out, &maxfd);
        double due = link_deadline(d->r), wait = 1.0;
        if (due >= 0)
            wait = due - clock_monotonic() < 0 ? 0 : due - clock_monotonic();
        struct timeval tv = { (time_t)wait, (suseconds_t)((wait - (double)(time_t)wait) * 1e6) };
        int n = select(maxfd + 1, &in, &out, NULL, &tv);
        char what = 0;
        if (n > 0 && FD_ISSET(d->wake[0], &in) && (read(d->wake[0], &what, 1) != 1 || what == 'x'))
            return NULL;
        if (what == 'r') {
            pthread_mutex_lock(&d->lock);
            d->fn(d->r, d->arg);
            d->fn = NULL;
            pthread_cond_signal(&d->done);
            pthread_mutex_unlock(&d->lock);
            continue;
        }
        link_process(d->r, n > 0 ? &in : NULL, n > 0 ? &out : NULL);
    }
}

static link_relay *drive_start(const link_opts *o, int *local_port, char *err, size_t errlen)
{
    link_relay *r = link_start(o, local_port, err, errlen);
    if (!r)
        return NULL;
    for (size_t i = 0; i < sizeof link_drives / sizeof link_drives[0]; i++) {
        struct link_drive *d = &link_drives[i];
        if (d->r)
            continue;
        d->r = r;
        pthread_mutex_init(&d->lock, NULL);
        pthread_cond_init(&d->done, NULL);
        if (pipe(d->wake) != 0 || pthread_create(&d->thread, NULL, link_drive_main, d) != 0)
            abort();
        return r;
    }
    abort(); /* more relays at once than any test uses */
}

/* Calls fn(r, arg) on r's loop thread, between two of its turns, and returns once it ran. */
static inline void drive_run(link_relay *r, void (*fn)(link_relay *r, void *arg), void *arg)
{
    for (size_t i = 0; i < sizeof link_drives / sizeof link_drives[0]; i++) {
        struct link_drive *d = &link_drives[i];
        if (d->r != r)
            continue;
        pthread_mutex_lock(&d->lock);
        d->fn = fn;
        d->arg = arg;
        if (write(d->wake[1], "r", 1) != 1)
            abort();
        while (d->fn)
            pthread_cond_wait(&d->done, &d->lock);
        pthread_mutex_unlock(&d->lock);
        return;
    }
    abort();
}

static void drive_stop(link_relay *r)
{
    for (size_t i = 0; r && i < sizeof link_drives / sizeof link_drives[0]; i++) {
        struct link_drive *d = &link_drives[i];
        if (d->r != r)
            continue;
        if (write(d->wake[1], "x", 1) != 1)
            abort();
        pthread_join(d->thread, NULL);
        close(d->wake[0]);
        close(d->wake[1]);
        pthread_mutex_destroy(&d->lock);
        pthread_cond_destroy(&d->done);
        d->r = NULL;
    }
    link_stop(r);
}

#endif
