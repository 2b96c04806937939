/* tables.c — the bottom layer: the tables' life cycle, lookups (a channel's table, a nick's seat or
 * watch, the same person), seats added, tables opened and closed; it calls no other tables_ file. */
#define _DEFAULT_SOURCE /* madvise */
#include "tables.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <unistd.h>

#include "tables_internal.h"

/* ---- lookup ---- */

table_t *tables_find(tables *t, const char *channel)
{
    for (int i = 0; i < t->ntab; i++)
        if (t->tab[i].used && casemap_equal(t->cm, t->tab[i].channel, channel))
            return &t->tab[i];
    return NULL;
}

/* A person's seat they still hold: R18, one who forfeited a running game has left it. */
static bool person_seated(const table_t *tb, int s)
{
    return !tables_is_ai(tb, s) && !(tb->playing && ((tb->g.forfeited >> s) & 1));
}

int tables_seat_of(const tables *t, const table_t *tb, const char *nick)
{
    int held = -1;
    for (int s = 0; s < tb->nseats; s++)
        if (person_seated(tb, s) && casemap_equal(t->cm, tb->seat[s].nick, nick)) {
            if (!tb->seat[s].absent)
                return s;
            held = held < 0 ? s : held;
        }
    return held;
}

table_t *tables_of_nick(tables *t, const char *nick, int *seat)
{
    table_t *held = NULL; /* a seat held for its person, taken if no table has them present */
    for (int i = 0; i < t->ntab; i++) {
        int s = t->tab[i].used ? tables_seat_of(t, &t->tab[i], nick) : -1;
        if (s >= 0 && !t->tab[i].seat[s].absent) {
            *seat = s;
            return &t->tab[i];
        }
        if (s >= 0 && !held) {
            held = &t->tab[i];
            *seat = s;
        }
    }
    return held;
}

table_t *tables_of_account(tables *t, const char *account, int *seat)
{
    for (int i = 0; account && account[0] && i < t->ntab; i++)
        for (int s = 0; t->tab[i].used && s < t->tab[i].nseats; s++) {
            const seat_t *st = &t->tab[i].seat[s];
            if (person_seated(&t->tab[i], s) && st->account[0]
                && casemap_equal(t->cm, st->account, account)) {
                *seat = s;
                return &t->tab[i];
            }
        }
    return NULL;
}

bool tables_same_person(const tables *t, const seat_t *st, const tables_who *w)
{
    if (st->ai >= 0)
        return false;
    if (st->account[0] && w->account && w->account[0])
        return casemap_equal(t->cm, st->account, w->account);
    /* Logged out since (NickServ LOGOUT): while the seat's nick has not left, nobody else can
     * hold it, so its user@host still says who it is. After a quit or a restart only the
     * account may take the seat back. */
    if (st->account[0] && (st->absent || st->unconfirmed))
        return false;
    return !strcmp(st->user, w->user) && casemap_equal(t->cm, st->host, w->host);
}

void tables_seat_account(tables *t, table_t *tb, int s, const tables_who *w)
{
    seat_t *st = tb && s >= 0 ? &tb->seat[s] : NULL;
    int other;
    if (!st || !w->account || !w->account[0] || st->account[0] || st->absent || st->unconfirmed
        || !tables_same_person(t, st, w))
        return;
    /* One seat an account: a second client's login leaves its seat under its nick, or the
     * record of the game would hold the account twice, and be refused. */
    if (tables_of_account(t, w->account, &other))
        return;
    snprintf(st->account, sizeof st->account, "%s", w->account);
    tables_touch(tb);
}

void tables_stats_key(const tables *t, const char *nick, const char *account, char *key, size_t cap)
{
    if (account && account[0] && cap > 1) {
        key[0] = '@';
        casemap_fold(t->cm, account, key + 1, cap - 1);
    } else {
        casemap_fold(t->cm, nick, key, cap);
    }
}

bool tables_nick_like_bot(const char *nick)
{
    size_t n = strlen(nick);
    return n >= 5 && (!strcasecmp(nick + n - 5, "[bot]") || !strcasecmp(nick + n - 5, "{bot}"));
}

