/* site_index.c — the index (the boards of people, computer players and private games; each
 * channel's board and latest games) and a page per channel, c/<its first game's id>.html. */
#define _POSIX_C_SOURCE 200809L
#include "site_pages.h"

#include <stdio.h>

/* The index shows up to CHANNELS_IN_FULL channels in full, CHANNEL_ROWS people and games each,
 * and else a line a channel, so that it stays under 60 KB; a channel's page shows more. */
enum {
    BOARD_ROWS = 20,
    CHANNEL_ROWS = 10,
    CHANNELS_IN_FULL = 4,
    CHANNEL_PAGE_ROWS = 40,
};

/* rating: its column's heading (a channel's board: the rating over all channels) */
static void board_head(site_buf *b, msg_lang lang, msg_id rating)
{
    const site_col cols[] = {
        { "n", MSG_COUNT, "#" },
        { NULL, MSG_SITE_COL_PLAYER, NULL },
        { "n", rating, NULL },
        { "n", MSG_SITE_COL_GAMES, NULL },
        { "n wide", MSG_SITE_COL_FIRSTS, NULL },
        { "n wide", MSG_SITE_COL_DURAKS, NULL },
    };
    sb_table_head(b, lang, cols, sizeof cols / sizeof *cols);
}

/* Returns how many rows it shows. */
static int board(const site_ctx *c, site_buf *b, msg_lang lang, store_board which, msg_id title)
{
    store_player top[BOARD_ROWS];
    int n = store_top(c->db, BOARD_ROWS, which, top);
    sb_printf(b, "<h2>%s</h2>\n", msg_in(lang, title));
    if (n <= 0) {
        sb_printf(b, "<p>%s</p>\n", msg_in(lang, MSG_SITE_NONE));
        return 0;
    }
    board_head(b, lang, MSG_SITE_COL_RATING);
    for (int i = 0; i < n; i++) {
        sb_printf(b, "<tr><td class=\"n\">%d</td><td>", i + 1);
        site_name(c, b, lang, top[i].key, top[i].display, -1, "", true);
        sb_printf(b,
                  "</td><td class=\"n\">%d</td><td class=\"n\">%d</td><td class=\"n wide\">%d</td>"
                  "<td class=\"n wide\">%d</td></tr>\n",
                  site_rounded(top[i].rating), top[i].games, top[i].firsts, top[i].duraks);
    }
    sb_put(b, "</table></div>\n");
    return n;
}

long long site_last_game(const site_ctx *c)
{
    long long last = 0;
    for (size_t i = 0; i < c->nchannels; i++)
        last = c->channels[i].latest > last ? c->channels[i].latest : last;
    return last;
}

/* With many channels, one line each in one table: its games and its latest game. */
static void channel_line(const site_ctx *c, site_buf *b, msg_lang lang,
                         const store_site_channel *row)
{
    sb_put(b, "<tr><td>");
    site_where(c, b, lang, row->channel, row->key, "");
    sb_printf(b, "</td><td class=\"n\">%lld</td><td><a href=\"g/%lld.html\">#%lld</a></td></tr>\n",
              row->games, row->latest, row->latest);
}

/* A channel's board (`people` rows at most) and latest games (`games` rows, at most 64) under
 * a heading of the given level, links from root. */
static void channel_body(const site_ctx *c, site_buf *b, msg_lang lang,
                         const store_site_channel *row, int people, int games, const char *root,
                         int level)
{
    store_site_board_row rows[CHANNEL_PAGE_ROWS];
    int n = store_site_board(c->db, row->key,
                             people < CHANNEL_PAGE_ROWS ? people : CHANNEL_PAGE_ROWS, rows);
    if (n > 0) {
        board_head(b, lang, MSG_SITE_COL_RATING_ALL);
        for (int i = 0; i < n; i++) {
            const store_site_person *p = site_person(c, rows[i].key);
            sb_printf(b, "<tr><td class=\"n\">%d</td><td>", i + 1);
            /* never the key itself: it may be an account */
            site_name(c, b, lang, rows[i].key, p ? p->p.display : msg_in(lang, MSG_SITE_ANON), -1,
                      root, true);
            sb_printf(b,
                      "</td><td class=\"n\">%d</td><td class=\"n\">%d</td>"
                      "<td class=\"n wide\">%d</td><td class=\"n wide\">%d</td></tr>\n",
                      p ? site_rounded(p->p.rating) : 0, rows[i].games, rows[i].firsts,
                      rows[i].duraks);
        }
        sb_put(b, "</table></div>\n");
    }
    static const site_col cols[] = { { NULL, MSG_SITE_COL_GAME, NULL },
                                     { "wide", MSG_SITE_COL_WHEN, NULL },
                                     { NULL, MSG_SITE_COL_PLAYERS, NULL },
                                     { NULL, MSG_SITE_COL_RESULT, NULL } };
    sb_printf(b, "<h%d>%s</h%d>\n", level, msg_in(lang, MSG_SITE_LATEST), level);
    sb_table_head(b, lang, cols, sizeof cols / sizeof *cols);
    site_rows l = { c, b, lang, root, false };
    store_site_latest(c->db, row->key, games, site_game_row, &l);
    sb_put(b, "</table></div>\n");
}

