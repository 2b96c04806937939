/* site.c — what the web pages are and where they go: the whole site (--export-site), the pages
 * one game or one person touches (site_worker.c's jobs), and whether a site.dir is whole. */
#define _POSIX_C_SOURCE 200809L
#include "site.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "log.h"
#include "site_files.h"
#include "site_pages.h"

site_options site_options_of(const bot_config *cfg)
{
    site_options o;
    memset(&o, 0, sizeof o);
    snprintf(o.dir, sizeof o.dir, "%s", cfg->site.dir);
    snprintf(o.url, sizeof o.url, "%s", cfg->site.url);
    o.lang = (msg_lang)cfg->game.language;
    o.nchannels = cfg->nchannel_settings;
    memcpy(o.channels, cfg->channel_settings, sizeof o.channels);
    return o;
}

msg_lang site_channel_lang(const site_options *o, const char *channel)
{
    const config_channel *c = config_channel_of(o->channels, o->nchannels, channel);
    return c && c->language >= 0 ? (msg_lang)c->language : o->lang;
}

msg_lang site_game_lang(const site_options *o, const char *language, const char *channel)
{
    int played = msg_lang_of_code(language);
    return played >= 0 ? (msg_lang)played : site_channel_lang(o, channel);
}

bool site_page_url(const char *base, char kind, long long id, char *buf, size_t cap)
{
    size_t n = strlen(base);
    while (n && base[n - 1] == '/') /* "https://x/durak/" and ".../durak" alike */
        n--;
    buf[0] = '\0';
    if (!n || (kind && id <= 0))
        return false;
    if (kind)
        snprintf(buf, cap, "%.*s/%c/%lld.html", (int)n, base, kind, id);
    else
        snprintf(buf, cap, "%.*s/index.html", (int)n, base);
    return true;
}

const char *site_line(int lang, const char *url)
{
    static _Thread_local char line[400];
    snprintf(line, sizeof line, msg_in(msg_lang_checked(lang), MSG_SITE_PAGE), url);
    return line;
}

/* ---- pages ---- */

/* A page's file under site.dir: "<kind>/<id>.html" (kind 'p', 'c', 'g' or 'a'). */
static const char *page_rel(char rel[48], char kind, long long id)
{
    snprintf(rel, 48, "%c/%lld.html", kind, id);
    return rel;
}

static bool write_page(const site_options *o, const char *rel, site_buf *b)
{
    if (b->oom) {
        log_msg(LOG_ERR, "site: out of memory writing %s", rel);
        return false;
    }
    if (b->len > SITE_PAGE_MAX)
        log_msg(LOG_WARNING, "site: %s is %zu bytes, over %d", rel, b->len, SITE_PAGE_MAX);
    return site_write_file(o, rel, b->p ? b->p : "", b->len);
}

static bool write_index(const site_ctx *c, site_buf *b)
{
    sb_reset(b);
    site_page_index(c, b);
    return write_page(c->opt, "index.html", b);
}

/* A person's page, or its removal when they chose set site off, or when the private games' row
 * that had one (they played only those) gave way to their channel row's page. */
static bool write_person(const site_ctx *c, const store_site_person *p, site_buf *b)
{
    char rel[48], path[CONFIG_PATH_MAX + 48];
    page_rel(rel, 'p', p->id);
    if (!site_has_page(c, p)) {
        snprintf(path, sizeof path, "%s/%s", c->opt->dir, rel);
        bool had = p->hidden || p->p.key[0] == '+';
        return !had || unlink(path) == 0 || errno == ENOENT;
    }
    sb_reset(b);
    site_page_person(c, p, b);
    return write_page(c->opt, rel, b);
}

/* Archive page `page` of `pages` (site_archive_page of the newest game's id); none for page 0 (no
 * game). */
static bool write_archive(const site_ctx *c, int page, int pages, site_buf *b)
{
    char rel[48];
    if (page < 1 || page > pages)
        return true;
    page_rel(rel, 'a', page);
    sb_reset(b);
    site_page_archive(c, page, pages, b);
    return write_page(c->opt, rel, b);
}

/* The pages of the channels marked (one flag per c->channels), or every channel's page for NULL;
 * private games have none. */
