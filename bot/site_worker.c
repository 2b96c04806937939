/* site_worker.c — the web pages refreshed off the main loop: a thread of its own, with its own
 * connection to the database, takes games and people from a queue; a pipe says what it wrote. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "log.h"
#include "site.h"
#include "site_files.h"

enum { SITE_QUEUE = 256 };    /* jobs waiting; beyond, the oldest waits for the next full export */
#define SITE_RETRY_SECONDS 60 /* after a failed refresh: every page again, this often */

typedef enum {
    JOB_GAME,        /* a finished game's pages */
    JOB_PERSON,      /* the pages that name a person */
    JOB_PERSON_PAGE, /* a person's own page */
    JOB_CHECK,       /* every page again if any is missing (the start, a new site.dir) */
    JOB_EXPORT       /* every page again (a reload changed the pages' languages) */
} job_kind;

typedef struct {
    job_kind kind;
    char key[STORE_NICK_MAX];
    site_written game; /* JOB_GAME: its id, and where its address is told once written */
    bool whole;        /* a check or an export counted in site_worker.whole */
} site_job;

struct site_worker {
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t cv, idle_cv;
    int pipe[2]; /* site_written records: the games whose pages are written, to be announced */
    site_options opt;
    char db_path[CONFIG_PATH_MAX];
    site_job job[SITE_QUEUE];
    int head, n;
    bool busy, stop;
    /* Set with stop: a whole export under way ends at once (SIGTERM's "within 2 seconds", a
     * SIGHUP that removes site.dir must not hold the bot for as long as it takes), and the
     * refreshes still queued get a second (a game that ended just before still has its page);
     * the pages of those left are written at the next start, whole. */
    atomic_bool cancel;
    double stop_by; /* clock_monotonic() */
    /* A refresh failed (site.dir not writable, the disk full): pages are missing that the others
     * link to, so the next refresh, or a retry, writes every page; till then no address is given. */
    bool behind;
    unsigned
        drops; /* refreshes dropped from a full queue, ever: one during a job keeps it behind */
    /* Checks and whole exports queued or under way: at a start with an empty site.dir, the pages
     * !last and !stats would give are not there until it ends, so none is given meanwhile. */
    int whole;
};

/* Every page, with what went wrong in the log: site_export's lines for the command line, without
 * their "durakbot: ". */
static bool export_logged(store *db, const site_options *o)
{
    static const char prog[] = "durakbot: ";
    char *text = NULL;
    size_t len = 0;
    FILE *err = open_memstream(&text, &len);
    bool ok = site_export(db, o, err ? err : stderr) == 0;
    if (err)
        fclose(err);
    for (char *line = text; line && *line;) {
        size_t n = strcspn(line, "\n");
        size_t skip = strncmp(line, prog, sizeof prog - 1) ? 0 : sizeof prog - 1;
        log_msg(LOG_ERR, "site: %.*s", (int)(n - skip), line + skip);
        line += n + (line[n] == '\n');
    }
    free(text);
    if (ok)
        log_msg(LOG_NOTICE, "site: every page written into %s", o->dir);
    return ok;
}

static bool do_job(store *db, const site_options *o, const site_job *job, bool behind)
{
    if (!db)
        return false;
    if (behind || job->kind == JOB_EXPORT || (job->kind == JOB_CHECK && !site_complete(db, o)))
        return export_logged(db, o);
    switch (job->kind) {
    case JOB_GAME:
        if (!site_refresh_game(db, o, job->game.game))
            return false;
        log_msg(LOG_INFO, "site: the pages of game #%lld written", job->game.game);
        return true;
    case JOB_PERSON: return site_refresh_person(db, o, job->key, true);
    case JOB_PERSON_PAGE: return site_refresh_person(db, o, job->key, false);
    default: return true;
    }
}

/* The next job into *job; false when stopped. Behind, waits at most SITE_RETRY_SECONDS for one,
 * then retries with a check. Called and returns with w->mu held. */
