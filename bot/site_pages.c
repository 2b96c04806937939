/* site_pages.c — the archive (every game, page by page) and a page per person (stats, rating
 * chart, recent games); who is who, how a seat is named, a game's result in words, a row of games. */
#define _POSIX_C_SOURCE 200809L
#include "site_pages.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { RECENT_ROWS = 40 };

/* ---- people ---- */

struct load {
    site_ctx *c;
    size_t cap, channels_cap;
    bool oom;
};

/* items (n of them, room for *cap) with room for one more of size bytes: doubled when full;
 * NULL when out of memory (items stay as they were). */
static void *room_for_one(void *items, size_t n, size_t *cap, size_t size)
{
    if (n < *cap)
        return items;
    size_t more = *cap ? 2 * *cap : 64;
    void *p = realloc(items, more * size);
    *cap = p ? more : *cap;
    return p;
}

static void add_person(void *ctx, const store_site_person *p)
{
    struct load *l = ctx;
    store_site_person *all =
        l->oom ? NULL : room_for_one(l->c->people, l->c->npeople, &l->cap, sizeof *all);
    if (!all) {
        l->oom = true;
        return;
    }
    l->c->people = all;
    l->c->people[l->c->npeople++] = *p;
}

static void add_channel(void *ctx, const store_site_channel *ch)
{
    struct load *l = ctx;
    store_site_channel *all =
        l->oom ? NULL
               : room_for_one(l->c->channels, l->c->nchannels, &l->channels_cap, sizeof *all);
    if (!all) {
        l->oom = true;
        return;
    }
    l->c->channels = all;
    l->c->channels[l->c->nchannels++] = *ch;
}

bool site_ctx_load(site_ctx *c, store *db, const site_options *o)
{
    memset(c, 0, sizeof *c);
    c->db = db;
    c->opt = o;
    struct load l = { c, 0, 0, false };
    return store_site_people(db, add_person, &l) >= 0 /* in key order, as the channels */
           && store_site_channels(db, add_channel, &l) >= 0 && !l.oom;
}

void site_ctx_free(site_ctx *c)
{
    free(c->people);
    free(c->channels);
    memset(c, 0, sizeof *c);
}

static int by_key(const void *key, const void *item)
{
    return strcmp(key, ((const store_site_person *)item)->p.key);
}

static const store_site_person *person_row(const site_ctx *c, const char *key)
{
    return c->npeople ? bsearch(key, c->people, c->npeople, sizeof *c->people, by_key) : NULL;
}

/* A person's private games are kept under "+key": their row is the channels' one, else (one who
 * plays only private games) that "+key" row, which holds their set site choice all the same. */
const store_site_person *site_person(const site_ctx *c, const char *key)
{
    char solo[STORE_NICK_MAX + 1];
    bool plus = key[0] == '+' && key[1] != '*';
    const store_site_person *p = person_row(c, plus ? key + 1 : key);
    if (!p && !plus && key[0] != '+' && key[0] != '*') {
        snprintf(solo, sizeof solo, "+%s", key);
        p = person_row(c, solo);
    }
    return p || !plus ? p : person_row(c, key);
}

const store_site_person *site_solo_row(const site_ctx *c, const char *key)
{
    char solo[STORE_NICK_MAX + 1];
    if (key[0] == '+' || key[0] == '*' || !person_row(c, key))
        return NULL;
    snprintf(solo, sizeof solo, "+%s", key);
    return person_row(c, solo);
}

static int by_channel_key(const void *key, const void *item)
{
    return strcmp(key, ((const store_site_channel *)item)->key);
}

const store_site_channel *site_channel(const site_ctx *c, const char *key)
{
    return c->nchannels
               ? bsearch(key, c->channels, c->nchannels, sizeof *c->channels, by_channel_key)
               : NULL;
}

bool site_has_page(const site_ctx *c, const store_site_person *p)
{
    if (!p || p->hidden || record_key_is_bot(p->p.key))
        return false;
    /* a "+key" row is a person's private games: their page, when they have no channel row */
    return p->p.key[0] != '+' || !person_row(c, p->p.key + 1);
}