static bool write_channels(const site_ctx *c, const bool *marked, site_buf *b)
{
    bool ok = true;
    for (size_t i = 0; i < c->nchannels; i++) {
        const store_site_channel *ch = &c->channels[i];
        if (record_private_key(ch->channel) || (marked && !marked[i]))
            continue;
        char rel[48];
        page_rel(rel, 'c', ch->first);
        sb_reset(b);
        site_page_channel(c, ch, b);
        ok = write_page(c->opt, rel, b) && ok;
    }
    return ok;
}

static bool write_game(const site_ctx *c, const store_game *g, site_buf *b)
{
    char rel[48];
    page_rel(rel, 'g', g->id);
    sb_reset(b);
    site_page_game(c, g, b);
    return write_page(c->opt, rel, b);
}

/* ---- the whole site ---- */

static bool cancelled(const site_options *o) { return o->cancel && atomic_load(o->cancel); }

struct export_run {
    site_ctx *c;
    site_buf *b;
    FILE *err;
    long long games, failed, damaged;
};

static void export_game(void *ctx, const store_game *g)
{
    struct export_run *r = ctx;
    if (cancelled(r->c->opt)) /* the rest of the rows are read, no more written */
        return;
    r->games++;
    r->failed += !write_game(r->c, g, r->b);
    if (g->damaged) { /* its page says so too; the operator hears it here */
        fprintf(r->err,
                "durakbot: --export-site: game #%lld's moves are malformed in the database: its "
                "page has no replay\n",
                g->id);
        r->damaged++;
    }
}

/* Why site_ctx_load failed: the store's error, or none when its lists found no memory. */
static const char *load_why(store *db)
{
    return store_error(db)[0] ? store_error(db) : "out of memory loading the people and channels";
}

int site_export(store *db, const site_options *o, FILE *err)
{
    site_ctx c = { 0 };
    site_buf b;
    sb_init(&b);
    if (!o->dir[0]) {
        fprintf(err, "durakbot: --export-site needs a directory\n");
        return 1;
    }
    char why[CONFIG_PATH_MAX + 512];
    if (!site_make_dirs(o, why, sizeof why) || !site_mark(o, why, sizeof why)) {
        fprintf(err, "durakbot: %s\n", why);
        return 1;
    }
    char stamp[96], line[SITE_STAMP_LINE];
    if (!store_site_stamp(db, stamp) || !site_ctx_load(&c, db, o)) {
        fprintf(err, "durakbot: --export-site: %s\n", load_why(db));
        site_ctx_free(&c);
        return 1;
    }
    if (!site_stamp_there(o, stamp))
        site_clear_pages(o);
    site_clear_killed(o); /* the writes killed there left SITE_MARK too: a start comes here */
    const char *css = site_css();
    bool ok = site_write_file(o, "style.css", css, strlen(css)) && write_index(&c, &b);
    for (size_t i = 0; ok && i < c.npeople && !cancelled(o); i++)
        ok = write_person(&c, &c.people[i], &b);
    int pages = site_archive_page(site_last_game(&c));
    for (int page = pages; ok && page > 0 && !cancelled(o); page--)
        ok = write_archive(&c, page, pages, &b);
    ok = ok && !cancelled(o) && write_channels(&c, NULL, &b);
    struct export_run r = { &c, &b, err, 0, 0, 0 };
    bool read = !ok || store_games_since(db, 0, export_game, &r) >= 0;
    bool stopped = cancelled(o);     /* not a failure to tell: the caller stopped it */
    site_stamp_line(o, stamp, line); /* last: a site half written is not this database's yet */
    ok =
        ok && !stopped && (!read || r.failed || site_write_file(o, SITE_STAMP, line, strlen(line)));
    if (ok && read && !r.failed)
        site_unmark(o);
    if (!read) /* the store's error says what; the log has no page to name */
        fprintf(err, "durakbot: --export-site: %s\n", store_error(db));
    if ((!ok && !stopped) || r.failed)
        fprintf(err,
                "durakbot: --export-site: some pages could not be written into %s (the log "
                "says which)\n",
                o->dir);
    site_ctx_free(&c);
    sb_free(&b);
    return ok && read && !r.failed && !r.damaged ? 0 : 1;
}

/* ---- what is there ---- */

struct game_pages {
    const site_options *o;
    bool all;
};

static void check_game_page(void *ctx, long long id)
{
    struct game_pages *g = ctx;
    char rel[48];
    g->all = g->all && site_file_there(g->o, page_rel(rel, 'g', id));
}