bool tables_is_admin(const tables *t, const tables_who *w)
{
    return casemap_mask_any(t->cm, t->cfg.admins, t->cfg.nadmins, w->nick, w->user, w->host);
}

int tables_humans(const table_t *tb)
{
    int n = 0;
    for (int s = 0; s < tb->nseats; s++)
        n += !tables_is_ai(tb, s) && !((tb->g.forfeited >> s) & 1);
    return n;
}

int tables_solo_seat(const table_t *tb)
{
    for (int s = 0; tb->solo && s < tb->nseats; s++)
        if (!tables_is_ai(tb, s))
            return s;
    return -1;
}

/* ---- seats ---- */

void tables_add_seat(table_t *tb, const tables_who *w)
{
    tables_touch(tb);
    seat_t *s = &tb->seat[tb->nseats++];
    memset(s, 0, sizeof *s);
    snprintf(s->nick, sizeof s->nick, "%s", w->nick);
    snprintf(s->user, sizeof s->user, "%s", w->user);
    snprintf(s->host, sizeof s->host, "%s", w->host);
    snprintf(s->account, sizeof s->account, "%s", w->account ? w->account : "");
    s->ai = -1;
}

int tables_ai_name(const table_t *tb, ai_level level, char *name, size_t cap)
{
    int same = 0;
    for (int s = 0; s < tb->nseats; s++)
        same += tb->seat[s].ai == (int)level;
    int number = same ? same + 1 : 0; /* "Hard[bot]", then "Hard2[bot]" */
    record_ai_name((int)level, number, name, cap);
    return number;
}

void tables_add_ai(table_t *tb, ai_level level)
{
    char name[NICK_MAX];
    tables_ai_name(tb, level, name, sizeof name);
    tables_who w = { name, "", "", "", false };
    tables_add_seat(tb, &w);
    tb->seat[tb->nseats - 1].ai = (int)level;
}

bool tables_private_key(const char *key) { return record_private_key(key); }

/* ---- open, close ---- */

/* Who still hears a game once it is gone (tables_route.c): a private game's player, a channel
 * game's spectators; while it runs, spectators' copies are written as lines are said
 * (tables_emit.c). A channel game watched by nobody takes no slot, but the route of one before
 * it in that channel goes: else a rematch's page address reaches that game's spectators. */
static void keep_route(tables *t, const table_t *tb)
{
    if (!tb->solo && !tb->nwatchers) { /* and none of a game before it here: its lines are over */
        for (int i = 0; i < GONE_MAX; i++)
            if (casemap_equal(t->cm, t->gone[i].key, tb->channel))
                memset(&t->gone[i], 0, sizeof t->gone[i]);
        return;
    }
    gone_route *g = &t->gone[t->gone_next];
    t->gone_next = (t->gone_next + 1) % GONE_MAX;
    memset(g, 0, sizeof *g);
    snprintf(g->key, sizeof g->key, "%s", tb->channel);
    int s = tb->solo ? tables_solo_seat(tb) : -1;
    if (s >= 0 && !tb->seat[s].absent && !tb->seat[s].unconfirmed)
        snprintf(g->nick, sizeof g->nick, "%s", tb->seat[s].nick);
    size_t len = 0;
    for (int i = 0; !tb->solo && i < tb->nwatchers; i++) {
        size_t n = strlen(tb->watcher[i]);
        if (len + n + 2 >= sizeof g->watchers)
            continue; /* a shorter nick may still fit */
        g->watchers[len++] = tb->watcher_away[i] ? '+' : '-';
        memcpy(g->watchers + len, tb->watcher[i], n);
        len += n;
        g->watchers[len++] = ' ';
    }
}

/* Zeroes a slot and gives its whole pages back to the kernel, which reads them as zeros again: a
 * slot is 22 KB, mostly the record's room for moves, so a free slot holds no memory and an open
 * one only the pages its game touched (memset on each open and close made every table's slot
 * resident: bench_load's peak RSS at 30 games 8.1 -> 7.6 MiB). */