static bool next_job(site_worker *w, site_job *job)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += SITE_RETRY_SECONDS;
    while (!w->n && !w->stop)
        if (!w->behind)
            pthread_cond_wait(&w->cv, &w->mu);
        else if (pthread_cond_timedwait(&w->cv, &w->mu, &until) == ETIMEDOUT) {
            *job = (site_job){ .kind = JOB_CHECK };
            return true;
        }
    if (!w->n || (w->stop && clock_monotonic() > w->stop_by))
        return false;
    *job = w->job[w->head];
    w->head = (w->head + 1) % SITE_QUEUE;
    w->n--;
    return true;
}

static void *run(void *arg)
{
    site_worker *w = arg;
    char err[512];
    store *db = NULL;
    site_job job;
    pthread_mutex_lock(&w->mu);
    while (next_job(w, &job)) {
        site_options opt = w->opt;
        opt.cancel = &w->cancel;
        bool behind = w->behind;
        unsigned drops = w->drops;
        w->busy = true;
        pthread_mutex_unlock(&w->mu);
        if (!db && !(db = store_open_reader(w->db_path, err, sizeof err)))
            log_msg(LOG_ERR, "site: cannot open %s: %s", w->db_path, err);
        bool ok = do_job(db, &opt, &job, behind);
        /* A page that failed is not announced: its address would be a 404. One record is far
         * under PIPE_BUF, so it is written whole or not at all. */
        if (ok && job.kind == JOB_GAME && job.game.where[0]
            && write(w->pipe[1], &job.game, sizeof job.game) != (ssize_t)sizeof job.game)
            log_msg(LOG_WARNING, "site: game #%lld's address is not told: %s", job.game.game,
                    strerror(errno));
        pthread_mutex_lock(&w->mu);
        w->whole -= job.whole;
        if (!ok)
            w->behind = true;
        else if (behind && w->drops == drops) /* a drop meanwhile: its page is not written */
            w->behind = false;
        w->busy = false;
        pthread_cond_broadcast(&w->idle_cv);
    }
    char why[CONFIG_PATH_MAX + 64];
    if (w->n && !site_mark(&w->opt, why, sizeof why)) /* stopped first: the next start does them */
        log_msg(LOG_ERR, "site: %s; the refreshes left undone are not done at the next start", why);
    pthread_mutex_unlock(&w->mu);
    store_close(db);
    return NULL;
}

static void push(site_worker *w, job_kind kind, const site_written *game, const char *key)
{
    if (!w)
        return;
    long long id = game ? game->game : 0;
    pthread_mutex_lock(&w->mu);
    for (int i = 0; i < w->n; i++) { /* already waiting (a person's `set site` toggled): once */
        const site_job *q = &w->job[(w->head + i) % SITE_QUEUE];
        if (q->kind == kind && q->game.game == id && !strcmp(q->key, key ? key : "")) {
            pthread_mutex_unlock(&w->mu);
            return;
        }
    }
    if (w->n == SITE_QUEUE) {
        log_msg(LOG_WARNING, "site: too many pages waiting; the oldest refresh is dropped, and "
                             "the next writes every page");
        w->whole -= w->job[w->head].whole;
        w->head = (w->head + 1) % SITE_QUEUE;
        w->n--;
        w->behind = true; /* its pages are missing now */
        w->drops++;
    }
    site_job *j = &w->job[(w->head + w->n++) % SITE_QUEUE];
    j->kind = kind;
    j->whole = kind == JOB_CHECK || kind == JOB_EXPORT;
    w->whole += j->whole;
    j->game = game ? *game : (site_written){ 0 };
    snprintf(j->key, sizeof j->key, "%s", key ? key : "");
    pthread_cond_signal(&w->cv);
    pthread_mutex_unlock(&w->mu);
}

static void free_worker(site_worker *w)
{
    for (int i = 0; i < 2; i++)
        if (w->pipe[i] >= 0)
            close(w->pipe[i]);
    pthread_mutex_destroy(&w->mu);
    pthread_cond_destroy(&w->cv);
    pthread_cond_destroy(&w->idle_cv);
    free(w);
}

