/* persist.c — the tables' changes into the store, one transaction per loop iteration; what cannot
 * be written is kept in memory and retried with back-off, logged, and said once per channel. */
#define _POSIX_C_SOURCE 200809L
#include "persist.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "log.h"
#include "messages.h"

enum {
    PERSIST_CHANNEL_MAX = 64,
    PERSIST_NICK_MAX = STORE_NICK_MAX,
    PERSIST_STATS_MAX = 256,  /* results kept; beyond, the oldest is dropped */
    PERSIST_TABLES_MAX = 256, /* channels with a table change kept */
    PERSIST_TOLD_MAX = 64     /* channels told that results are not being saved */
};
#define PERSIST_BACKOFF_FIRST 1.0 /* seconds before the first retry; doubled up to the max */
#define PERSIST_BACKOFF_MAX 60.0

/* A finished game's result, in the order the tables made them. */
typedef struct {
    bool refused; /* the store will never take it (a bug): dropped */
    store_result r;
    game_record *record; /* its record (heap; NULL: none), written with the result */
    long long ended_at;  /* unix time the result was taken: the game's end */
    long long game_id;   /* the id its record got in the batch being written (0: none yet) */
    bool rated;          /* before and after hold each seat's rating around the game */
    double before[STORE_MAX_SEATS], after[STORE_MAX_SEATS];
    char key[STORE_MAX_SEATS][PERSIST_NICK_MAX], display[STORE_MAX_SEATS][PERSIST_NICK_MAX];
} pending_stat;

/* A channel's table to write: its newest snapshot (NULL: none, the table closed), and whether its
 * row must first go (the table closed since the last write, maybe reopened since). */
typedef struct {
    char channel[PERSIST_CHANNEL_MAX];
    char *snapshot;
    bool deleted;
} pending_table;

struct persist {
    store *db;
    pending_stat *stat; /* PERSIST_STATS_MAX of them, a FIFO from stat[0] */
    int nstat;
    pending_table tab[PERSIST_TABLES_MAX];
    int ntab;
    bool failing;     /* since the last failed write, until one succeeds */
    char logged[256]; /* why, as last logged in this spell: an idle retry is not logged again */
    double backoff, retry_at;
    double held_since; /* the first step persist_hold held, in the current spell (-1: none) */
    char told[PERSIST_TOLD_MAX][PERSIST_CHANNEL_MAX];
    int ntold;
    tables *t;           /* of the last step: each channel's language; told what is saved */
    persist_hooks hooks; /* told of what was written (the web pages) */
};

persist *persist_new(store *db)
{
    persist *p = calloc(1, sizeof *p);
    if (p && !(p->stat = calloc(PERSIST_STATS_MAX, sizeof *p->stat))) {
        free(p);
        return NULL;
    }
    if (p) {
        p->held_since = -1;
        p->db = db;
    }
    return p;
}

static void drop_table(persist *p, int i)
{
    free(p->tab[i].snapshot);
    p->tab[i] = p->tab[--p->ntab];
}

static void drop_stats(persist *p)
{
    for (int i = 0; i < p->nstat; i++)
        free(p->stat[i].record);
    p->nstat = 0;
}

void persist_free(persist *p)
{
    if (!p)
        return;
    while (p->ntab > 0)
        drop_table(p, p->ntab - 1);
    drop_stats(p);
    free(p->stat);
    free(p);
}

size_t persist_pending(const persist *p) { return (size_t)(p->nstat + p->ntab); }

double persist_next_due(const persist *p)
{
    bool waiting = p->db && (p->nstat || p->ntab || store_mode_of(p->db) != STORE_WRITABLE);
    double retry = waiting && p->failing ? p->retry_at : -1;
    double held = p->held_since >= 0 ? p->held_since + PERSIST_HOLD_MAX : -1;
    return retry < 0 || (held >= 0 && held < retry) ? held : retry;
}