static void slot_clear(table_t *tb)
{
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE), start = (uintptr_t)tb;
    uintptr_t end = start + sizeof *tb, a = (start + page - 1) & ~(page - 1), b = end & ~(page - 1);
    if (b > a && madvise((void *)a, b - a, MADV_DONTNEED) == 0) {
        memset(tb, 0, a - start);
        memset((void *)b, 0, end - b);
    } else
        memset(tb, 0, sizeof *tb);
}

void tables_saved_line_gone(tables *t, const char *key)
{
    if (t->nclosed < TABLES_MAX)
        snprintf(t->closed[t->nclosed++], sizeof t->closed[0], "%s", key);
}

void tables_drop(tables *t, table_t *tb)
{
    slot_clear(tb);
    while (t->ntab > 0 && !t->tab[t->ntab - 1].used)
        t->ntab--;
}

void tables_close(tables *t, table_t *tb)
{
    keep_route(t, tb);
    tables_saved_line_gone(t, tb->channel);
    tables_drop(t, tb);
}

table_t *tables_open(tables *t, const char *channel)
{
    for (int i = 0; i < TABLES_MAX; i++) {
        if (!t->tab[i].used) {
            table_t *tb = &t->tab[i]; /* zero: calloc'd, or cleared by tables_close */
            tb->used = true;
            if (i >= t->ntab)
                t->ntab = i + 1;
            tables_touch(tb);
            snprintf(tb->channel, sizeof tb->channel, "%s", channel);
            tb->solo = tables_private_key(channel);
            tb->lang = -1;
            /* a decision still computed for a closed game at this key must not fit this one */
            tb->version = ++t->opened << 20;
            return tb;
        }
    }
    return NULL;
}

/* ---- life cycle ---- */

tables *tables_new(const bot_config *cfg, uint64_t seed)
{
    tables *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->cfg = *cfg;
    t->cm = CASEMAP_RFC1459;
    t->paused = true; /* until the first connection */
    t->event_lang = -1;
    snprintf(t->own_nick, sizeof t->own_nick, "%s", cfg->irc.nick);
    rng_seed(&t->rng, seed);
    ratelimit_init(&t->rl, RATELIMIT_DEFAULT_BURST, RATELIMIT_DEFAULT_RATE);
    return t;
}

void tables_free(tables *t) { free(t); }

void tables_reconfigure(tables *t, const bot_config *cfg) { t->cfg = *cfg; }

void tables_set_casemapping(tables *t, casemap m) { t->cm = m; }
void tables_set_penalty(tables *t, bool on) { t->scarce = on; }

void tables_set_site_behind(tables *t, tables_site_behind_fn fn, void *ctx)
{
    t->site_behind = fn;
    t->site_behind_ctx = ctx;
}

void tables_set_backlog(tables *t, tables_backlog_fn fn, void *ctx)
{
    t->backlog = fn;
    t->backlog_ctx = ctx;
}

double tables_backlog(const tables *t, const char *target)
{
    double s = t->backlog ? t->backlog(t->backlog_ctx, target) : 0;
    return s > 0 ? (s < TABLES_BACKLOG_MAX ? s : TABLES_BACKLOG_MAX) : 0;
}

void tables_set_store(tables *t, store *db) { t->db = db; }

void tables_set_own_nick(tables *t, const char *nick)
{
    snprintf(t->own_nick, sizeof t->own_nick, "%s", nick);
}

size_t tables_count(const tables *t)
{
    size_t n = 0;
    for (int i = 0; i < t->ntab; i++)
        n += t->tab[i].used;
    return n;
}

int tables_watcher_of(const tables *t, const table_t *tb, const char *nick)
{
    for (int i = 0; i < tb->nwatchers; i++)
        if (casemap_equal(t->cm, tb->watcher[i], nick))
            return i;
    return -1;
}

const table_t *tables_watched_by(const tables *t, const char *nick)
{
    for (int k = 0; k < t->ntab; k++)
        if (t->tab[k].used && !t->tab[k].solo && tables_watcher_of(t, &t->tab[k], nick) >= 0)
            return &t->tab[k];
    return NULL;
}