/* A channel in full: "Leaderboard of #durak" (a link to its page), its games, board and latest. */
static void channel_section(const site_ctx *c, site_buf *b, msg_lang lang,
                            const store_site_channel *row)
{
    site_buf name;
    sb_init(&name);
    site_where(c, &name, lang, row->channel, row->key, "");
    sb_put(b, "<section class=\"channel\">\n<h2>");
    sb_msg(b, lang, MSG_SITE_BOARD_CHANNEL, name.p ? name.p : "");
    sb_put(b, "</h2>\n<p>");
    sb_msg(b, lang, MSG_SITE_GAMES_PLAYED, (int)row->games);
    sb_put(b, "</p>\n");
    channel_body(c, b, lang, row, CHANNEL_ROWS, CHANNEL_ROWS, "", 3);
    sb_put(b, "</section>\n");
    sb_free(&name);
}

void site_page_channel(const site_ctx *c, const store_site_channel *row, site_buf *b)
{
    msg_lang lang = site_channel_lang(c->opt, row->channel);
    site_buf title, name;
    sb_init(&title);
    sb_init(&name);
    sb_text(&name, row->channel); /* <title> is text: no <bdi> there */
    sb_msg(&title, lang, MSG_SITE_BOARD_CHANNEL, name.p ? name.p : "");
    site_page_begin(b, lang, title.p ? title.p : "", "../");
    sb_reset(&name);
    sb_nick(&name, row->channel);
    sb_put(b, "<h1>");
    sb_msg(b, lang, MSG_SITE_BOARD_CHANNEL, name.p ? name.p : "");
    sb_put(b, "</h1>\n<p>");
    sb_msg(b, lang, MSG_SITE_GAMES_PLAYED, (int)row->games);
    sb_printf(b, "</p>\n<p><a href=\"../a/%d.html\">%s</a></p>\n", site_archive_page(row->latest),
              msg_in(lang, MSG_SITE_ARCHIVE_ALL)); /* the archive is of every channel */
    channel_body(c, b, lang, row, BOARD_ROWS, CHANNEL_PAGE_ROWS, "../", 2);
    site_page_end(b);
    sb_free(&title);
    sb_free(&name);
}

void site_page_index(const site_ctx *c, site_buf *b)
{
    msg_lang lang = c->opt->lang;
    site_buf body;
    sb_init(&body);
    long long total = 0, solo = 0, last = site_last_game(c);
    size_t shown = 0;
    for (size_t i = 0; i < c->nchannels; i++) {
        total += c->channels[i].games;
        solo += record_private_key(c->channels[i].channel) ? c->channels[i].games : 0;
        shown += !record_private_key(c->channels[i].channel);
    }
    if (shown > CHANNELS_IN_FULL) { /* the index stays under 60 KB: one line a channel */
        static const site_col cols[] = { { NULL, MSG_SITE_COL_WHERE, NULL },
                                         { "n", MSG_SITE_COL_GAMES, NULL },
                                         { NULL, MSG_SITE_COL_LATEST, NULL } };
        sb_printf(&body, "<h2>%s</h2>\n", msg_in(lang, MSG_SITE_CHANNELS));
        sb_table_head(&body, lang, cols, sizeof cols / sizeof *cols);
    }
    for (size_t i = 0; i < c->nchannels; i++) {
        if (record_private_key(c->channels[i].channel))
            continue;
        if (shown > CHANNELS_IN_FULL)
            channel_line(c, &body, lang, &c->channels[i]);
        else /* each with its board and latest games */
            channel_section(c, &body, lang, &c->channels[i]);
    }
    if (shown > CHANNELS_IN_FULL)
        sb_put(&body, "</table></div>\n");
    site_page_begin(b, lang, msg_in(lang, MSG_SITE_TITLE), "");
    sb_printf(b, "<h1>%s</h1>\n<p>", msg_in(lang, MSG_SITE_TITLE));
    sb_msg(b, lang, MSG_SITE_GAMES_PLAYED, (int)total);
    sb_put(b, "</p>\n");
    if (last) /* every game, older ones too, page by page */
        sb_printf(b, "<p><a href=\"a/%d.html\">%s</a></p>\n", site_archive_page(last),
                  msg_in(lang, MSG_SITE_ARCHIVE_LINK));
    int people = board(c, b, lang, STORE_TOP_PEOPLE, MSG_SITE_BOARD);
    if (body.len)
        sb_put(b, body.p);
    else if (people) /* ratings from before games were recorded; else the board said it */
        sb_printf(b, "<p>%s</p>\n", msg_in(lang, MSG_SITE_NONE));
    board(c, b, lang, STORE_TOP_BOTS, MSG_SITE_BOARD_BOTS);
    board(c, b, lang, STORE_TOP_SOLO, MSG_SITE_BOARD_SOLO);
    if (solo) {
        sb_put(b, "<p>");
        sb_msg(b, lang, MSG_SITE_SOLO_PLAYED, (int)solo);
        sb_put(b, "</p>\n");
    }
    site_page_end(b);
    sb_free(&body);
}