bool persist_hold(persist *p, double send_wait, double now)
{
    if (send_wait <= 0) {
        p->held_since = -1;
        return false;
    }
    if (p->held_since < 0)
        p->held_since = now;
    if (now - p->held_since < PERSIST_HOLD_MAX)
        return true;
    p->held_since = -1;
    return false;
}

/* ---- taking the tables' changes ---- */

/* One result as text for the log, kept, lost or refused: each seat's place, as the game's end
 * line says it, and a forfeiter with none (their place orders forfeiters only: "place 1" read as
 * a win). Each seat is named as the game showed it (Anna, Easy[bot]), not by its stats key
 * (@account, *easy[bot], a private game's +). */
static void describe_stat(const pending_stat *s, char *buf, size_t cap)
{
    size_t len = (size_t)snprintf(buf, cap, "a game of");
    for (int i = 0; i < s->r.n && len < cap; i++) {
        const char *name = s->display[i][0] ? s->display[i] : s->key[i];
        bool durak = s->r.seat[i].durak;
        if (s->r.seat[i].forfeited) /* a durak too only in a result the store refuses */
            len += (size_t)snprintf(buf + len, cap - len, " %s (%sforfeited)", name,
                                    durak ? "durak, " : "");
        else
            len += (size_t)snprintf(buf + len, cap - len, " %s (place %d%s)", name,
                                    s->r.seat[i].place, durak ? ", durak" : "");
    }
}

static pending_stat *push_stat(persist *p)
{
    if (p->nstat == PERSIST_STATS_MAX) {
        char what[512];
        describe_stat(&p->stat[0], what, sizeof what);
        log_msg(LOG_ERR, "too many results waiting for the state database: %s is dropped", what);
        free(p->stat[0].record);
        memmove(p->stat, p->stat + 1, (PERSIST_STATS_MAX - 1) * sizeof *p->stat);
        p->nstat--;
    }
    pending_stat *s = &p->stat[p->nstat++];
    memset(s, 0, sizeof *s);
    return s;
}

/* false if there was no memory for its record's copy: the tables hand the game over again */
static bool take_result(void *ctx, const store_result *r, const game_record *rec)
{
    game_record *copy = rec ? malloc(sizeof *copy) : NULL;
    if (rec && !copy) {
        log_msg(LOG_ERR, "out of memory keeping a game's record: tried again later");
        return false;
    }
    if (copy)
        *copy = *rec;
    pending_stat *s = push_stat(ctx);
    s->r = *r;
    s->ended_at = (long long)time(NULL);
    s->record = copy;
    for (int i = 0; i < r->n && i < STORE_MAX_SEATS; i++) {
        snprintf(s->key[i], sizeof s->key[i], "%s", r->seat[i].key ? r->seat[i].key : "");
        snprintf(s->display[i], sizeof s->display[i], "%s",
                 r->seat[i].display ? r->seat[i].display : "");
        s->r.seat[i].key = s->r.seat[i].display = NULL; /* the tables': gone after this call */
    }
    return true;
}

/* false if there was no memory for its copy: the tables hand it over again next time */
static bool take_table(void *ctx, const char *channel, const char *snapshot)
{
    persist *p = ctx;
    int i = 0;
    while (i < p->ntab && strcmp(p->tab[i].channel, channel) != 0)
        i++;
    if (i == p->ntab) {
        if (p->ntab == PERSIST_TABLES_MAX) {
            log_msg(LOG_ERR, "too many tables waiting for the state database: %s is not saved",
                    channel);
            return true;
        }
        memset(&p->tab[p->ntab++], 0, sizeof p->tab[0]);
        snprintf(p->tab[i].channel, sizeof p->tab[i].channel, "%s", channel);
    }
    char *copy = snapshot ? strdup(snapshot) : NULL;
    if (snapshot && !copy) {
        log_msg(LOG_ERR, "out of memory keeping the table of %s to save: tried again later",
                channel);
        return false;
    }
    free(p->tab[i].snapshot);
    p->tab[i].snapshot = copy;
    p->tab[i].deleted |= !snapshot;
    return true;
}