void site_name(const site_ctx *c, site_buf *b, msg_lang lang, const char *key, const char *display,
               int seat, const char *root, bool link)
{
    const store_site_person *p = record_key_is_bot(key) ? NULL : site_person(c, key);
    if (p && p->hidden) {
        if (seat >= 0) /* a name, where a sentence may start with it: "Player 2 is the durak" */
            sb_msg(b, lang, MSG_SITE_ANON_SEAT, seat + 1);
        else
            sb_put(b, msg_in(lang, MSG_SITE_ANON));
        return;
    }
    bool page = link && site_has_page(c, p);
    if (page)
        sb_printf(b, "<a href=\"%sp/%lld.html\">", root, p->id);
    sb_nick(b, display);
    if (page)
        sb_put(b, "</a>");
}

/* ---- pieces ---- */

int site_rounded(double r) { return (int)(r + (r < 0 ? -0.5 : 0.5)); }

void site_rating_change(site_buf *b, bool rated, double before, double after)
{
    if (!rated) {
        sb_put(b, "&ndash;");
        return;
    }
    int d = site_rounded(after) - site_rounded(before);
    sb_printf(b, "%d &rarr; %d <span class=\"%s\">(%s%d)</span>", site_rounded(before),
              site_rounded(after),
              d > 0   ? "up"
              : d < 0 ? "down"
                      : "same",
              d > 0 ? "+" : "", d);
}

void site_where(const site_ctx *c, site_buf *b, msg_lang lang, const char *channel, const char *key,
                const char *root)
{
    const store_site_channel *ch = site_channel(c, key);
    if (record_private_key(channel)) {
        sb_put(b, msg_in(lang, MSG_SITE_PRIVATE));
        return;
    }
    if (ch)
        sb_printf(b, "<a href=\"%sc/%lld.html\">", root, ch->first);
    sb_nick(b, channel);
    if (ch)
        sb_put(b, "</a>");
}

/* Seat s as the team's line names it: who played it to the end (a computer player that took a
 * leaver's seat over, as the channel heard), else its player. */
static void team_seat(const site_ctx *c, site_buf *b, msg_lang lang, const store_game *g, int s,
                      const char *root)
{
    char ai[32];
    if (record_replacer(&g->rec, s, ai, sizeof ai)) {
        sb_put(b, "<bdi>");
        sb_text(b, ai);
        sb_put(b, "</bdi>");
    } else {
        site_name(c, b, lang, g->seat[s].key, g->seat[s].display, s, root, false);
    }
}

/* Team `t` of a team game as HTML: "alice+carol" (partners sit opposite, R19). */
static void team(const site_ctx *c, site_buf *b, msg_lang lang, const store_game *g, int t,
                 const char *root)
{
    team_seat(c, b, lang, g, t, root);
    sb_put(b, "+");
    team_seat(c, b, lang, g, t + g->nseats / 2, root);
}

/* site_losing_team from the facts of a person's list: the recorded result, the durak's seat and
 * the first to forfeit (-1 for none). */
static int site_losing_team_of(bool teams, int nseats, const char *result, int durak, int forfeit)
{
    int half = nseats / 2, lost = -1;
    if (!teams || half < 2)
        return -1;
    if (sscanf(result, "team %d lost", &lost) == 1)
        return lost >= 0 && lost < half ? lost : -1;
    lost = durak >= 0 ? durak : forfeit;
    return lost >= 0 ? lost % half : -1;
}

int site_losing_team(const store_game *g)
{
    int durak = -1, forfeit = -1;
    for (int s = g->nseats - 1; s >= 0; s--) {
        durak = g->seat[s].durak ? s : durak;
        forfeit = g->seat[s].forfeited ? s : forfeit;
    }
    return site_losing_team_of(g->rec.opt.teams, g->nseats, g->rec.result, durak, forfeit);
}

void site_place(site_buf *b, msg_lang lang, int lost, bool forfeited, bool durak, bool draw_last,
                int place)
{
    if (lost >= 0) {
        sb_put(b, msg_in(lang, lost ? MSG_SITE_TEAM_LOST : MSG_SITE_TEAM_WON));
        if (!forfeited && !durak)
            return;
        sb_put(b, " &middot; ");
    }
    if (forfeited)
        sb_put(b, msg_in(lang, MSG_SITE_FORFEITED));
    else if (durak)
        sb_put(b, msg_in(lang, MSG_SITE_DURAK));
    else if (draw_last)
        sb_put(b, msg_in(lang, MSG_SITE_DRAW));
    else
        sb_printf(b, "%d", place);
}