bool site_complete(store *db, const site_options *o)
{
    site_ctx c = { 0 };
    char rel[48], stamp[96];
    bool all = !site_file_there(o, SITE_MARK) && site_file_there(o, "style.css")
               && site_file_there(o, "index.html") && store_site_stamp(db, stamp)
               && site_stamp_there(o, stamp) && site_ctx_load(&c, db, o);
    for (size_t i = 0; all && i < c.npeople; i++) { /* and none of one who chose set site off, */
        const store_site_person *p = &c.people[i];  /* or of private games that gave way: */
        bool there = site_file_there(o, page_rel(rel, 'p', p->id)); /* a refresh was lost */
        all = site_has_page(&c, p) ? there : !((p->hidden || p->p.key[0] == '+') && there);
    }
    for (size_t i = 0; all && i < c.nchannels; i++) {
        all = record_private_key(c.channels[i].channel)
              || site_file_there(o, page_rel(rel, 'c', c.channels[i].first));
    }
    for (int page = site_archive_page(site_last_game(&c)); all && page > 0; page--) {
        all = site_file_there(o, page_rel(rel, 'a', page));
    }
    struct game_pages g = { o, all };
    all = all && store_site_game_ids(db, check_game_page, &g) >= 0 && g.all;
    site_ctx_free(&c);
    return all;
}

/* ---- parts of it ---- */

struct channel_marks {
    const site_ctx *c;
    bool *marked;
};

static void mark_channel(void *ctx, const char *channel_key)
{
    struct channel_marks *m = ctx;
    const store_site_channel *ch = site_channel(m->c, channel_key);
    if (ch)
        m->marked[ch - m->c->channels] = true;
}

/* The pages of g's channel and of every channel where one of its people has played: each of
 * those boards shows their rating, which the game has just changed. */
static bool write_channels_of_game(const site_ctx *c, store *db, const store_game *g, site_buf *b)
{
    struct channel_marks m = { c, calloc(c->nchannels + 1, sizeof *m.marked) };
    if (!m.marked)
        return write_channels(c, NULL, b);
    mark_channel(&m, g->rec.channel_key);
    for (int s = 0; s < g->nseats; s++) /* people: boards list neither '*' nor '+' keys */
        if (!record_key_is_bot(g->seat[s].key) && g->seat[s].key[0] != '+')
            store_site_channels_of(db, g->seat[s].key, mark_channel, &m);
    bool ok = write_channels(c, m.marked, b);
    free(m.marked);
    return ok;
}

/* Ready to write some pages: the directories there, the pages this database's (unstamped ones, or
 * an empty database's, become its own) and marked as being written, the site's data loaded; false
 * with why (for the log). */
static bool refresh_begin(site_ctx *c, store *db, const site_options *o, char *why, size_t cap)
{
    char stamp[96], line[SITE_STAMP_LINE], got[SITE_STAMP_LINE], empty[SITE_STAMP_LINE];
    if (!site_make_dirs(o, why, cap))
        return false;
    if (store_site_stamp(db, stamp)) {
        site_stamp_read(o, got);
        site_stamp_line(o, stamp, line);
        site_stamp_line(o, "", empty);
        bool unclaimed = !got[0] || !strcmp(got, empty);
        if (strcmp(got, line)
            && (!unclaimed || !site_write_file(o, SITE_STAMP, line, strlen(line)))) {
            snprintf(why, cap, "the pages there are not this database's: all are written again");
            return false;
        }
    }
    if (!site_mark(o, why, cap))
        return false;
    if (site_ctx_load(c, db, o))
        return true;
    snprintf(why, cap, "%s", load_why(db));
    return false;
}

/* The page of key's person, and the removal of their private games' page when it gave way to
 * their channels' one (their first channel game): true in *moved if that page was there, as the
 * pages that link to it are then to be written again. */
static bool write_person_of(const site_ctx *c, const char *key, site_buf *b, bool *moved)
{
    const store_site_person *p = site_person(c, key), *solo = site_solo_row(c, key);
    char rel[48];
    bool ok = !p || write_person(c, p, b);
    if (solo && site_file_there(c->opt, page_rel(rel, 'p', solo->id))) {
        *moved = true;
        ok = write_person(c, solo, b) && ok;
    }
    return ok;
}

/* site_refresh_person's pages, leaving the mark (a game's refresh ends with theirs). */
static bool refresh_person(store *db, const site_options *o, const char *key, bool everywhere);

