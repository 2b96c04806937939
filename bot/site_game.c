/* site_game.c — a game's page: where and when, the options, each seat's place and rating
 * change, the result, then the replay (site_replay.c). In the language the game was played in. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>

#include "site_pages.h"

/* The options in the words the channel heard at the start ("classic, throw-in by all, first bout 5
 * cards, teams of two"), and the deck. */
static void options(site_buf *b, msg_lang lang, const durak_options *o)
{
    sb_put(b, "<p>");
    sb_msg(b, lang, MSG_SITE_LABEL, msg_in(lang, MSG_SITE_OPTIONS));
    sb_msg(
        b, lang, MSG_OPTIONS,
        msg_in(lang, o->variant == DURAK_VARIANT_TRANSFER ? MSG_WORD_TRANSFER : MSG_WORD_CLASSIC),
        msg_in(lang, o->throwin == DURAK_THROWIN_NEIGHBOURS ? MSG_WORD_NEIGHBOURS : MSG_WORD_ALL),
        o->first5 ? msg_in(lang, MSG_OPTIONS_FIRST5) : "");
    if (o->teams) /* R19 */
        sb_put(b, msg_in(lang, MSG_OPTIONS_TEAMS));
    sb_put(b, ", ");
    sb_msg(b, lang, MSG_SITE_OPT_DECK, (int)o->deck);
    sb_put(b, "</p>\n");
}

static void seat_place(site_buf *b, msg_lang lang, const store_game *g, const store_game_seat *s)
{
    int worst = 0, lost = site_losing_team(g);
    for (int i = 0; i < g->nseats; i++)
        if (!g->seat[i].forfeited && g->seat[i].place > worst)
            worst = g->seat[i].place;
    if (lost >= 0) /* a leaver lost, though a computer player won their seat's game (R18) */
        lost = (int)(s - g->seat) % (g->nseats / 2) == lost || s->forfeited;
    site_place(b, lang, lost, s->forfeited, s->durak, g->draw && s->place == worst, s->place);
}

static void seats(const site_ctx *c, site_buf *b, msg_lang lang, const store_game *g)
{
    static const site_col cols[] = { { NULL, MSG_SITE_COL_PLAYER, NULL },
                                     { NULL, MSG_SITE_COL_PLACE, NULL },
                                     { NULL, MSG_SITE_COL_CHANGE, NULL } };
    sb_table_head(b, lang, cols, sizeof cols / sizeof *cols);
    for (int s = 0; s < g->nseats; s++) {
        const store_game_seat *st = &g->seat[s];
        sb_put(b, "<tr><td>");
        site_name(c, b, lang, st->key, st->display, s, "../", true);
        sb_put(b, "</td><td>");
        seat_place(b, lang, g, st);
        sb_put(b, "</td><td>");
        site_rating_change(b, st->rated, st->rating_before, st->rating_after);
        sb_put(b, "</td></tr>\n");
    }
    sb_put(b, "</table></div>\n");
}

void site_page_game(const site_ctx *c, const store_game *g, site_buf *b)
{
    msg_lang lang = site_game_lang(c->opt, g->rec.language, g->rec.channel);
    char id[24], title[128], when[32];
    snprintf(id, sizeof id, "%lld", g->id);
    site_fmt(title, sizeof title, lang, MSG_SITE_GAME, id);
    site_page_begin(b, lang, title, "../");
    sb_printf(b, "<h1>%s</h1>\n<p>", title);
    site_where(c, b, lang, g->rec.channel, g->rec.channel_key, "../");
    site_time(g->ended_at, when, sizeof when);
    sb_printf(b, " &middot; %s UTC</p>\n", when);
    options(b, lang, &g->rec.opt);
    seats(c, b, lang, g);
    sb_put(b, "<p><strong>");
    site_result(c, b, lang, g, "../");
    durak_game end; /* a draw with cards still held: R16, as the channel was told which ending */
    bool held = false;
    if (g->draw && record_replay(&g->rec, &end) && end.result == DURAK_RESULT_DRAW)
        for (int s = 0; s < end.opt.players; s++)
            held |= end.hand[s] != 0;
    if (held)
        sb_printf(b, " &middot; %s",
                  msg_in(lang, end.nhistory >= DURAK_MAX_HISTORY ? MSG_SITE_DRAW_QUIET
                                                                 : MSG_SITE_DRAW_REPEAT));
    sb_put(b, "</strong></p>\n");
    /* the replay names seats without links: "Player 2" for those hidden */
    site_buf names[STORE_MAX_SEATS];
    const char *name[DURAK_MAX_PLAYERS];
    for (int s = 0; s < DURAK_MAX_PLAYERS; s++) {
        sb_init(&names[s < STORE_MAX_SEATS ? s : 0]);
        name[s] = "?";
    }
    for (int s = 0; s < g->nseats; s++) {
        site_name(c, &names[s], lang, g->seat[s].key, g->seat[s].display, s, "../", false);
        name[s] = names[s].p ? names[s].p : "?";
    }
    site_replay(b, lang, g, name);
    for (int s = 0; s < STORE_MAX_SEATS; s++)
        sb_free(&names[s]);
    site_page_end(b);
}