void site_result(const site_ctx *c, site_buf *b, msg_lang lang, const store_game *g,
                 const char *root)
{
    site_buf who, won;
    sb_init(&who);
    sb_init(&won);
    int durak = -1, winners = 0, lost = site_losing_team(g);
    for (int s = 0; s < g->nseats; s++) {
        durak = g->seat[s].durak ? s : durak;
        winners += !g->seat[s].forfeited && g->seat[s].place == 1;
    }
    char ai[32]; /* a computer player that took a leaver's seat over, the durak: not the seat's */
    if (durak < 0 && !g->draw && record_durak_replacer(&g->rec, ai, sizeof ai)) {
        sb_nick(&who, ai);
        sb_msg(b, lang, MSG_SITE_RESULT_DURAK, who.p ? who.p : "");
    } else if (durak >= 0) {
        site_name(c, &who, lang, g->seat[durak].key, g->seat[durak].display, durak, root, false);
        sb_msg(b, lang, MSG_SITE_RESULT_DURAK, who.p ? who.p : "");
    } else if (!g->draw && winners > 0 && lost < 0) { /* the others forfeited: every winner named
                                                          ("Normal[bot] and Hard[bot] share…") */
        for (int s = 0, k = 0; s < g->nseats; s++) {
            if (g->seat[s].forfeited || g->seat[s].place != 1)
                continue;
            if (k++)
                sb_put(&who, k == winners ? msg_in(lang, MSG_WORD_AND) : ", ");
            site_name(c, &who, lang, g->seat[s].key, g->seat[s].display, s, root, false);
        }
        sb_msg(b, lang, winners > 1 ? MSG_SITE_RESULT_SHARED : MSG_SITE_RESULT_WON,
               who.p ? who.p : "");
    } else if (g->draw) {
        sb_put(b, msg_in(lang, MSG_SITE_DRAW));
    }
    if (lost >= 0) { /* as the channel heard it: "Team bob+dave lost, alice+carol won." */
        sb_reset(&who);
        team(c, &who, lang, g, lost, root);
        for (int t = 0; t < g->nseats / 2; t++)
            if (t != lost) {
                if (won.len)
                    sb_put(&won, msg_in(lang, MSG_WORD_AND));
                team(c, &won, lang, g, t, root);
            }
        sb_put(b, durak >= 0 ? " &middot; " : "");
        sb_msg(b, lang, MSG_RESULT_TEAM_LOST, who.p ? who.p : "", won.p ? won.p : "");
    }
    sb_free(&who);
    sb_free(&won);
}

void site_game_row(void *rows, const store_game *g)
{
    site_rows *l = rows;
    char when[32];
    site_time(g->ended_at, when, sizeof when);
    sb_printf(l->b,
              "<tr><td><a href=\"%sg/%lld.html\">#%lld</a></td><td class=\"wide\">%s</td><td>",
              l->root, g->id, g->id, when);
    if (l->where) {
        site_where(l->c, l->b, l->lang, g->rec.channel, g->rec.channel_key, l->root);
        sb_put(l->b, "</td><td>");
    }
    for (int s = 0; s < g->nseats; s++) {
        if (s)
            sb_put(l->b, ", ");
        site_name(l->c, l->b, l->lang, g->seat[s].key, g->seat[s].display, s, l->root, true);
    }
    sb_put(l->b, "</td><td>");
    site_result(l->c, l->b, l->lang, g, l->root);
    sb_put(l->b, "</td></tr>\n");
}

int site_archive_page(long long id) { return id > 0 ? (int)((id - 1) / SITE_ARCHIVE_ROWS + 1) : 0; }

/* "Newer games · Older games" between an archive page's neighbours. */
static void archive_nav(site_buf *b, msg_lang lang, int page, int pages)
{
    sb_put(b, "<p class=\"nav\">");
    if (page < pages)
        sb_printf(b, "<a href=\"%d.html\">%s</a>", page + 1, msg_in(lang, MSG_SITE_NEWER));
    if (page < pages && page > 1)
        sb_put(b, " \xC2\xB7 ");
    if (page > 1)
        sb_printf(b, "<a href=\"%d.html\">%s</a>", page - 1, msg_in(lang, MSG_SITE_OLDER));
    sb_put(b, "</p>\n");
}

