/* tables_snapshot.c — a channel's table as one text line and back (persistence): seats,
 * options, the engine's line and seconds left on each timer; and handing changes over. */
#include <stdio.h>
#include <string.h>

#include "tables_internal.h"

/* "T2 playing p,v,t,f,d creator nseats lobby_left turn_left warned" then per seat
 * " =nick =user =host =account absent grace_left timeouts ai", then " G <engine line>" when
 * playing. T1 (before accounts) is read too: its seats have no account.
 * Times are seconds left, so a restart resumes every timer where it stood. */

static double left(double deadline, double now) { return deadline > now ? deadline - now : 0; }

bool tables_snapshot(const tables *t, const char *channel, double now, char *buf, size_t cap)
{
    const table_t *tb = tables_find((tables *)t, channel);
    if (!tb)
        return false;
    double at = t->paused ? t->paused_at : now;
    const durak_options *o = &tb->opt;
    size_t len = 0;
    buf[0] = '\0';
    render_appendf(buf, cap, &len, "T2 %d %d,%d,%d,%d,%d %d %d %.3f %.3f %d", tb->playing,
                   o->players, o->variant, o->throwin, o->first5, o->deck, tb->creator, tb->nseats,
                   left(tb->lobby_deadline, at), left(tb->turn_deadline, at), tb->warned);
    for (int s = 0; s < tb->nseats; s++) {
        const seat_t *st = &tb->seat[s];
        render_appendf(buf, cap, &len, " =%s =%s =%s =%s %d %.3f %d %d", st->nick, st->user,
                       st->host, st->account, st->absent, left(st->grace_deadline, at),
                       st->timeouts, st->ai);
    }
    if (tb->playing) {
        char game[DURAK_SERIAL_MAX];
        if (durak_serialize(&tb->g, game, sizeof game) < 0)
            return false;
        render_appendf(buf, cap, &len, " G %s", game);
    }
    return len + 1 < cap;
}

/* Next space-separated token of *p (NUL-terminates it in place), or NULL. */
static char *token(char **p)
{
    while (**p == ' ')
        (*p)++;
    if (!**p)
        return NULL;
    char *start = *p;
    while (**p && **p != ' ')
        (*p)++;
    if (**p)
        *(*p)++ = '\0';
    return start;
}

static bool read_string(char **p, char *out, size_t cap)
{
    char *tok = token(p);
    if (!tok || tok[0] != '=' || strlen(tok + 1) >= cap)
        return false;
    memcpy(out, tok + 1, strlen(tok + 1) + 1);
    return true;
}

static bool read_seat(char **p, seat_t *st, double now, bool with_account)
{
    int absent, timeouts;
    double grace;
    if (!read_string(p, st->nick, sizeof st->nick) || !st->nick[0]
        || !read_string(p, st->user, sizeof st->user) || !read_string(p, st->host, sizeof st->host)
        || (with_account && !read_string(p, st->account, sizeof st->account)))
        return false;
    char *a = token(p), *g = token(p), *n = token(p), *ai = token(p);
    if (!a || !g || !n || !ai || sscanf(a, "%d", &absent) != 1 || sscanf(g, "%lf", &grace) != 1
        || sscanf(n, "%d", &timeouts) != 1 || sscanf(ai, "%d", &st->ai) != 1 || st->ai < -1
        || st->ai > AI_HARD)
        return false;
    st->absent = absent != 0;
    st->grace_deadline = now + grace;
    st->timeouts = timeouts;
    return true;
}

static bool read_snapshot(table_t *tb, char *p, double now)
{
    int playing, pl, v, th, f5, deck, warned;
    double lobby, turn;
    char *head[8];
    for (int i = 0; i < 8; i++)
        if (!(head[i] = token(&p)))
            return false;
    bool v2 = !strcmp(head[0], "T2");
    if ((!v2 && strcmp(head[0], "T1")) || sscanf(head[1], "%d", &playing) != 1
        || sscanf(head[2], "%d,%d,%d,%d,%d", &pl, &v, &th, &f5, &deck) != 5
        || sscanf(head[3], "%d", &tb->creator) != 1 || sscanf(head[4], "%d", &tb->nseats) != 1
        || sscanf(head[5], "%lf", &lobby) != 1 || sscanf(head[6], "%lf", &turn) != 1
        || sscanf(head[7], "%d", &warned) != 1 || tb->nseats < 1 || tb->nseats > DURAK_MAX_PLAYERS
        || tb->creator < 0 || tb->creator >= tb->nseats)
        return false;
    tb->opt = (durak_options){ (uint8_t)pl, (uint8_t)v, (uint8_t)th, (uint8_t)f5, (uint8_t)deck };
    tb->playing = playing != 0;
    tb->lobby_deadline = now + lobby;
    tb->turn_deadline = now + turn;
    tb->warned = warned != 0;
    for (int s = 0; s < tb->nseats; s++)
        if (!read_seat(&p, &tb->seat[s], now, v2))
            return false;
    if (!tb->playing)
        return !token(&p);
    char *g = token(&p);
    while (*p == ' ')
        p++;
    return g && !strcmp(g, "G") && durak_deserialize(&tb->g, p) && tb->g.opt.players == tb->nseats;
}

bool tables_restore(tables *t, const char *channel, const char *snapshot, double now)
{
    char copy[2 * DURAK_SERIAL_MAX];
    if (tables_find(t, channel) || strlen(snapshot) >= sizeof copy)
        return false;
    snprintf(copy, sizeof copy, "%s", snapshot);
    table_t *tb = tables_open(t, channel);
    if (!tb)
        return false;
    if (!read_snapshot(tb, copy, now)) {
        memset(tb, 0, sizeof *tb);
        return false;
    }
    tb->restored = true;
    for (int s = 0; s < tb->nseats; s++)
        tb->seat[s].unconfirmed = tb->playing && !tables_is_ai(tb, s);
    tb->dirty = false;
    t->paused = true;
    t->paused_at = now;
    return true;
}

void tables_take_changes(tables *t, double now,
                         void (*cb)(void *ctx, const char *channel, const char *snapshot),
                         void *ctx)
{
    for (int i = 0; i < t->nclosed; i++)
        if (!tables_find(t, t->closed[i]))
            cb(ctx, t->closed[i], NULL);
    t->nclosed = 0;
    for (int i = 0; i < TABLES_MAX; i++) {
        table_t *tb = &t->tab[i];
        char snap[2 * DURAK_SERIAL_MAX];
        if (tb->used && tb->dirty && tables_snapshot(t, tb->channel, now, snap, sizeof snap)) {
            tb->dirty = false;
            cb(ctx, tb->channel, snap);
        }
    }
}

void tables_take_results(tables *t, void (*cb)(void *ctx, const store_result *r), void *ctx)
{
    for (int i = 0; i < t->nresults; i++) {
        pending_result *p = &t->results[i];
        for (int s = 0; s < p->r.n; s++) {
            p->r.seat[s].key = p->key[s];
            p->r.seat[s].display = p->display[s];
        }
        cb(ctx, &p->r);
    }
    t->nresults = 0;
}