/* ---- writing ---- */

/* The game's record, in the same transaction as its result; one the store refuses is logged and
 * dropped (the result still counts). */
static bool write_record(persist *p, pending_stat *s)
{
    if (!s->record)
        return true;
    bool ok = store_save_game_rated(p->db, &s->r, s->record, s->ended_at,
                                    s->rated ? s->before : NULL, s->rated ? s->after : NULL);
    if (ok)
        s->game_id = store_saved_game_id(p->db);
    char key[PERSIST_CHANNEL_MAX]; /* its end lines are not out yet: persist_said removes it */
    snprintf(key, sizeof key, PERSIST_ENDED_KEY "%lld", s->game_id);
    if (ok && !store_save_table(p->db, key, s->record->channel))
        return false;
    if (ok || !store_refused(p->db))
        return ok;
    log_msg(LOG_ERR, "the state database refuses a game's record: %s", store_error(p->db));
    free(s->record);
    s->record = NULL;
    return true;
}

static bool write_stat(persist *p, pending_stat *s)
{
    /* its seats' strings, pointed at only now: the entry may have moved in the queue since it
     * was taken (the oldest dropped, a refused one forgotten) */
    for (int i = 0; i < s->r.n && i < STORE_MAX_SEATS; i++) {
        s->r.seat[i].key = s->key[i];
        s->r.seat[i].display = s->display[i];
    }
    /* each seat's rating before and after, kept with the record for the web pages' charts: read
     * inside the batch just before the result counts, so they are what store_record_game writes */
    s->rated = s->record && store_preview_game(p->db, &s->r, s->before, s->after);
    bool ok = store_record_game(p->db, &s->r) && write_record(p, s);
    if (ok || !store_refused(p->db))
        return ok;
    char what[512];
    describe_stat(s, what, sizeof what);
    log_msg(LOG_ERR, "the state database refuses %s: %s", what, store_error(p->db));
    s->refused = true;
    return true;
}

/* One transaction: deletions, stats, then the snapshots. Nothing is forgotten here. */
static bool write_batch(persist *p)
{
    if (!store_batch_begin(p->db))
        return false;
    bool ok = true;
    for (int i = 0; ok && i < p->ntab; i++)
        if (p->tab[i].deleted)
            ok = store_delete_table(p->db, p->tab[i].channel);
    for (int i = 0; ok && i < p->nstat; i++)
        ok = p->stat[i].refused || write_stat(p, &p->stat[i]);
    for (int i = 0; ok && i < p->ntab; i++)
        if (p->tab[i].snapshot)
            ok = store_save_table(p->db, p->tab[i].channel, p->tab[i].snapshot);
    if (ok && store_batch_commit(p->db))
        return true;
    store_batch_rollback(p->db);
    return false;
}

/* A committed batch: all of it is written. */
static void written(persist *p)
{
    for (int i = 0; i < p->nstat; i++) {
        const pending_stat *s = &p->stat[i];
        if (s->refused || s->game_id <= 0)
            continue;
        char what[512]; /* for the operator: each game that ends, as the store kept it */
        describe_stat(s, what, sizeof what);
        log_msg(LOG_INFO, "%s: game #%lld recorded: %s", s->record ? s->record->channel : "?",
                s->game_id, what);
        if (p->hooks.game)
            p->hooks.game(p->hooks.ctx, s->game_id, s->record ? s->record->channel : "",
                          s->record ? s->record->language : "");
    }
    drop_stats(p);
    while (p->ntab > 0)
        drop_table(p, p->ntab - 1);
}

static void forget_refused(persist *p)
{
    int n = 0;
    for (int i = 0; i < p->nstat; i++)
        if (!p->stat[i].refused)
            p->stat[n++] = p->stat[i];
        else
            free(p->stat[i].record);
    p->nstat = n;
}

/* ---- telling ---- */