void site_page_archive(const site_ctx *c, int page, int pages, site_buf *b)
{
    msg_lang lang = c->opt->lang;
    long long first = (long long)(page - 1) * SITE_ARCHIVE_ROWS + 1,
              last = first + SITE_ARCHIVE_ROWS - 1, newest = site_last_game(c);
    char title[160]; /* the newest page: up to the newest game, not the hundredth */
    site_fmt(title, sizeof title, lang, MSG_SITE_ARCHIVE, (int)first,
             (int)(newest < last ? newest : last));
    site_page_begin(b, lang, title, "../");
    sb_printf(b, "<h1>%s</h1>\n", title);
    archive_nav(b, lang, page, pages);
    static const site_col cols[] = {
        { NULL, MSG_SITE_COL_GAME, NULL },   { "wide", MSG_SITE_COL_WHEN, NULL },
        { NULL, MSG_SITE_COL_WHERE, NULL },  { NULL, MSG_SITE_COL_PLAYERS, NULL },
        { NULL, MSG_SITE_COL_RESULT, NULL },
    };
    sb_table_head(b, lang, cols, sizeof cols / sizeof *cols);
    site_rows l = { c, b, lang, "../", true };
    if (store_site_range(c->db, first, first + SITE_ARCHIVE_ROWS - 1, site_game_row, &l) <= 0)
        sb_printf(b, "<tr><td colspan=\"5\">%s</td></tr>\n", msg_in(lang, MSG_SITE_NONE));
    sb_put(b, "</table></div>\n");
    archive_nav(b, lang, page, pages);
    site_page_end(b);
}

/* ---- a person's page ---- */

struct entries {
    store_site_entry *e;
    size_t n, cap;
    bool oom;
};

static void add_entry(void *ctx, const store_site_entry *e)
{
    struct entries *l = ctx;
    store_site_entry *all = l->oom ? NULL : room_for_one(l->e, l->n, &l->cap, sizeof *all);
    if (!all) {
        l->oom = true;
        return;
    }
    l->e = all;
    l->e[l->n++] = *e;
}

static void stats_row(site_buf *b, const char *label, const store_player *p)
{
    sb_printf(b,
              "<tr><th>%s</th><td class=\"n\">%d</td><td class=\"n wide\">%d</td>"
              "<td class=\"n\">%d</td><td class=\"n wide\">%d</td><td class=\"n wide\">%d</td>"
              "<td class=\"n wide\">%d</td><td class=\"n wide\">%d</td><td class=\"n\">%d</td>"
              "</tr>\n",
              label, p->games, p->firsts, p->duraks, p->draws, p->forfeits, p->team_wins,
              p->team_losses, site_rounded(p->rating));
}

static void stats(const site_ctx *c, site_buf *b, msg_lang lang, const store_site_person *p)
{
    static const site_col cols[] = {
        { NULL, MSG_COUNT, "" },
        { "n", MSG_SITE_COL_GAMES, NULL },
        { "n wide", MSG_SITE_COL_FIRSTS, NULL }, /* on a phone the rating still fits */
        { "n", MSG_SITE_COL_DURAKS, NULL },
        { "n wide", MSG_SITE_COL_DRAWS, NULL },
        { "n wide", MSG_SITE_COL_FORFEITS, NULL },
        { "n wide", MSG_SITE_COL_TEAM_WINS, NULL },
        { "n wide", MSG_SITE_COL_TEAM_LOSSES, NULL },
        { "n", MSG_SITE_COL_RATING, NULL },
    };
    sb_table_head(b, lang, cols, sizeof cols / sizeof *cols);
    bool solo_only = p->p.key[0] == '+'; /* one who played only private games */
    stats_row(b, msg_in(lang, solo_only ? MSG_SITE_SOLO_STATS : MSG_SITE_CHANNEL_STATS), &p->p);
    char solo[STORE_NICK_MAX + 1];
    snprintf(solo, sizeof solo, "+%s", p->p.key);
    const store_site_person *q =
        solo_only ? NULL : bsearch(solo, c->people, c->npeople, sizeof *c->people, by_key);
    if (q)
        stats_row(b, msg_in(lang, MSG_SITE_SOLO_STATS), &q->p);
    sb_put(b, "</table></div>\n");
}

static void place(site_buf *b, msg_lang lang, const store_site_entry *e)
{
    int lost = site_losing_team_of(e->teams, e->nseats, e->result, e->durak_seat, e->forfeit_seat);
    if (lost >= 0) /* a leaver lost, though a computer player won their seat's game (R18) */
        lost = e->seat % (e->nseats / 2) == lost || e->forfeited;
    /* in a draw those still in share the last place */
    site_place(b, lang, lost, e->forfeited, e->durak, e->draw && e->place == e->worst, e->place);
}

