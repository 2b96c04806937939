/* site_pages.h — the five kinds of page (index, channel, archive, person, game) written into a buffer,
 * from the store through a context that knows every person's page number and `set site` choice. */
#ifndef DURAK_SITE_PAGES_H
#define DURAK_SITE_PAGES_H

#include "site.h"
#include "site_html.h"

typedef struct {
    store *db;
    const site_options *opt;
    store_site_person *people; /* every players row, sorted by key */
    size_t npeople;
    store_site_channel *channels; /* every channel with games, private ones too, sorted by key */
    size_t nchannels;
} site_ctx;

/* Reads every person (their page numbers and choices) and channel; false on error. */
bool site_ctx_load(site_ctx *c, store *db, const site_options *o);
void site_ctx_free(site_ctx *c);
/* The person of a stats key (a private game's "+key" gives its person's row); NULL if none. */
const store_site_person *site_person(const site_ctx *c, const char *key);
/* The "+key" row of one who has a channels' row too: their private games' row, whose page gave way
 * to that row's; NULL when there is none. */
const store_site_person *site_solo_row(const site_ctx *c, const char *key);
/* The channel of a casefolded channel key; NULL if none. */
const store_site_channel *site_channel(const site_ctx *c, const char *key);
/* Does p get a page of its own: a person who did not choose set site off, not a computer player,
 * and for a private games' "+key" row, only one who played in no channel (else theirs is the
 * channel row's page, which shows both)? */
bool site_has_page(const site_ctx *c, const store_site_person *p);

/* A seat's name as HTML: the nick (a link to their page from root when they have one), "a
 * player" for those who chose set site off; seat >= 0 numbers such ones. */
void site_name(const site_ctx *c, site_buf *b, msg_lang lang, const char *key, const char *display,
               int seat, const char *root, bool link);

/* A team game's losing team: as recorded ("team 1 lost"), else (a record from before that) the
 * durak's or the first to forfeit's (R19); -1 for none (or no teams). */
int site_losing_team(const store_game *g);
/* What a seat's Place column says: in a team game its team's outcome first (lost: 1 for the
 * losing team, 0 for the winning one, -1 without teams), as places alone mislead there (R19: a
 * partner of the durak may have gone out first, and a winner's place be the last); then left the
 * game, the durak, a draw (draw_last: a drawn game's last place) or the place. */
void site_place(site_buf *b, msg_lang lang, int lost, bool forfeited, bool durak, bool draw_last,
                int place);
/* The result of g in words, as HTML: "alice is the durak", "a draw", "bob won by forfeit";
 * in a team game also which team lost, as the channel heard it. */
void site_result(const site_ctx *c, site_buf *b, msg_lang lang, const store_game *g,
                 const char *root);

/* Where a game was played: its channel (a link to the channel's page from root), or "a private
 * game". */
void site_where(const site_ctx *c, site_buf *b, msg_lang lang, const char *channel, const char *key,
                const char *root);
/* A rating as shown: rounded to the nearest whole number. */
int site_rounded(double r);
/* "1500 → 1516 (+16)" with its class (up, down, same), or a dash for a game not rated. */
void site_rating_change(site_buf *b, bool rated, double before, double after);
/* One row of a table of games: number, when, where (with `where`), players, result; links from
 * root ("" on the index, "../" below it). site_game_row takes a site_rows as its ctx, so it can be
 * the store's callback. */
typedef struct {
    const site_ctx *c;
    site_buf *b;
    msg_lang lang;
    const char *root;
    bool where;
} site_rows;
void site_game_row(void *rows, const store_game *g);

/* The index (site_index.c): leaderboards, each channel's board and latest games (one line a
 * channel when there are many), a link to the archive. */
void site_page_index(const site_ctx *c, site_buf *b);
/* A channel's page c/<its first game's id>.html, in the channel's language: its games played, its
 * leaderboard and latest games. */
void site_page_channel(const site_ctx *c, const store_site_channel *ch, site_buf *b);
/* The archive: page 1 holds games #1 to #SITE_ARCHIVE_ROWS, page 2 the next ones, and so on (a new
 * game changes only its page and the one before, whose "newer" link it adds); newest first. */
enum { SITE_ARCHIVE_ROWS = 100 };
int site_archive_page(long long id);
/* The newest game's id, 0 for none. */
long long site_last_game(const site_ctx *c);
/* Archive page `page` of `pages` (a/<page>.html). */
void site_page_archive(const site_ctx *c, int page, int pages, site_buf *b);
void site_page_person(const site_ctx *c, const store_site_person *p, site_buf *b);
void site_page_game(const site_ctx *c, const store_game *g, site_buf *b);

/* The replay section of g (site_replay.c): hands as dealt, every bout, the fair deal's proof;
 * names[s] is seat s's name as HTML. false (with a note) when the record does not replay. */
bool site_replay(site_buf *b, msg_lang lang, const store_game *g, const char *const names[]);
/* The rating chart (site_svg.c): inline SVG of ratings[0..n) after games ids[0..n). */
void site_chart(site_buf *b, msg_lang lang, msg_id title, const double *ratings,
                const long long *ids, int n);

#endif