bool site_refresh_game(store *db, const site_options *o, long long id)
{
    bool moved[STORE_MAX_SEATS] = { false };
    site_ctx c = { 0 };
    site_buf b;
    store_game *g = malloc(sizeof *g);
    char why[CONFIG_PATH_MAX + 512] = "out of memory";
    sb_init(&b);
    bool ok = g && refresh_begin(&c, db, o, why, sizeof why);
    if (ok && !store_get_game(db, id, g)) { /* a game not found leaves no store error */
        snprintf(why, sizeof why, "%s",
                 store_error(db)[0] ? store_error(db) : "no game has that id");
        ok = false;
    }
    if (ok) {
        const char *css = site_css();
        if (!site_file_there(o, "style.css"))
            site_write_file(o, "style.css", css, strlen(css));
        ok = write_game(&c, g, &b) && write_index(&c, &b);
        int page = site_archive_page(id), pages = site_archive_page(site_last_game(&c));
        /* and the one before: its link to this one */
        ok = write_archive(&c, page, pages, &b) && write_archive(&c, page - 1, pages, &b) && ok;
        ok = write_channels_of_game(&c, db, g, &b) && ok;
        for (int s = 0; s < g->nseats; s++)
            ok = write_person_of(&c, g->seat[s].key, &b, &moved[s]) && ok;
    } else {
        log_msg(LOG_ERR, "site: game #%lld's pages are not written: %s", id, why);
    }
    site_ctx_free(&c);
    sb_free(&b);
    for (int s = 0; s < STORE_MAX_SEATS; s++) /* their private games linked the old page */
        if (moved[s])
            ok = refresh_person(db, o, g->seat[s].key, true) && ok;
    free(g);
    if (ok) /* else the mark stays: the next start writes every page */
        site_unmark(o);
    return ok;
}

/* Every game of a person: each page that names them changes with their set site choice. */
struct ids {
    long long *id;
    size_t n, cap;
    bool oom;
};

static void take_id(void *ctx, const store_site_entry *e)
{
    struct ids *l = ctx;
    if (l->n == l->cap && !l->oom) {
        size_t cap = l->cap ? 2 * l->cap : 256;
        long long *more = realloc(l->id, cap * sizeof *more);
        l->oom = !more;
        l->id = more ? more : l->id;
        l->cap = more ? cap : l->cap;
    }
    if (l->n < l->cap)
        l->id[l->n++] = e->game;
}

static bool refresh_person(store *db, const site_options *o, const char *key, bool everywhere)
{
    site_ctx c = { 0 };
    site_buf b;
    struct ids ids = { 0 };
    store_game *g = malloc(sizeof *g);
    char solo[STORE_NICK_MAX + 1];
    char why[CONFIG_PATH_MAX + 512] = "out of memory";
    sb_init(&b);
    bool ok = g && refresh_begin(&c, db, o, why, sizeof why);
    if (!ok)
        log_msg(LOG_ERR, "site: the pages of %s are not written: %s", key, why);
    const store_site_person *p = ok ? site_person(&c, key) : NULL;
    bool moved = false;
    if (p) /* their private games' page gave way: the pages that link to it too */
        ok = write_person_of(&c, key, &b, &moved);
    if (p && (everywhere || moved)) {
        /* the boards name them: the index and every channel's page */
        ok = write_index(&c, &b) && ok && write_channels(&c, NULL, &b);
        snprintf(solo, sizeof solo, "+%s", key);
        store_site_games_of(db, key, -1, take_id, &ids);
        store_site_games_of(db, solo, -1, take_id, &ids);
        if (ids.oom)
            log_msg(LOG_ERR, "site: out of memory listing %s's games: run durakbot --export-site",
                    key);
        int archived = 0, pages = site_archive_page(site_last_game(&c));
        /* their games' archive pages too; ids come newest first */
        for (size_t i = 0; i < ids.n; i++) {
            if (store_get_game(db, ids.id[i], g))
                ok = write_game(&c, g, &b) && ok;
            if (site_archive_page(ids.id[i]) != archived) {
                archived = site_archive_page(ids.id[i]);
                ok = write_archive(&c, archived, pages, &b) && ok;
            }
        }
    }
    site_ctx_free(&c);
    sb_free(&b);
    free(ids.id);
    free(g);
    return ok && !ids.oom;
}

bool site_refresh_person(store *db, const site_options *o, const char *key, bool everywhere)
{
    bool ok = refresh_person(db, o, key, everywhere);
    if (ok)
        site_unmark(o);
    return ok;
}