static void recent(const site_ctx *c, site_buf *b, msg_lang lang, const store_site_entry *e, int n)
{
    static const site_col cols[] = {
        { NULL, MSG_SITE_COL_GAME, NULL },   { "wide", MSG_SITE_COL_WHEN, NULL },
        { NULL, MSG_SITE_COL_WHERE, NULL },  { NULL, MSG_SITE_COL_PLACE, NULL },
        { NULL, MSG_SITE_COL_CHANGE, NULL },
    };
    sb_printf(b, "<h2>%s</h2>\n", msg_in(lang, MSG_SITE_RECENT));
    sb_table_head(b, lang, cols, sizeof cols / sizeof *cols);
    for (int i = 0; i < n; i++) {
        char when[32];
        site_time(e[i].ended_at, when, sizeof when);
        sb_printf(b,
                  "<tr><td><a href=\"../g/%lld.html\">#%lld</a></td><td class=\"wide\">%s</td><td>",
                  e[i].game, e[i].game, when);
        site_where(c, b, lang, e[i].channel, e[i].channel_key, "../");
        sb_put(b, "</td><td>");
        place(b, lang, &e[i]);
        sb_put(b, "</td><td>");
        site_rating_change(b, e[i].rated, e[i].rating_before, e[i].rating_after);
        if (e[i].rated && record_private_key(e[i].channel)) /* the other scale: said which */
            sb_printf(b, " &middot; %s", msg_in(lang, MSG_SITE_SOLO_MARK));
        sb_put(b, "</td></tr>\n");
    }
    if (!n)
        sb_printf(b, "<tr><td colspan=\"5\">%s</td></tr>\n", msg_in(lang, MSG_SITE_NONE));
    sb_put(b, "</table></div>\n");
}

static int newest_first(const void *x, const void *y)
{
    long long a = ((const store_site_entry *)x)->game, b = ((const store_site_entry *)y)->game;
    return a < b ? 1 : a > b ? -1 : 0;
}

/* A person's page speaks to them: in the language they chose (`set language`), else in the one
 * their latest game was played in, else in game.language. */
static msg_lang person_lang(const site_ctx *c, const store_site_person *p,
                            const struct entries *all)
{
    int chosen = msg_lang_of_code(p->language);
    if (chosen >= 0)
        return (msg_lang)chosen;
    const store_site_entry *newest = NULL;
    for (size_t i = 0; i < all->n; i++)
        if (!newest || all->e[i].game > newest->game)
            newest = &all->e[i];
    return newest ? site_game_lang(c->opt, newest->language, newest->channel) : c->opt->lang;
}

void site_page_person(const site_ctx *c, const store_site_person *p, site_buf *b)
{
    struct entries all = { 0 };
    char solo[STORE_NICK_MAX + 1];
    store_site_games_of(c->db, p->p.key, -1, add_entry, &all); /* newest first */
    int channel_games = (int)all.n; /* a private-only person's: their private games, charted */
    snprintf(solo, sizeof solo, "+%s", p->p.key);
    if (p->p.key[0] != '+')
        store_site_games_of(c->db, solo, RECENT_ROWS, add_entry, &all);
    msg_lang lang = person_lang(c, p, &all);
    site_buf title;
    sb_init(&title);
    sb_text(&title, p->p.display);
    site_page_begin(b, lang, title.p ? title.p : "", "../");
    sb_put(b, "<h1>");
    sb_nick(b, p->p.display);
    sb_put(b, "</h1>\n");
    stats(c, b, lang, p);
    msg_id chart = p->p.key[0] == '+' ? MSG_SITE_CHART_SOLO : MSG_SITE_CHART;
    sb_printf(b, "<h2>%s</h2>\n", msg_in(lang, chart));
    double *ratings = malloc((size_t)(channel_games ? channel_games : 1) * sizeof *ratings);
    long long *ids = malloc((size_t)(channel_games ? channel_games : 1) * sizeof *ids);
    int n = 0;
    for (int i = channel_games - 1; ratings && ids && i >= 0; i--)
        if (all.e[i].rated) {
            ratings[n] = all.e[i].rating_after;
            ids[n++] = all.e[i].game;
        }
    site_chart(b, lang, chart, ratings, ids, ratings && ids ? n : 0);
    free(ratings);
    free(ids);
    if (all.n > (size_t)channel_games) /* private games among the channels' */
        qsort(all.e, (size_t)all.n, sizeof *all.e, newest_first);
    recent(c, b, lang, all.e, all.n < RECENT_ROWS ? (int)all.n : RECENT_ROWS);
    site_page_end(b);
    sb_free(&title);
    free(all.e);
}