site_worker *site_worker_start(const site_options *o, const char *db_path)
{
    if (!o->dir[0] || !db_path || !db_path[0])
        return NULL;
    site_worker *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    atomic_init(&w->cancel, false);
    w->opt = *o;
    snprintf(w->db_path, sizeof w->db_path, "%s", db_path);
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->cv, NULL);
    pthread_cond_init(&w->idle_cv, NULL);
    if (pipe(w->pipe) < 0) {
        w->pipe[0] = w->pipe[1] = -1;
        log_msg(LOG_ERR, "site: cannot make a pipe: %s", strerror(errno));
    } else {
        for (int i = 0; i < 2; i++)
            fcntl(w->pipe[i], F_SETFL, O_NONBLOCK), fcntl(w->pipe[i], F_SETFD, FD_CLOEXEC);
    }
    if (w->pipe[0] < 0 || pthread_create(&w->thread, NULL, run, w) != 0) {
        log_msg(LOG_ERR, "site: cannot start its thread: the pages are not refreshed");
        free_worker(w);
        return NULL;
    }
    push(w, JOB_CHECK, NULL, NULL); /* pages lost while the bot was down, or never written */
    return w;
}

void site_worker_game(site_worker *w, long long id, const char *where, const char *lang)
{
    site_written g = { .game = id };
    snprintf(g.where, sizeof g.where, "%s", where ? where : "");
    snprintf(g.lang, sizeof g.lang, "%s", lang ? lang : "");
    push(w, JOB_GAME, &g, NULL);
}

int site_worker_fd(const site_worker *w) { return w ? w->pipe[0] : -1; }

void site_worker_collect(site_worker *w, void (*written)(void *ctx, const site_written *g),
                         void *ctx)
{
    site_written g;
    while (w && read(w->pipe[0], &g, sizeof g) == (ssize_t)sizeof g)
        written(ctx, &g);
}

void site_worker_person(site_worker *w, const char *key, bool everywhere)
{
    push(w, everywhere ? JOB_PERSON : JOB_PERSON_PAGE, NULL, key);
}

bool site_worker_behind(site_worker *w)
{
    if (!w)
        return false;
    pthread_mutex_lock(&w->mu);
    bool behind = w->behind || w->whole;
    pthread_mutex_unlock(&w->mu);
    return behind;
}

/* Whether a and b give every page the same language: game.language and channel_settings. */
static bool same_languages(const site_options *a, const site_options *b)
{
    bool same = a->lang == b->lang && a->nchannels == b->nchannels;
    for (int i = 0; same && i < a->nchannels; i++)
        same = !strcmp(a->channels[i].name, b->channels[i].name)
               && a->channels[i].language == b->channels[i].language;
    return same;
}

site_worker *site_worker_reconfigure(site_worker *w, const site_options *o, const char *db_path)
{
    if (!w)
        return site_worker_start(o, db_path);
    if (!o->dir[0]) { /* no pages any more: not even those of the games queued, and no export */
        pthread_mutex_lock(&w->mu);
        w->n = w->whole = 0;
        w->behind = false;
        pthread_mutex_unlock(&w->mu);
        site_worker_stop(w); /* waits for the page being written, if one is */
        return NULL;
    }
    pthread_mutex_lock(&w->mu);
    bool moved = strcmp(o->dir, w->opt.dir) != 0, relang = !same_languages(o, &w->opt);
    w->opt = *o;
    pthread_mutex_unlock(&w->mu);
    if (relang) /* else only the pages of games from now on would speak it: a mixed site */
        push(w, JOB_EXPORT, NULL, NULL);
    else if (moved) /* else the new directory would hold only the pages of games from now on */
        push(w, JOB_CHECK, NULL, NULL);
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
    atomic_store(&w->cancel, true);
    w->stop_by = clock_monotonic() + 1;
    pthread_cond_signal(&w->cv);
    pthread_mutex_unlock(&w->mu);
    pthread_join(w->thread, NULL);
    free_worker(w);
}
