/* site.h — the web face: static pages from the state database (index, a page per person, a page
 * per game with its replay), written whole by --export-site or refreshed after each game. */
#ifndef DURAK_SITE_H
#define DURAK_SITE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "config.h"
#include "messages.h"
#include "store.h"

/* What the pages need of the config. */
typedef struct {
    char dir[CONFIG_PATH_MAX]; /* site.dir: where the pages go ("": no site) */
    char url[256];             /* site.url: their address from outside ("": not said on IRC) */
    msg_lang lang;             /* game.language: the index's and the archive's, and a person's who
                                  chose none and played no game that kept its language */
    config_channel channels[CONFIG_MAX_CHANNELS]; /* each channel's language */
    int nchannels;
    /* Once set (NULL: never), a whole export stops where it is and fails without a word: the bot
     * is stopping, or has no site any more. It takes 0.5 ms a game: 12 s at 25,000 games. */
    const atomic_bool *cancel;
} site_options;

site_options site_options_of(const bot_config *cfg);
/* The language of a channel's pages (its channel_settings, else game.language). */
msg_lang site_channel_lang(const site_options *o, const char *channel);
/* The language of a game's page: the one it was played in (its record's `language`), else, for a
 * game recorded before that was kept, its channel's (what its page always said). */
msg_lang site_game_lang(const site_options *o, const char *language, const char *channel);

/* Every page into o->dir (made if missing): style.css, index.html, c/<id>.html (channels),
 * p/<id>.html (people), g/<id>.html (games), a/<n>.html (the archive); pages of people who chose
 * `set site off` removed, and what writes killed midway left. Messages on err; 0, or 1 on failure
 * (or once cancelled). */
int site_export(store *db, const site_options *o, FILE *err);
/* Only the pages game id touches: its page, the index, its channel's and its people's pages, the
 * archive's. false on error. One that fails or is cut off (a kill) leaves o->dir incomplete for
 * site_complete; so does site_refresh_person's. */
bool site_refresh_game(store *db, const site_options *o, long long id);
/* A person's `set site` changed (everywhere): the index, their page, their games' pages and the
 * channel and archive pages that name them; their `set language`: their page alone. */
bool site_refresh_person(store *db, const site_options *o, const char *key, bool everywhere);
/* Whether every page site_export would write is in o->dir (lost ones are written again), and no
 * writing of pages there failed or was cut off since (they would show what came before). */
bool site_complete(store *db, const site_options *o);

/* The line "Page: <url>" in lang (IRC text: the address as it is). */
const char *site_line(int lang, const char *url);
/* A page's address under site.url (base, its trailing slashes aside): "<base>/<kind>/<id>.html"
 * (kind 'g' a game, 'p' a person, 'c' a channel), or "<base>/index.html" for kind 0; "" (false)
 * without a base, or for an id of 0. */
bool site_page_url(const char *base, char kind, long long id, char *buf, size_t cap);

/* The refresh off the main loop: a thread of its own with its own connection to the database at
 * db_path, fed game ids and people's keys. A site.dir missing any page, or whose writing was cut
 * off (a kill, a stop), gets every page first; after a refresh that failed, the next one (or a
 * retry a minute later) writes every page.
 * NULL if o has no dir (or out of memory). */
typedef struct site_worker site_worker;
site_worker *site_worker_start(const site_options *o, const char *db_path);
/* A finished game's pages; with `where` (a channel or a private game's key, as persist names it;
 * "" for none) its address is to be told there, in `lang` ("ru", or ""), once they are written. */
void site_worker_game(site_worker *w, long long id, const char *where, const char *lang);
typedef struct {
    long long game;
    char where[64];
    char lang[8];
} site_written;
/* The descriptor to select() on that is readable when a game's pages are written (-1 for NULL),
 * and what reads it: `written` for each game announced, in the order written. */
int site_worker_fd(const site_worker *w);
void site_worker_collect(site_worker *w, void (*written)(void *ctx, const site_written *g),
                         void *ctx);
/* A person's pages, as site_refresh_person (everywhere, or their own alone). */
void site_worker_person(site_worker *w, const char *key, bool everywhere);
/* Whether pages may be missing: the last refresh failed (until one succeeds), or every page is
 * being checked or written (a start, a new site.dir or languages); false for NULL. */
bool site_worker_behind(site_worker *w);
/* New options (SIGHUP): the worker to use from now on. w (NULL: none yet) with o; started if
 * site.dir was set since, stopped (NULL) if it was cleared; a dir moved to one missing any page
 * gets every page first. */
site_worker *site_worker_reconfigure(site_worker *w, const site_options *o, const char *db_path);
/* Waits until every job queued so far is written (for tests; site_worker_stop drains too). */
void site_worker_drain(site_worker *w);
void site_worker_stop(site_worker *w);

#endif