static msg_id fault_message(store_fault f)
{
    switch (f) {
    case STORE_FAULT_FULL: return MSG_STORE_FULL;
    case STORE_FAULT_READONLY: return MSG_STORE_READONLY;
    case STORE_FAULT_LOCKED: return MSG_STORE_LOCKED;
    default: return MSG_STORE_FAILING;
    }
}

static bool was_told(const persist *p, const char *channel)
{
    for (int i = 0; i < p->ntold; i++)
        if (!strcmp(p->told[i], channel))
            return true;
    return false;
}

static msg_lang channel_lang(const persist *p, const char *channel)
{
    return p->t ? (msg_lang)tables_language(p->t, channel) : MSG_LANG_EN;
}

/* Each channel with something waiting hears it once per failing spell: a last game's key
 * ("~again #durak", no IRC target) is its channel's. */
static void tell_failure(persist *p, store_fault fault, outbox *o)
{
    for (int i = 0; o && i < p->ntab; i++) {
        const char *key = p->tab[i].channel, *last_of = tables_last_key_channel(key);
        const char *ch = last_of ? last_of : key;
        if (persist_ended_id(key) || was_told(p, ch) || p->ntold == PERSIST_TOLD_MAX)
            continue;
        snprintf(p->told[p->ntold++], sizeof p->told[0], "%s", ch);
        outbox_add(o, OUT_PRIVMSG, ch, "%s", msg_in(channel_lang(p, ch), fault_message(fault)));
    }
}

static void tell_recovered(persist *p, outbox *o)
{
    for (int i = 0; o && i < p->ntold; i++)
        outbox_add(o, OUT_PRIVMSG, p->told[i], "%s",
                   msg_in(channel_lang(p, p->told[i]), MSG_STORE_BACK));
    p->ntold = 0;
}

/* ---- one try ---- */

static void failed(persist *p, double now, store_fault fault, const char *why, outbox *o)
{
    p->backoff = p->failing ? p->backoff * 2 : PERSIST_BACKOFF_FIRST;
    if (p->backoff > PERSIST_BACKOFF_MAX)
        p->backoff = PERSIST_BACKOFF_MAX;
    bool idle =
        p->failing && !p->nstat && !p->ntab && !strncmp(p->logged, why, sizeof p->logged - 1);
    p->failing = true;
    p->retry_at = now + p->backoff;
    snprintf(p->logged, sizeof p->logged, "%s", why);
    /* nothing waits and nothing new: a line a minute for as long as it lasts would say nothing */
    if (!idle)
        log_msg(LOG_ERR,
                "results are not being saved: %s; %d result(s) and %d table(s) are kept "
                "in memory and tried again in %.0f s",
                why, p->nstat, p->ntab, p->backoff);
    tell_failure(p, fault, o);
}

static void succeeded(persist *p, outbox *o)
{
    if (p->failing)
        log_msg(LOG_NOTICE, "the state database takes writes again; nothing waits any more");
    p->failing = false;
    p->backoff = 0;
    tell_recovered(p, o);
}

/* A store that cannot write is reopened first (also after a write found it read-only); false
 * with why if it still cannot write. */
static bool reopen_if_needed(persist *p, char *why, size_t cap)
{
    bool readonly = store_last_fault(p->db) == STORE_FAULT_READONLY;
    if (store_mode_of(p->db) == STORE_WRITABLE && !(p->failing && readonly))
        return true;
    if (store_reopen(p->db, why, cap)) {
        log_msg(LOG_NOTICE, "the state database is open for writing again");
        return true;
    }
    return false;
}

/* Tables saved before a start that could not open the file (locked by another process): put
 * aside before the first write, so that the tables opened since do not overwrite them unseen. */
