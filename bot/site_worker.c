/* site_worker.c — the web pages refreshed off the main loop: a thread of its own, with its own
 * connection to the database, takes finished games' ids and people's keys from a queue. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "log.h"
#include "site.h"

enum { SITE_QUEUE = 256 }; /* jobs waiting; beyond, the oldest waits for the next full export */

typedef struct {
    long long game;           /* > 0: a game's pages */
    char key[STORE_NICK_MAX]; /* else a person's */
} site_job;

struct site_worker {
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t cv, idle_cv;
    site_options opt;
    char db_path[CONFIG_PATH_MAX];
    site_job job[SITE_QUEUE];
    int head, n;
    bool busy, stop;
};

static void *run(void *arg)
{
    site_worker *w = arg;
    char err[512];
    store *db = NULL;
    pthread_mutex_lock(&w->mu);
    for (;;) {
        while (!w->n && !w->stop)
            pthread_cond_wait(&w->cv, &w->mu);
        if (!w->n && w->stop)
            break;
        site_job job = w->job[w->head];
        site_options opt = w->opt;
        w->head = (w->head + 1) % SITE_QUEUE;
        w->n--;
        w->busy = true;
        pthread_mutex_unlock(&w->mu);
        if (!db && !(db = store_open_reader(w->db_path, err, sizeof err)))
            log_msg(LOG_ERR, "site: cannot open %s: %s", w->db_path, err);
        if (db && job.game > 0 && site_refresh_game(db, &opt, job.game))
            log_msg(LOG_INFO, "site: the pages of game #%lld written", job.game);
        else if (db && job.game < 0 && site_export(db, &opt, stderr) == 0)
            log_msg(LOG_NOTICE, "site: every page written into %s", opt.dir);
        else if (db)
            site_refresh_person(db, &opt, job.key);
        pthread_mutex_lock(&w->mu);
        w->busy = false;
        pthread_cond_broadcast(&w->idle_cv);
    }
    pthread_mutex_unlock(&w->mu);
    store_close(db);
    return NULL;
}

static void push(site_worker *w, long long game, const char *key)
{
    if (!w)
        return;
    pthread_mutex_lock(&w->mu);
    for (int i = 0; i < w->n; i++) { /* already waiting (a person's `set site` toggled): once */
        const site_job *q = &w->job[(w->head + i) % SITE_QUEUE];
        if (q->game == game && !strcmp(q->key, key ? key : "")) {
            pthread_mutex_unlock(&w->mu);
            return;
        }
    }
    if (w->n == SITE_QUEUE) {
        log_msg(LOG_WARNING, "site: too many pages waiting; one refresh is dropped (durakbot "
                             "--export-site rewrites them all)");
        w->head = (w->head + 1) % SITE_QUEUE;
        w->n--;
    }
    site_job *j = &w->job[(w->head + w->n++) % SITE_QUEUE];
    j->game = game;
    snprintf(j->key, sizeof j->key, "%s", key ? key : "");
    pthread_cond_signal(&w->cv);
    pthread_mutex_unlock(&w->mu);
}

/* A new site.dir (no index.html yet): every page, the games played before it too, once. */
static void export_if_new(site_worker *w, const char *dir)
{
    char index[CONFIG_PATH_MAX + 16];
    snprintf(index, sizeof index, "%s/index.html", dir);
    if (access(index, F_OK) != 0)
        push(w, -1, NULL);
}

site_worker *site_worker_start(const site_options *o, const char *db_path)
{
    if (!o->dir[0] || !db_path || !db_path[0])
        return NULL;
    site_worker *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->opt = *o;
    snprintf(w->db_path, sizeof w->db_path, "%s", db_path);
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->cv, NULL);
    pthread_cond_init(&w->idle_cv, NULL);
    if (pthread_create(&w->thread, NULL, run, w) != 0) {
        log_msg(LOG_ERR, "site: cannot start its thread: the pages are not refreshed");
        pthread_mutex_destroy(&w->mu);
        pthread_cond_destroy(&w->cv);
        pthread_cond_destroy(&w->idle_cv);
        free(w);
        return NULL;
    }
    export_if_new(w, o->dir);
    return w;
}

void site_worker_game(site_worker *w, long long id) { push(w, id, NULL); }

void site_worker_person(site_worker *w, const char *key) { push(w, 0, key); }

site_worker *site_worker_reconfigure(site_worker *w, const site_options *o, const char *db_path)
{
    if (!w)
        return site_worker_start(o, db_path);
    if (!o->dir[0]) { /* no pages any more: not even those of the games queued */
        site_worker_stop(w);
        return NULL;
    }
    pthread_mutex_lock(&w->mu);
    bool moved = strcmp(o->dir, w->opt.dir) != 0;
    w->opt = *o;
    pthread_mutex_unlock(&w->mu);
    if (moved) /* else the new directory would hold only the pages of games from now on */
        export_if_new(w, o->dir);
    return w;
}

void site_worker_drain(site_worker *w)
{
    if (!w)
        return;
    pthread_mutex_lock(&w->mu);
    while (w->n || w->busy)
        pthread_cond_wait(&w->idle_cv, &w->mu);
    pthread_mutex_unlock(&w->mu);
}

void site_worker_stop(site_worker *w)
{
    if (!w)
        return;
    pthread_mutex_lock(&w->mu);
    w->stop = true;
    pthread_cond_signal(&w->cv);
    pthread_mutex_unlock(&w->mu);
    pthread_join(w->thread, NULL);
    pthread_mutex_destroy(&w->mu);
    pthread_cond_destroy(&w->cv);
    pthread_cond_destroy(&w->idle_cv);
    free(w);
}