static bool set_aside_unloaded(persist *p, char *why, size_t cap)
{
    int n = store_set_aside_unloaded(p->db, "saved before a start that could not open the "
                                            "state database: not restored");
    if (n > 0)
        log_msg(LOG_ERR,
                "%d table(s) saved before this start could not be restored (the state database "
                "could not be opened then); they are kept in the table rejected_tables",
                n);
    if (n < 0)
        snprintf(why, cap, "%s", store_error(p->db));
    return n >= 0;
}

static void try_write(persist *p, double now, outbox *o)
{
    char why[1024];
    if (!reopen_if_needed(p, why, sizeof why) || !set_aside_unloaded(p, why, sizeof why)) {
        failed(p, now, store_last_fault(p->db), why, o);
        return;
    }
    bool ok = (!p->nstat && !p->ntab) || write_batch(p);
    if (ok)
        written(p);
    forget_refused(p);
    if (!p->nstat) /* the ratings the tables say count from the store's again */
        tables_results_saved(p->t);
    if (ok)
        succeeded(p, o);
    else
        failed(p, now, store_last_fault(p->db), store_error(p->db), o);
}

/* A person's settings: written at once, not retried (the bot keeps them until it restarts). Their
 * pages are written again when what they show changes: the name hidden or not, the language. */
static void save_prefs(void *ctx, const char *key, const store_prefs *prefs)
{
    persist *p = ctx;
    store_prefs old;
    bool had = p->db && p->hooks.person && store_get_prefs(p->db, key, &old);
    bool named = (had ? old.site : 0) != prefs->site; /* every page that names them */
    bool spoken = strcmp(had ? old.language : "", prefs->language) != 0; /* their own page */
    if (p->db && !store_put_prefs(p->db, key, prefs))
        log_msg(LOG_ERR, "%s", store_error(p->db));
    else if (p->db && p->hooks.person && (named || spoken))
        p->hooks.person(p->hooks.ctx, key, named);
}

void persist_set_hooks(persist *p, const persist_hooks *h) { p->hooks = *h; }

long long persist_ended_id(const char *key)
{
    size_t n = strlen(PERSIST_ENDED_KEY);
    char *end = NULL;
    long long id = strncmp(key, PERSIST_ENDED_KEY, n) ? 0 : strtoll(key + n, &end, 10);
    return id > 0 && !*end ? id : 0;
}

void persist_said(persist *p, long long game_id)
{
    char key[PERSIST_CHANNEL_MAX];
    snprintf(key, sizeof key, PERSIST_ENDED_KEY "%lld", game_id);
    if (p->db)
        take_table(p, key, NULL);
}

static void take_all(persist *p, tables *t, double now)
{
    tables_take_prefs(t, save_prefs, p);
    tables_take_games(t, take_result, p);
    tables_take_changes(t, now, take_table, p);
    if (!p->db) {
        while (p->ntab > 0)
            drop_table(p, p->ntab - 1);
        drop_stats(p);
    }
}

void persist_step(persist *p, tables *t, double now, outbox *o)
{
    p->t = t;
    take_all(p, t, now);
    if (!p->db || (p->failing && now < p->retry_at))
        return;
    if (p->nstat || p->ntab || p->failing || store_mode_of(p->db) != STORE_WRITABLE)
        try_write(p, now, o);
}

void persist_flush(persist *p, tables *t, double now, outbox *o)
{
    p->t = t;
    take_all(p, t, now);
    if (!p->db || (!p->nstat && !p->ntab))
        return;
    try_write(p, now, o);
    for (int i = 0; i < p->nstat; i++) {
        char what[512];
        describe_stat(&p->stat[i], what, sizeof what);
        log_msg(LOG_ERR, "lost, the state database could not take it: %s", what);
    }
    for (int i = 0; i < p->ntab; i++)
        log_msg(LOG_ERR,
                "lost, the state database could not take it: the table of %s (after a restart "
                "it comes back as it was last saved)",
                p->tab[i].channel);
}

void persist_tables(tables *t, store *db, double now)
{
    persist *p = persist_new(db);
    if (p)
        persist_flush(p, t, now, NULL);
    persist_free(p);
}
