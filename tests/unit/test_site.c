/* test_site: the web pages. Escaping of what users choose (markup, ampersands, quotes, direction
 * marks, mIRC colour codes, broken UTF-8), then pages made from a real store: the game's page and
 * its replay, the language of the channel and the language a game was played in (through the
 * tables, and for games of a schema 6 database), a person who chose set site off, page sizes,
 * and a refresh that writes only the pages one game touches. Faults: a page that cannot be written,
 * site.dir that cannot be made, a game not in the database, a page over the size bound, the refresh
 * thread's queue full, no memory for a page, --export-site's errors, a refresh killed midway or
 * dropped by a stop. */
#define _GNU_SOURCE /* F_SETPIPE_SZ: a pipe the refresh thread fills at once */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <ctype.h>
#include <fcntl.h>
#include <ftw.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "failalloc.h"
#include "rng.h"
#include "site.h"
#include "site_html.h"
#include "site_pages.h"
#include "store_internal.h" /* the released schema steps, to build an older database */
#include "log_capture.h"
#include "tables_harness.h"

static char *escaped(const char *s, bool nick)
{
    site_buf b;
    sb_init(&b);
    if (nick)
        sb_nick(&b, s);
    else
        sb_text(&b, s);
    char *out = strdup(b.p ? b.p : "");
    sb_free(&b);
    return out;
}

static void check_escape(const char *in, const char *want, bool nick)
{
    char *got = escaped(in, nick);
    assert_string_equal(got, want);
    free(got);
}

static void test_escape_markup(void **state)
{
    (void)state;
    check_escape("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;", false);
    check_escape("#a<b>", "<bdi>#a&lt;b&gt;</bdi>", true);
}

static void test_escape_ampersand(void **state)
{
    (void)state;
    check_escape("tom&jerry &amp;", "tom&amp;jerry &amp;amp;", false);
}

static void test_escape_quotes(void **state)
{
    (void)state;
    check_escape("a\"b'c", "a&quot;b&#39;c", false); /* safe inside attributes too */
}

static void test_escape_direction_marks(void **state)
{
    (void)state;
    /* U+202E (right-to-left override), U+200F (RLM), U+2067 (RLI): dropped; Hebrew kept, and the
     * nick isolated in <bdi> so that it cannot reorder the line around it */
    check_escape("\xE2\x80\xAE"
                 "evil\xE2\x80\x8F\xE2\x81\xA7\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D",
                 "<bdi>evil\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D</bdi>", true);
}

static void test_escape_mirc_codes(void **state)
{
    (void)state;
    check_escape("\x03"
                 "04,01red\x0f \x02"
                 "bold\x02 \x1funder\x1f \x03"
                 "12blue\x03 \x04"
                 "ff0000hex",
                 "red bold under blue hex", false);
}

static void test_escape_controls_and_bad_utf8(void **state)
{
    (void)state;
    check_escape("a\x01\x7f"
                 "b\xff"
                 "c\r\n",
                 "ab\xEF\xBF\xBD"
                 "c",
                 false);
}

/* ---- pages from a store ---- */

struct fixture {
    char dir[64], db[100], site[100];
    store *s;
};

static int setup(void **state)
{
    struct fixture *f = calloc(1, sizeof *f);
    snprintf(f->dir, sizeof f->dir, "/tmp/test_site.XXXXXX");
    assert_non_null(mkdtemp(f->dir));
    snprintf(f->db, sizeof f->db, "%s/state.db", f->dir);
    snprintf(f->site, sizeof f->site, "%s/site", f->dir);
    char err[512];
    f->s = store_open(f->db, err, sizeof err);
    assert_non_null(f->s);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    struct fixture *f = *state;
    char cmd[400];
    store_close(f->s);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", f->dir);
    assert_int_equal(system(cmd), 0);
    free(f);
    return 0;
}

static bool always_take;  /* record_game_as: the defender always takes, attackers add nothing */
static bool first_action; /* record_game_as: the first legal action, which ends with a durak */
static const char *played_in = ""; /* record_game_as: the language kept ("": none, as before) */

/* A take if there is one, else a pass, else the first card. */
static durak_action take_or_pass(const durak_action *a, int n)
{
    int pass = -1;
    for (int i = 0; i < n; i++) {
        if (a[i].kind == DURAK_ACT_TAKE)
            return a[i];
        pass = a[i].kind == DURAK_ACT_PASS ? i : pass;
    }
    return a[pass >= 0 ? pass : 0];
}

/* How record_game_by picks the move-th move among the n legal ones. */
typedef durak_action (*move_pick)(const durak_game *g, const durak_action *a, int n, int move);

/* The last legal move (usually a card, so the game ends), or as always_take, first_action say. */
static durak_action pick_default(const durak_game *g, const durak_action *a, int n, int move)
{
    (void)g, (void)move;
    return always_take ? take_or_pass(a, n) : first_action ? a[0] : a[n - 1];
}

/* Every defender takes and every attacker passes, as always_take, but a bout is led by a card
 * the move's number picks: no position comes back, and R16's bound of 128 quiet bouts ends it. */
static durak_action pick_quiet(const durak_game *g, const durak_action *a, int n, int move)
{
    return g->phase == DURAK_PHASE_ATTACK ? a[(unsigned)move * 2654435761u % 9973u % (unsigned)n]
                                          : take_or_pass(a, n);
}

/* A game of o played to its end by pick, seat resign_seat leaving before move resign_at (-1:
 * nobody), recorded as persist does: stats keys nicks, and the nicks shown (NULL: the keys). */
static long long record_game_by(store *s, const char *channel, durak_options o, uint64_t seed,
                                const char *const nicks[], const char *const shown[],
                                move_pick pick, int resign_at, int resign_seat)
{
    static game_record rec;
    uint8_t salt[RECORD_SALT_BYTES] = { 1, 2, 3 };
    record_start(&rec, &o, seed, salt);
    durak_game g;
    assert_true(durak_new(&g, &o, seed));
    durak_action a[DURAK_MAX_ACTIONS];
    for (int mv = 0; !durak_over(&g); mv++) {
        double t = 1 + mv;
        if (mv == resign_at) {
            assert_int_equal(durak_resign(&g, resign_seat), DURAK_OK);
            record_add(&rec, RECORD_RESIGN, CARD_NONE, CARD_NONE, resign_seat, t);
            continue;
        }
        int n = durak_legal(&g, a), seat = g.actor;
        durak_action x = pick(&g, a, n, mv);
        assert_int_equal(durak_apply(&g, x), DURAK_OK);
        record_add(&rec, x.kind, x.card, x.target, seat, t);
    }
    snprintf(rec.channel, sizeof rec.channel, "%s", channel);
    snprintf(rec.channel_key, sizeof rec.channel_key, "%s", channel);
    for (char *k = rec.channel_key; *k; k++) /* as the tables fold it (ASCII here) */
        *k = (char)tolower((unsigned char)*k);
    snprintf(rec.result, sizeof rec.result, "%s", g.result == DURAK_RESULT_DRAW ? "draw" : "durak");
    snprintf(rec.language, sizeof rec.language, "%s", played_in);
    store_result r = { .n = o.players, .draw = g.result == DURAK_RESULT_DRAW };
    int last = g.nout ? g.out_place[g.nout - 1] + 1 : 1;
    for (int i = 0; i < o.players; i++) {
        r.seat[i] =
            (store_seat){ nicks[i], shown ? shown[i] : nicks[i], last, false, false, 0, false };
        r.seat[i].durak = g.result == DURAK_RESULT_DURAK && g.result_seat == i;
        r.seat[i].forfeited = (g.forfeited >> i) & 1;
        for (int k = 0; k < g.nout; k++)
            if (g.out[k] == i)
                r.seat[i].place = g.out_place[k];
    }
    double before[DURAK_MAX_PLAYERS], after[DURAK_MAX_PLAYERS];
    assert_true(store_preview_game(s, &r, before, after));
    assert_true(store_record_game(s, &r));
    assert_true(store_save_game_rated(s, &r, &rec, 1767225600, before, after));
    return store_saved_game_id(s);
}

/* A game of 3 played to its end by pick_default. */
static long long record_game_as(store *s, const char *channel, uint64_t seed,
                                const char *const nicks[3], const char *const shown[3])
{
    durak_options o = durak_default_options();
    o.players = 3;
    return record_game_by(s, channel, o, seed, nicks, shown, pick_default, -1, 0);
}

static long long record_game(store *s, const char *channel, uint64_t seed,
                             const char *const nicks[3])
{
    return record_game_as(s, channel, seed, nicks, NULL);
}

static char *slurp(const char *dir, const char *rel)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    char *buf = calloc(1, SITE_PAGE_MAX + 2);
    size_t n = fread(buf, 1, SITE_PAGE_MAX + 1, f);
    fclose(f);
    assert_true(n <= SITE_PAGE_MAX); /* every page at most 60 KB */
    return buf;
}

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

static site_options options(const struct fixture *f)
{
    bot_config cfg;
    config_defaults(&cfg);
    snprintf(cfg.channel_settings[0].name, sizeof cfg.channel_settings[0].name, "#ru");
    cfg.channel_settings[0].language = CONFIG_LANG_RU;
    snprintf(cfg.channel_settings[1].name, sizeof cfg.channel_settings[1].name, "#fr");
    cfg.channel_settings[1].language = CONFIG_LANG_FR;
    cfg.nchannel_settings = 2;
    snprintf(cfg.site.dir, sizeof cfg.site.dir, "%s", f->site);
    snprintf(cfg.site.url, sizeof cfg.site.url, "https://example.org/durak/");
    return site_options_of(&cfg);
}

/* site.dir is made if missing, with the directories above it, as durakbot(8) says. */
static void test_export_makes_parents(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "alice", "bob", "carol" };
    record_game(f->s, "#a", 7, nicks);
    snprintf(f->site, sizeof f->site, "%s/www/durak/site", f->dir);
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    char *index = slurp(f->site, "index.html");
    assert_non_null(index);
    free(index);
}

/* An export run by root (an upgrade's step) into the service's folder: the folders it makes are
 * the service's, which could not write its pages into root's a/ and c/ any more. */
static void test_export_as_root_keeps_the_owner(void **state)
{
    struct fixture *f = *state;
    if (geteuid() != 0) {
        skip(); /* only root can make a folder another user's */
    }
    const char *const nicks[3] = { "alice", "bob", "carol" };
    record_game(f->s, "#a", 7, nicks);
    char owned[80], path[160];
    snprintf(owned, sizeof owned, "%s/state", f->dir);
    assert_int_equal(mkdir(owned, 0700), 0);
    assert_int_equal(chown(owned, 65534, 65534), 0);
    snprintf(f->site, sizeof f->site, "%s/site", owned);
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    static const char *const dirs[] = { "", "/p", "/g", "/a", "/c" };
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        struct stat st;
        snprintf(path, sizeof path, "%s%s", f->site, dirs[i]);
        assert_int_equal(stat(path, &st), 0);
        if (st.st_uid != 65534 || st.st_gid != 65534)
            fail_msg("%s belongs to %d:%d", path, (int)st.st_uid, (int)st.st_gid);
    }
}

static void test_game_page(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "<b>&\"x'", "bob", "carol" };
    long long id = record_game(f->s, "#a<b>", 7, nicks);
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    char rel[32];
    snprintf(rel, sizeof rel, "g/%lld.html", id);
    char *page = slurp(f->site, rel);
    assert_non_null(page);
    assert_non_null(strstr(page, "<html lang=\"en\">"));
    assert_non_null(strstr(page, " &middot; durakbot</title>")); /* the site's name in tabs */
    assert_non_null(strstr(page, "<link rel=\"icon\" href=\"data:,\">")); /* no favicon 404 */
    assert_non_null(strstr(page, "<bdi>&lt;b&gt;&amp;&quot;x&#39;</bdi>"));
    assert_null(strstr(page, "<b>&")); /* never the raw nick */
    assert_non_null(strstr(page, "<bdi>#a&lt;b&gt;</bdi>"));
    /* the options in the words the channel heard at the start */
    assert_non_null(strstr(page, "<p>Options: classic, throw-in by all, 36 cards</p>"));
    /* the replay: the hands as dealt, bouts opened and closed, every move a line */
    store_game *g = malloc(sizeof *g);
    assert_true(store_get_game(f->s, id, g));
    /* the fair deal's checks: each block one shell line to paste (the durak-cli one deals the
     * hands again, as !last says), no operator's command */
    char cli[160];
    record_cli_new(&g->rec, cli, sizeof cli);
    char want[300];
    snprintf(want, sizeof want, "<pre><code>printf '%s\\nstate\\n' | durak-cli</code></pre>", cli);
    assert_non_null(strstr(page, want));
    assert_null(strstr(page, "--export-game"));
    int bouts = count(page, "<section class=\"bout\"");
    assert_true(bouts > 1);
    assert_int_equal(count(page, "</section>"), bouts + 2); /* with the deal and the proof */
    assert_true(count(page, "<li>") >= g->rec.nmoves + 3);
    char fp[RECORD_DIGEST_HEX], commit[RECORD_COMMIT_MAX];
    record_fingerprint(&g->rec, fp);
    record_commit_string(&g->rec, commit);
    assert_non_null(strstr(page, fp));
    assert_non_null(strstr(page, commit));
    assert_non_null(strstr(page, "id=\"next\""));
    assert_non_null(strstr(page, "&rarr;")); /* rating changes */
    free(g);
    free(page);
    char url[400];
    assert_true(site_page_url(o.url, 'g', id, url, sizeof url));
    assert_string_equal(url, "https://example.org/durak/g/1.html");
    assert_true(site_page_url("https://example.org//", 0, 0, url, sizeof url));
    assert_string_equal(url, "https://example.org/index.html");
    assert_false(site_page_url("", 'g', id, url, sizeof url));
    assert_false(site_page_url(o.url, 'p', 0, url, sizeof url)); /* nobody's page */
}

static void test_channel_language(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "vasya", "petya", "masha" };
    long long id = record_game(f->s, "#ru", 11, nicks);
    site_options o = options(f);
    assert_true(site_refresh_game(f->s, &o, id));
    char rel[32];
    snprintf(rel, sizeof rel, "g/%lld.html", id);
    char *page = slurp(f->site, rel);
    assert_non_null(page);
    assert_non_null(strstr(page, "<html lang=\"ru\">"));
    assert_non_null(strstr(page, msg_in(MSG_LANG_RU, MSG_SITE_REPLAY)));
    free(page);
}

/* ---- the language a game was played in ---- */

/* The table of players nicks played to its end by random legal moves, each player asking for
 * theirs (in English: they must have chosen it, whatever the table speaks). */
static void play_out(harness *h, const char *const nicks[2], uint64_t seed)
{
    rng_t r;
    rng_seed(&r, seed);
    for (int step = 0; step < 5000; step++) {
        bool moved = false;
        for (int i = 0; i < 2; i++)
            moved = play_own_random_move(h, &r, nicks[i]) || moved;
        if (!moved) /* nobody has a move: the game is over */
            return;
    }
    fail_msg("the game did not end");
}

/* The page of game id (written by a refresh from db), or NULL. */
static char *game_page(const struct fixture *f, store *db, long long id)
{
    site_options o = options(f);
    assert_true(site_refresh_game(db, &o, id));
    char rel[32];
    snprintf(rel, sizeof rel, "g/%lld.html", id);
    return slurp(f->site, rel);
}

/* A channel without a language of its own (game.language is English): a game opened there with
 * !дурак speaks Russian, and so does its page, though its players read English privately; one
 * opened with !durak speaks English, and so does its page. */
static void test_page_in_the_language_played(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[2] = { "alice", "bob" };
    harness *h = h_new(31);
    h_use_store(h, f->s);
    priv(h, "alice", "set language en");
    priv(h, "bob", "set language en");
    chan(h, "alice", "#durak", "!дурак");
    chan(h, "bob", "#durak", "!играть");
    chan(h, "alice", "#durak", "!старт");
    play_out(h, nicks, 5);
    chan(h, "alice", "#other", "!durak");
    chan(h, "bob", "#other", "!join");
    chan(h, "alice", "#other", "!start");
    play_out(h, nicks, 6);
    h_free(h);
    store_game *g = malloc(sizeof *g);
    assert_true(store_last_game(f->s, "#durak", g));
    assert_string_equal(g->rec.language, "ru");
    char *page = game_page(f, f->s, g->id);
    assert_non_null(page);
    assert_non_null(strstr(page, "<html lang=\"ru\">"));
    assert_non_null(strstr(page, "<h2>Запись партии</h2>")); /* messages_ru.c's MSG_SITE_REPLAY */
    assert_non_null(strstr(page, "Честная раздача: зерно ")); /* "зерно", as the start line says */
    assert_null(strstr(page, "<h2>Replay</h2>"));
    free(page);
    assert_true(store_last_game(f->s, "#other", g));
    assert_string_equal(g->rec.language, "en");
    page = game_page(f, f->s, g->id);
    assert_non_null(page);
    assert_non_null(strstr(page, "<html lang=\"en\">"));
    assert_non_null(strstr(page, "<h2>Replay</h2>"));
    free(page);
    free(g);
}

/* The last person leaves two computer players: they share the win, and the page names both, as
 * the channel said it (not the first of them alone). */
static void test_shared_win_page(void **state)
{
    struct fixture *f = *state;
    harness *h = h_new(48);
    h_use_store(h, f->s);
    chan(h, "lone", "#durak", "!durak");
    chan(h, "lone", "#durak", "!bot");
    chan(h, "lone", "#durak", "!bot hard");
    chan(h, "lone", "#durak", "!start");
    chan(h, "lone", "#durak", "!leave");
    assert_non_null(said(h, "#durak", "only computer players are left, and they share the win"));
    h_free(h);
    char *page = game_page(f, f->s, 1);
    assert_non_null(page);
    assert_non_null(strstr(page, "<bdi>Normal[bot]</bdi> and <bdi>Hard[bot]</bdi> share the win by "
                                 "forfeit"));
    free(page);
}

/* A team game a partner's forfeit ended (R19): its page and the index say which team lost, as
 * the channel did, and never that a player of the losing team won by forfeit. */
static void test_team_forfeit_page(void **state)
{
    struct fixture *f = *state;
    harness *h = h_new(47);
    h_use_store(h, f->s);
    lobby(h, "#durak", "teams", NICKS, 4);
    chan(h, "alice", "#durak", "!start");
    chan(h, "dave", "#durak", "!leave"); /* asked, then left (R19) */
    chan(h, "dave", "#durak", "!leave");
    assert_non_null(said(h, "#durak", "Team bob+dave lost, alice+carol won."));
    h_free(h);
    char *page = game_page(f, f->s, 1);
    assert_non_null(page);
    const char *want =
        "Team <bdi>bob</bdi>+<bdi>dave</bdi> lost, <bdi>alice</bdi>+<bdi>carol</bdi> "
        "won.";
    assert_non_null(strstr(page, want));
    assert_null(strstr(page, "by forfeit"));
    /* each seat's place says its team's outcome first: places alone mislead in a team game */
    assert_non_null(strstr(page, "<bdi>alice</bdi></a></td><td>team won</td>"));
    assert_non_null(strstr(page, "<bdi>bob</bdi></a></td><td>team lost</td>"));
    assert_non_null(strstr(page, "<bdi>dave</bdi></a></td><td>team lost &middot; forfeited"));
    free(page);
    char *index = slurp(f->site, "index.html");
    assert_non_null(strstr(index, want));
    assert_null(strstr(index, "by forfeit"));
    free(index);
    /* and so does each person's list of games */
    const char *const place[][2] = { { "alice", "<td>team won</td>" },
                                     { "bob", "<td>team lost</td>" },
                                     { "dave", "<td>team lost &middot; forfeited</td>" } };
    for (size_t i = 0; i < sizeof place / sizeof place[0]; i++) {
        char rel[32];
        snprintf(rel, sizeof rel, "p/%lld.html", store_site_person_id(f->s, place[i][0]));
        char *person = slurp(f->site, rel);
        assert_non_null(person);
        assert_non_null(strstr(person, place[i][1]));
        free(person);
    }
}

/* A private game speaks its player's language (set language ru), and so does its page, though
 * game.language is English. */
static void test_private_page_in_the_players_language(void **state)
{
    struct fixture *f = *state;
    harness *h = h_new(32);
    h_use_store(h, f->s);
    priv(h, "alice", "set language ru");
    priv(h, "alice", "play easy 2");
    solo_stopped(h, "alice"); /* recorded: the computer players won */
    h_free(h);
    store_game *g = malloc(sizeof *g);
    assert_true(store_get_game(f->s, 1, g));
    assert_string_equal(g->rec.language, "ru");
    char *page = game_page(f, f->s, g->id);
    assert_non_null(page);
    assert_non_null(strstr(page, "<html lang=\"ru\">"));
    assert_non_null(strstr(page, "<h2>Запись партии</h2>"));
    assert_null(strstr(page, "<h2>Replay</h2>"));
    assert_non_null(strstr(page, msg_in(MSG_LANG_RU, MSG_SITE_PRIVATE))); /* never its key */
    assert_null(strstr(page, RECORD_PRIVATE_PREFIX));
    free(page);
    free(g);
}

/* A database of schema 6 (before games kept their language), built by the released steps with
 * two games in it, opens: the games get a language column, unknown (''), and their pages stay in
 * their channel's language, as they always were: Russian in #ru, English in #durak. */
static void test_old_games_keep_the_channels_language(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "vasya", "petya", "masha" };
    long long ru = record_game(f->s, "#ru", 11, nicks), en = record_game(f->s, "#durak", 12, nicks);
    char path[128], sql[1024], err[512];
    snprintf(path, sizeof path, "%s/v6.db", f->dir);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    for (int v = 0; v < 6; v++)
        assert_int_equal(sqlite3_exec(db, store_migrations[v], NULL, NULL, NULL), SQLITE_OK);
    snprintf(sql, sizeof sql,
             "ATTACH '%s' AS now;" /* the same games, in the columns schema 6 had */
             "INSERT INTO games SELECT id, channel, channel_key, ended_at, players, variant,"
             " throwin, first5, deck, seed, salt, draw, result, truncated, moves, teams"
             " FROM now.games;"
             "INSERT INTO game_seats SELECT * FROM now.game_seats;"
             "INSERT INTO players SELECT key, display, games, firsts, duraks, draws, forfeits,"
             " rating FROM now.players;"
             "DETACH now; PRAGMA user_version = 6;",
             f->db);
    assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
    store *old = store_open(path, err, sizeof err);
    assert_non_null(old);
    assert_string_equal(err, ""); /* migrated, not moved aside */
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(old->db, "SELECT count(*) FROM games WHERE language = ''",
                                        -1, &st, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int(st, 0), 2);
    sqlite3_finalize(st);
    char *page = game_page(f, old, ru);
    assert_non_null(page);
    assert_non_null(strstr(page, "<html lang=\"ru\">"));
    assert_non_null(strstr(page, "<h2>Запись партии</h2>"));
    free(page);
    page = game_page(f, old, en);
    assert_non_null(page);
    assert_non_null(strstr(page, "<html lang=\"en\">"));
    assert_non_null(strstr(page, "<h2>Replay</h2>"));
    free(page);
    store_close(old);
}

static void test_hidden_person(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "alice", "shyguy", "carol" };
    long long id = record_game(f->s, "#durak", 5, nicks);
    store_prefs p = { 0, 0, 0, "", 2 };
    assert_true(store_put_prefs(f->s, "shyguy", &p));
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    char rel[32];
    snprintf(rel, sizeof rel, "g/%lld.html", id);
    char *page = slurp(f->site, rel), *index = slurp(f->site, "index.html");
    assert_non_null(page);
    assert_null(strstr(page, "shyguy"));
    assert_null(strstr(index, "shyguy"));
    assert_non_null(strstr(page, "Player 2")); /* seat 2, numbered, a name */
    assert_non_null(strstr(index, "alice"));
    free(page);
    free(index);
    char path[400];
    struct stat st;
    for (int i = 1; i <= 3; i++) { /* no page of theirs: none mentions them */
        snprintf(path, sizeof path, "p/%d.html", i);
        char *pp = slurp(f->site, path);
        if (pp)
            assert_null(strstr(pp, "shyguy"));
        free(pp);
    }
    snprintf(path, sizeof path, "%s/p/2.html", f->site);
    assert_int_not_equal(stat(path, &st), 0);
}

/* Game 1 copied n times as games 2 to n + 1, seats and all: many games without playing them. */
static void copy_first_game(struct fixture *f, int n)
{
    char sql[1200];
    snprintf(sql, sizeof sql,
             "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < %d)"
             " INSERT INTO games (id, channel, channel_key, ended_at, players, variant, throwin,"
             " first5, deck, seed, salt, draw, result, truncated, moves, teams, language)"
             " SELECT id + i, channel, channel_key, ended_at, players, variant, throwin, first5,"
             " deck, seed, salt, draw, result, truncated, moves, teams, language FROM games, n"
             " WHERE id = 1;"
             "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < %d)"
             " INSERT INTO game_seats SELECT game + i, seat, key, display, place, durak, forfeited,"
             " rating_before, rating_after FROM game_seats, n WHERE game = 1;",
             n, n);
    assert_int_equal(sqlite3_exec(f->s->db, sql, NULL, NULL, NULL), SQLITE_OK);
}

/* set site off by someone with thousands of games: every page of theirs is rewritten, the oldest
 * too (it kept the nick, and a link to their removed page, past the 2048th). */
static void test_hidden_person_many_games(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "alice", "shyguy", "carol" };
    long long id = record_game(f->s, "#durak", 5, nicks);
    copy_first_game(f, 2100);
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0); /* every page names shyguy */
    store_prefs p = { 0, 0, 0, "", 2 };
    assert_true(store_put_prefs(f->s, "shyguy", &p));
    assert_true(site_refresh_person(f->s, &o, "shyguy", true));
    char rel[32];
    snprintf(rel, sizeof rel, "g/%lld.html", id);
    char *page = slurp(f->site, rel);
    assert_non_null(page);
    assert_null(strstr(page, "shyguy"));
    assert_non_null(strstr(page, "Player 2"));
    free(page);
    for (int k = 1; k <= 22; k += 21) { /* the archive's pages of her games: the first, the last */
        snprintf(rel, sizeof rel, "a/%d.html", k);
        page = slurp(f->site, rel);
        assert_non_null(page);
        assert_null(strstr(page, "shyguy"));
        free(page);
    }
}

/* site.dir first written from one database, then the bot started on another (a fresh file, say)
 * with the same site.dir: its pages of games 1 and 2 would pass for the new one's. The new
 * database's check asks for a whole export, which removes every numbered page first (nothing
 * else there) and writes its own; refreshes then go on with it, and a database that is not the
 * pages' own is refused until a whole export. */
static void test_site_of_another_database(void **state)
{
    struct fixture *f = *state;
    const char *const old_nicks[3] = { "olga", "oleg", "omar" };
    const char *const new_nicks[3] = { "nina", "nick", "noor" };
    record_game(f->s, "#durak", 5, old_nicks);
    record_game(f->s, "#durak", 6, old_nicks);
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    assert_true(site_complete(f->s, &o));
    char keep[160], *page;
    snprintf(keep, sizeof keep, "%s/g/notes.txt", f->site);
    FILE *k = fopen(keep, "w");
    assert_non_null(k);
    fclose(k);

    char db2[128], err[512];
    snprintf(db2, sizeof db2, "%s/other.db", f->dir);
    store *s2 = store_open(db2, err, sizeof err);
    assert_non_null(s2);
    assert_false(site_complete(s2, &o)); /* empty, and the pages are not its own */
    long long id = record_game(s2, "#durak", 7, new_nicks);
    assert_int_equal(id, 1);
    assert_false(site_complete(s2, &o));
    assert_false(site_refresh_game(s2, &o, id));
    assert_int_equal(site_export(s2, &o, stderr), 0);
    assert_true(site_complete(s2, &o));
    assert_non_null(page = slurp(f->site, "g/1.html"));
    assert_non_null(strstr(page, "nina"));
    assert_null(strstr(page, "olga"));
    free(page);
    assert_null(slurp(f->site, "g/2.html")); /* the old database's second game */
    assert_int_equal(access(keep, F_OK), 0);
    assert_true(site_refresh_game(s2, &o, record_game(s2, "#durak", 8, new_nicks)));
    assert_true(site_complete(s2, &o));
    assert_false(site_complete(f->s, &o)); /* and back: the first database's pages are gone */
    store_close(s2);
}

/* A start with other languages (game.language, channel_settings) than the pages were written in
 * finds the site not whole, so it is written whole: a page at a time, it stayed in two languages
 * (only the pages of games played since spoke the new one). */
static void test_site_of_other_languages(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "alice", "bob", "carol" };
    record_game(f->s, "#durak", 5, nicks);
    record_game(f->s, "#other", 6, nicks);
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    assert_true(site_complete(f->s, &o));
    site_options ru = o;
    ru.lang = MSG_LANG_RU;
    assert_false(site_complete(f->s, &ru));
    site_options fr = o; /* #ru's pages in French now */
    fr.channels[0].language = CONFIG_LANG_FR;
    assert_false(site_complete(f->s, &fr));
    assert_false(site_refresh_game(f->s, &ru, record_game(f->s, "#durak", 7, nicks)));
    assert_int_equal(site_export(f->s, &ru, stderr), 0);
    assert_true(site_complete(f->s, &ru));
    char *page = slurp(f->site, "c/2.html"); /* #other: no game since */
    assert_non_null(strstr(page, "<html lang=\"ru\">"));
    free(page);
}

/* An empty database's site becomes its own with the first game's refresh: no whole export. */
static void test_site_of_an_empty_database(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "nina", "nick", "noor" };
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    assert_true(site_complete(f->s, &o));
    assert_true(site_refresh_game(f->s, &o, record_game(f->s, "#durak", 7, nicks)));
    assert_true(site_complete(f->s, &o));
}

/* Every game is reachable: the index links the archive's newest page, a hundred games a page,
 * newest first, each page linking its neighbours; a new game rewrites its page and the one
 * before it, which gains its "newer" link. */
static void test_archive(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "alice", "bob", "carol" };
    record_game(f->s, "#durak", 5, nicks);
    copy_first_game(f, 99); /* games 2 to 100 */
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    char *index = slurp(f->site, "index.html"), *page = slurp(f->site, "a/1.html");
    assert_non_null(strstr(index, "<a href=\"a/1.html\">Every game, a hundred a page</a>"));
    assert_non_null(strstr(page, "<h1>Every game: #1 to #100</h1>"));
    assert_int_equal(count(page, "href=\"../g/"), 100);
    assert_true(strstr(page, ">#100<") < strstr(page, ">#1<")); /* newest first */
    assert_non_null(strstr(page, "href=\"../p/1.html\""));      /* names link their pages */
    assert_null(strstr(page, "Newer games"));
    assert_null(strstr(page, "Older games"));
    free(index);
    free(page);
    long long id = record_game(f->s, "#durak", 6, nicks); /* #101 */
    assert_int_equal(id, 101);
    assert_true(site_refresh_game(f->s, &o, id));
    index = slurp(f->site, "index.html");
    page = slurp(f->site, "a/2.html");
    char *older = slurp(f->site, "a/1.html");
    assert_non_null(strstr(index, "<a href=\"a/2.html\">"));
    assert_non_null(strstr(page, "<h1>Every game: #101 to #101</h1>")); /* as far as there are */
    assert_int_equal(count(page, "href=\"../g/"), 1);
    assert_non_null(strstr(page, "<a href=\"1.html\">Older games</a>"));
    assert_non_null(strstr(older, "<a href=\"2.html\">Newer games</a>"));
    free(index);
    free(page);
    free(older);
}

static void test_person_page(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "alice", "bob", "carol" };
    for (uint64_t seed = 1; seed <= 5; seed++)
        record_game(f->s, "#durak", seed, nicks);
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    char *page = slurp(f->site, "p/1.html"); /* alice: the first players row */
    assert_non_null(page);
    assert_non_null(strstr(page, "<h1><bdi>alice</bdi></h1>"));
    assert_non_null(strstr(page, "<svg"));
    assert_int_equal(count(page, "<polyline"), 1);
    assert_int_equal(count(page, "href=\"../g/"), 5); /* her five games */
    free(page);
    char *index = slurp(f->site, "index.html");
    assert_non_null(strstr(index, "Games played: 5"));
    free(index);
}

/* The page of key's person, written by site_export. */
static char *person_page(const struct fixture *f, const char *key)
{
    char rel[32];
    snprintf(rel, sizeof rel, "p/%lld.html", store_site_person_id(f->s, key));
    return slurp(f->site, rel);
}

/* A person's page speaks to them, though game.language is English: in the language they chose
 * (carol: set language es), else in the one of their latest game (alice: Russian; bob and erin:
 * French, the later game), else, for a game recorded before games kept theirs, in its channel's
 * (gus: #ru). */
static void test_person_page_language(void **state)
{
    struct fixture *f = *state;
    const char *const first[3] = { "alice", "bob", "carol" }, *const later[3] = { "bob", "carol",
                                                                                  "erin" };
    const char *const old[3] = { "gus", "hal", "ivy" };
    played_in = "ru";
    record_game(f->s, "#durak", 1, first);
    played_in = "fr";
    record_game(f->s, "#durak", 2, later);
    played_in = "";
    record_game(f->s, "#ru", 3, old);
    store_prefs carol = { .language = "es" };
    assert_true(store_put_prefs(f->s, "carol", &carol));
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    const char *const want[][2] = {
        { "alice", "ru" }, { "bob", "fr" }, { "carol", "es" }, { "erin", "fr" }, { "gus", "ru" },
    };
    for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
        char *page = person_page(f, want[i][0]), tag[32];
        assert_non_null(page);
        snprintf(tag, sizeof tag, "<html lang=\"%s\">", want[i][1]);
        if (!strstr(page, tag))
            fail_msg("%s's page is not in %s", want[i][0], want[i][1]);
        free(page);
    }
    char *page = person_page(f, "alice"); /* the page's own words, not only its tag */
    assert_non_null(strstr(page, msg_in(MSG_LANG_RU, MSG_SITE_RECENT)));
    free(page);
}

/* A person's `set language` rewrites their own page alone: their games' pages are as they were
 * (a player of thousands of games does not hold every other refresh up). */
static void test_language_rewrites_the_persons_page_alone(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "alice", "bob", "carol" };
    record_game(f->s, "#durak", 1, nicks);
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    char page[600], game[600];
    snprintf(page, sizeof page, "%s/p/%lld.html", f->site, store_site_person_id(f->s, "alice"));
    snprintf(game, sizeof game, "%s/g/1.html", f->site);
    assert_int_equal(unlink(page), 0);
    assert_int_equal(unlink(game), 0);
    store_prefs fr = { .language = "fr" };
    assert_true(store_put_prefs(f->s, "alice", &fr));
    assert_true(site_refresh_person(f->s, &o, "alice", false));
    char *mine = person_page(f, "alice");
    assert_non_null(mine);
    assert_non_null(strstr(mine, "<html lang=\"fr\">"));
    free(mine);
    assert_int_equal(access(game, F_OK), -1);
    assert_true(site_refresh_person(f->s, &o, "alice", true)); /* set site: every page */
    assert_int_equal(access(game, F_OK), 0);
}

/* After a first game the chart has one point: a dot marks it (a line of one point draws nothing)
 * and the game is named once, under it. */
static void test_person_chart_one_game(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "alice", "bob", "carol" };
    record_game(f->s, "#durak", 1, nicks);
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    char *page = slurp(f->site, "p/1.html");
    assert_non_null(page);
    assert_int_equal(count(page, "<circle cx=\"325.0\""), 1); /* the middle of 60..590 */
    assert_int_equal(count(page, ">#1</text>"), 1);
    const char *words = strstr(page, "</svg>\n<p>"); /* and in words: "1500 after game #1." */
    assert_non_null(words);
    assert_true(strspn(words + 10, "0123456789") == 4);
    assert_int_equal(strncmp(words + 14, " after game #1.</p>", 19), 0);
    free(page);
}

/* Ratings no play gives (a damaged or hand-edited database): 1e308 made the chart's grid loop
 * forever (the step too small to change the value), the page buffer growing without bound, and
 * an infinite one was rounded to an int. They read as a million, the bound. */
static void test_damaged_ratings(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "alice", "bob", "carol" };
    record_game(f->s, "#durak", 1, nicks);
    assert_int_equal(
        sqlite3_exec(f->s->db,
                     "UPDATE game_seats SET rating_before = 1e308, rating_after = 1e308;"
                     "UPDATE players SET rating = 9e999 WHERE key = 'alice';"
                     "UPDATE players SET rating = -9e999 WHERE key = 'bob';",
                     NULL, NULL, NULL),
        SQLITE_OK);
    store_player p;
    assert_true(store_get_player(f->s, "alice", &p));
    assert_true(p.rating == 1e6);
    assert_true(store_get_player(f->s, "bob", &p));
    assert_true(p.rating == -1e6);
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    char *page = slurp(f->site, "p/1.html");
    assert_non_null(page);
    assert_null(strstr(page, "nan"));
    assert_null(strstr(page, "inf"));
    assert_non_null(strstr(page, ">1000000 after game #1.</p>"));
    free(page);
}

/* Over 300 games the line draws runs of games: each run's lowest and highest, so that it reaches
 * the lowest and highest the words under it name (it drew every k-th game, and missed them). */
static void test_chart_reaches_extremes(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "alice", "bob", "carol" };
    record_game(f->s, "#durak", 1, nicks);
    copy_first_game(f, 699); /* 700 games: runs of 3 */
    assert_int_equal(
        sqlite3_exec(f->s->db,
                     "UPDATE game_seats SET rating_after = 1500 + (game * 37) % 101 - 50"
                     " WHERE key = 'alice';"
                     "UPDATE game_seats SET rating_after = 1400 WHERE key = 'alice'"
                     " AND game = 335;"
                     "UPDATE game_seats SET rating_after = 1600 WHERE key = 'alice'"
                     " AND game = 336;",
                     NULL, NULL, NULL),
        SQLITE_OK);
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    char rel[32];
    snprintf(rel, sizeof rel, "p/%lld.html", store_site_person_id(f->s, "alice"));
    char *page = slurp(f->site, rel);
    assert_non_null(page);
    assert_non_null(strstr(page, "lowest 1400, after game #335"));
    const char *line = strstr(page, "<polyline"), *end = line ? strstr(line, "/>") : NULL;
    assert_non_null(end);
    char points[8000];
    snprintf(points, sizeof points, "%.*s", (int)(end - line), line);
    assert_non_null(strstr(points, ",176.0")); /* 1400: the grid's bottom, y1 */
    assert_non_null(strstr(points, ",10.0"));  /* 1600: its top, y0 */
    free(page);
}

/* A draw by R16's bound (128 bouts in a row with no card gone) is not called a repetition: the
 * page said "the same position came back" of a game whose 128 positions were all different. */
static void test_quiet_draw_page(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "alice", "bob", "carol" };
    durak_options o = durak_default_options();
    o.players = 3;
    uint64_t seed = 0;
    for (uint64_t k = 1; k < 50 && !seed; k++) { /* a deal this pick ends by the bound */
        durak_game g;
        durak_action a[DURAK_MAX_ACTIONS];
        assert_true(durak_new(&g, &o, k));
        for (int mv = 0; !durak_over(&g); mv++)
            assert_int_equal(durak_apply(&g, pick_quiet(&g, a, durak_legal(&g, a), mv)), DURAK_OK);
        seed = g.result == DURAK_RESULT_DRAW && g.nhistory >= DURAK_MAX_HISTORY ? k : 0;
    }
    assert_true(seed > 0);
    long long id = record_game_by(f->s, "#durak", o, seed, nicks, NULL, pick_quiet, -1, 0);
    site_options so = options(f);
    assert_int_equal(site_export(f->s, &so, stderr), 0);
    char rel[32];
    snprintf(rel, sizeof rel, "g/%lld.html", id);
    char *page = slurp(f->site, rel);
    assert_non_null(page);
    assert_non_null(strstr(page, "<strong>a draw &middot; 128 bouts in a row went by with no card "
                                 "gone (rule R16)</strong>"));
    free(page);
}

/* The chart's figures in words after it, for a screen reader or a text browser: the rating now,
 * the highest and the lowest (rounded), each with its game. */
static void test_chart_in_words(void **state)
{
    (void)state;
    const double ratings[] = { 1500.4, 1520.6, 1479.5, 1510 };
    const long long ids[] = { 3, 7, 9, 12 };
    site_buf b;
    sb_init(&b);
    site_chart(&b, MSG_LANG_EN, MSG_SITE_CHART, ratings, ids, 4);
    assert_non_null(strstr(b.p, "</svg>\n<p>Now 1510, after game #12; highest 1521, after game "
                                "#7; lowest 1480, after game #9.</p>\n"));
    sb_free(&b);
    sb_init(&b);
    site_chart(&b, MSG_LANG_RU, MSG_SITE_CHART, ratings, ids, 4);
    assert_non_null(strstr(b.p, "<p>Сейчас 1510, после партии №12; высший 1521, после партии №7; "
                                "низший 1480, после партии №9.</p>"));
    sb_free(&b);
}

/* Every bout is one card led and taken: "picks up the table (1 card)", in the language's plural.
 * R13: after a bout the replay names the cards each player drew, in the order they drew, and what
 * the stock kept; the taker's picked-up cards are not a draw. Here the first bout's attacker
 * alone draws: one card, the stock's top. */
static void test_replay_of_taken_bouts(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "alice", "bob", "carol" };
    always_take = true;
    long long en = record_game(f->s, "#durak", 3, nicks), ru = record_game(f->s, "#ru", 3, nicks);
    always_take = false;
    first_action = true; /* a game with a durak: its stock runs out */
    long long out = record_game(f->s, "#durak", 3, nicks);
    first_action = false;
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    durak_options opt = durak_default_options();
    opt.players = 3;
    durak_game g;
    assert_true(durak_new(&g, &opt, 3));
    site_buf card;
    sb_init(&card);
    sb_card(&card, MSG_LANG_EN, g.stock[g.stock_len - 1]);
    char want[300], rel[32];
    snprintf(want, sizeof want,
             "picks up the table (1 card).</em></li>\n<li><bdi>%s</bdi> draws %s</li>\n"
             "<li><em>Cards left in the stock: %d.</em></li>\n</ol></section>",
             nicks[g.attacker], card.p, g.stock_len - 1);
    sb_free(&card);
    snprintf(rel, sizeof rel, "g/%lld.html", en);
    char *page = slurp(f->site, rel);
    assert_non_null(page);
    const char *b1 = strstr(page, "id=\"b1\""), *b2 = strstr(page, "id=\"b2\"");
    assert_non_null(b1);
    assert_non_null(b2);
    const char *at = strstr(b1, want);
    if (!at || at > b2)
        fail_msg("bout 1 does not end \"%s\"", want);
    assert_true(count(page, "picks up the table (1 card).") > 3);
    assert_int_equal(count(page, "cards)"), 0);
    /* it never ends: a draw, with cards held, whose reason the channel heard (R16) */
    assert_non_null(strstr(page, "<strong>a draw &middot; the same position came back with no card "
                                 "gone (rule R16)</strong>"));
    /* takers hold more than 6, so only some bouts draw: each of those by one player here */
    assert_true(count(page, " draws ") > 1);
    assert_int_equal(count(page, " draws "), count(page, "Cards left in the stock: "));
    free(page);
    snprintf(rel, sizeof rel, "g/%lld.html", ru);
    page = slurp(f->site, rel);
    assert_non_null(page);
    assert_true(count(page, "забирает со стола 1 карту.") > 3);
    assert_true(count(page, " добирает ") > 1);
    assert_non_null(strstr(page, "Карт в колоде: "));
    free(page);
    /* the stock's last card drawn is the face-up trump card, named last on its line (R3) */
    snprintf(rel, sizeof rel, "g/%lld.html", out);
    page = slurp(f->site, rel);
    assert_non_null(page);
    sb_init(&card);
    sb_card(&card, MSG_LANG_EN, g.trump_card);
    snprintf(want, sizeof want, "%s</li>\n<li><em>Cards left in the stock: 0.</em>", card.p);
    sb_free(&card);
    if (!strstr(page, want))
        fail_msg("no \"%s\" in the page", want);
    assert_null(strstr(page, "came back")); /* a durak: no draw to explain */
    free(page);
}

static durak_action pick_transfer(const durak_game *g, const durak_action *a, int n, int move)
{
    (void)g, (void)move;
    for (int i = 0; i < n; i++)
        if (a[i].kind == DURAK_ACT_TRANSFER)
            return a[i];
    return a[n - 1];
}

static durak_action pick_take_second(const durak_game *g, const durak_action *a, int n, int move)
{
    (void)g;
    return move == 1 ? take_or_pass(a, n) : a[n - 1];
}

/* The bout's first (escaped) lines up to its end, as a string to free. */
static char *bout_of(const char *page, int k)
{
    char id[32];
    snprintf(id, sizeof id, "id=\"b%d\"", k);
    const char *b = strstr(page, id), *e = b ? strstr(b, "</section>") : NULL;
    assert_non_null(e);
    return strndup(b, (size_t)(e - b));
}

/* R18: a defender who takes and then leaves picks nothing up: the table goes to the discard with
 * their hand, and the page says so (it said "boris picks up the table"). The same defender leaving
 * with a card open. */
static void test_replay_defender_leaves(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "anna", "boris", "vera" };
    durak_options o = durak_default_options();
    o.players = 3;
    uint64_t seed = 1;
    for (;; seed++) { /* anna leads, boris defends and takes, and the bout goes on (throw-ins) */
        durak_game g;
        durak_action a[DURAK_MAX_ACTIONS];
        assert_true(durak_new(&g, &o, seed));
        if (g.actor != 0 || g.defender != 1)
            continue;
        for (int mv = 0; mv < 2; mv++)
            durak_apply(&g, pick_take_second(&g, a, durak_legal(&g, a), mv));
        if (g.phase == DURAK_PHASE_TAKING)
            break;
    }
    long long took = record_game_by(f->s, "#durak", o, seed, nicks, NULL, pick_take_second, 2, 1);
    long long open = record_game_by(f->s, "#durak", o, seed, nicks, NULL, pick_default, 1, 1);
    site_options so = options(f);
    assert_int_equal(site_export(f->s, &so, stderr), 0);
    const char *left = "The defender left: the cards on the table leave the game (rule R18).";
    for (int k = 0; k < 2; k++) {
        char rel[32];
        snprintf(rel, sizeof rel, "g/%lld.html", k ? open : took);
        char *page = slurp(f->site, rel), *bout = bout_of(page, 1);
        if (!k)
            assert_non_null(strstr(bout, "<bdi>boris</bdi> takes"));
        assert_non_null(strstr(bout, "<bdi>boris</bdi> leaves the game"));
        assert_null(strstr(bout, "picks up the table"));
        assert_null(strstr(bout, "Beaten"));
        assert_non_null(strstr(bout, left));
        free(bout);
        free(page);
    }
}

/* A bout passed on three times or more names its transferrers in its heading: with long names
 * full of what HTML escapes, the list once was cut at 1024 bytes inside an entity, and a <bdi>
 * was left open. */
static void test_replay_heading_of_many_transfers(void **state)
{
    struct fixture *f = *state;
    char q[4][64];
    const char *nicks[4];
    for (int i = 0; i < 4; i++) {
        memset(q[i], '"', 62);
        q[i][62] = (char)('a' + i), q[i][63] = '\0';
        nicks[i] = q[i];
    }
    durak_options o = durak_default_options();
    o.players = 4;
    o.variant = DURAK_VARIANT_TRANSFER;
    uint64_t seed = 1;
    for (int transfers = 0; transfers < 3;
         seed++) { /* a deal whose first bout is passed on 3 times */
        durak_game g;
        durak_action a[DURAK_MAX_ACTIONS];
        assert_true(durak_new(&g, &o, seed));
        transfers = 0;
        for (int first = g.bouts; g.bouts == first && !durak_over(&g);) {
            durak_action x = pick_transfer(&g, a, durak_legal(&g, a), 0);
            transfers += x.kind == DURAK_ACT_TRANSFER;
            durak_apply(&g, x);
        }
    }
    long long id = record_game_by(f->s, "#durak", o, seed - 1, nicks, NULL, pick_transfer, -1, 0);
    site_options so = options(f);
    assert_int_equal(site_export(f->s, &so, stderr), 0);
    char rel[32];
    snprintf(rel, sizeof rel, "g/%lld.html", id);
    char path[512], *page = calloc(1, 1 << 20), *bout;
    snprintf(path, sizeof path, "%s/%s", f->site, rel);
    FILE *in = fopen(path, "r"); /* over SITE_PAGE_MAX: such names make a long page */
    assert_non_null(in);
    assert_true(fread(page, 1, (1 << 20) - 1, in) > 0);
    fclose(in);
    bout = bout_of(page, 1);
    *strstr(bout, "</h3>") = '\0';
    assert_int_equal(count(bout, "<bdi"), count(bout, "</bdi>"));
    assert_true(count(bout, "<bdi") >= 5); /* attacker, three transferrers, the last defender */
    assert_non_null(strstr(bout, " and <bdi"));
    free(bout);
    free(page);
}

/* game.replace_leavers: bob leaves at once and Normal[bot] plays his seat on. The replay says so
 * and names the seat's moves by Normal[bot] from then on, where it credited them all to bob. */
static void test_replay_replaced_leaver(void **state)
{
    (void)state;
    harness *h = h_new(5);
    temp_store ts;
    store_in_temp(&ts, h);
    play_with_replaced_leaver(h, "bob", 5);
    bot_config cfg;
    config_defaults(&cfg);
    snprintf(cfg.site.dir, sizeof cfg.site.dir, "%s/site", ts.dir);
    site_options o = site_options_of(&cfg);
    assert_int_equal(site_export(ts.db, &o, stderr), 0);
    char *page = slurp(cfg.site.dir, "g/1.html");
    assert_non_null(page);
    const char *left = strstr(page, "<li><bdi>bob</bdi> leaves the game; <bdi>Normal[bot]</bdi> "
                                    "takes over the seat</li>");
    assert_non_null(left);
    assert_null(strstr(left + 1, "<li><bdi>bob</bdi> ")); /* nothing of bob's after */
    assert_true(count(left, "<li><bdi>Normal[bot]</bdi> ") > 3);
    free(page);
    store_gone(&ts);
    h_free(h);
}

/* A team game where a computer player took over a leaver's seat and won it: the channel says
 * "Normal[bot]+dave won"; !last and the page said "bob+dave won", and the page "team won" for bob,
 * whose stats count the forfeit a team loss (durak(7): a leaver's seat counts as lost, R18). */
static void test_team_leaver_replaced(void **state)
{
    (void)state;
    bool met = false;
    for (uint64_t seed = 1; seed < 40 && !met; seed++) {
        harness *h = h_new(seed);
        temp_store ts;
        store_in_temp(&ts, h);
        start_replacing(h, "teams", 4);
        chan(h, "bob", "#durak", "!leave");
        if (!said(h, "#durak", "Normal[bot] takes over")) /* asked first: a team game */
            chan(h, "bob", "#durak", "!leave");
        assert_non_null(said(h, "#durak", "Normal[bot] takes over"));
        rng_t r;
        rng_seed(&r, seed);
        static const char *const stay[3] = { "alice", "carol", "dave" };
        for (int step = 0; step < 3000 && tables_count(h->t); step++)
            if (!play_own_random_move(h, &r, stay[0]) && !play_own_random_move(h, &r, stay[1])
                && !play_own_random_move(h, &r, stay[2]))
                h_run_ai(h);
        assert_int_equal(tables_count(h->t), 0);
        chan(h, "alice", "#durak", "!last");
        if (said(h, "#durak", "Team alice+carol lost")) { /* bob's seat won */
            met = true;
            assert_non_null(said(h, "#durak", "Team alice+carol lost, Normal[bot]+dave won"));
            bot_config cfg;
            config_defaults(&cfg);
            snprintf(cfg.site.dir, sizeof cfg.site.dir, "%s/site", ts.dir);
            site_options o = site_options_of(&cfg);
            assert_int_equal(site_export(ts.db, &o, stderr), 0);
            char *page = slurp(cfg.site.dir, "g/1.html");
            assert_non_null(page);
            assert_non_null(strstr(page, "<bdi>Normal[bot]</bdi>+"));
            const char *row = strstr(page, "<bdi>bob</bdi>"), *end = row ? strstr(row, "</tr>") : 0;
            assert_non_null(end);
            const char *lost = strstr(row, "team lost");
            if (!lost || lost > end)
                fail_msg("bob's row is not a team loss: %.*s", (int)(end - row), row);
            free(page);
        }
        store_gone(&ts);
        h_free(h);
    }
    assert_true(met);
}

/* R14: the replay tells each player going out, with their place, where the channel was told. */
static void test_replay_tells_who_goes_out(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "alice", "bob", "carol" };
    first_action = true; /* a game with a durak: the others went out */
    long long id = record_game(f->s, "#durak", 3, nicks);
    first_action = false;
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    store_game *g = malloc(sizeof *g);
    assert_true(store_get_game(f->s, id, g));
    durak_game end;
    assert_true(durak_new(&end, &g->rec.opt, g->rec.seed));
    for (int i = 0; i < g->rec.nmoves; i++) {
        const record_move *m = &g->rec.move[i];
        assert_int_equal(durak_apply(&end, (durak_action){ m->kind, m->card, m->target }),
                         DURAK_OK);
    }
    assert_int_equal(end.nout, 2);
    char rel[32];
    snprintf(rel, sizeof rel, "g/%lld.html", id);
    char *page = slurp(f->site, rel);
    assert_non_null(page);
    assert_int_equal(count(page, " is out (place "), 2);
    char line[96];
    snprintf(line, sizeof line, "<li><em><bdi>%s</bdi> is out (place %d)</em></li>",
             nicks[end.out[0]], end.out_place[0]);
    assert_non_null(strstr(page, line));
    free(page);
    free(g);
}

/* On a phone (.wide hidden) a person's table keeps Games, Out first, Durak and the rating in view,
 * and a long nick or channel breaks where it must (chromium at 375 px: 802 px wide before). */
static void test_person_page_fits_a_phone(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWW", "bob", "carol" };
    record_game(f->s, "#durak", 1, nicks);
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    char *page = slurp(f->site, "p/1.html");
    assert_non_null(page);
    assert_int_equal(count(page, "<th class=\"n wide\">Draws</th><th class=\"n wide\">Forfeits</th>"
                                 "<th class=\"n wide\">Team games won</th>"
                                 "<th class=\"n wide\">Team games lost</th>"),
                     1);
    assert_int_equal(count(page, "<th class=\"n\">Rating</th>"), 1);
    assert_non_null(strstr(page, "<h1><bdi class=\"l\">WWWWWWWWWWWWWWWWWWWWWWWWWWWWWW</bdi>"));
    free(page);
    assert_non_null(strstr(site_css(), ".l{overflow-wrap:anywhere}")); /* long names only */
}

static void test_refresh_writes_only_its_pages(void **state)
{
    struct fixture *f = *state;
    const char *const one[3] = { "alice", "bob", "carol" }, *const two[3] = { "dave", "bob",
                                                                              "eve" };
    record_game(f->s, "#durak", 3, one);
    long long id = record_game(f->s, "#durak", 4, two);
    site_options o = options(f);
    mode_t old = umask(077); /* the service's: the pages are still for everyone to read */
    assert_true(site_refresh_game(f->s, &o, id));
    umask(old);
    char path[400];
    struct stat st;
    snprintf(path, sizeof path, "%s/index.html", f->site);
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0644);
    snprintf(path, sizeof path, "%s/g", f->site);
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0755);
    const char *const written[] = { "index.html", "style.css", "g/2.html", "p/2.html",
                                    "p/4.html",   "p/5.html",  "c/1.html" };
    const char *const not_written[] = { "g/1.html", "p/1.html", "p/3.html" };
    for (size_t i = 0; i < sizeof written / sizeof *written; i++) {
        snprintf(path, sizeof path, "%s/%s", f->site, written[i]);
        assert_int_equal(stat(path, &st), 0);
    }
    for (size_t i = 0; i < sizeof not_written / sizeof *not_written; i++) {
        snprintf(path, sizeof path, "%s/%s", f->site, not_written[i]);
        assert_int_not_equal(stat(path, &st), 0);
    }
}

/* Each channel has a page of its own, c/<its first game>.html, in its language: its board and
 * latest games, and only its own; the index, the archive and its games' pages link to it. A
 * private game has none. */
static void test_channel_pages(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "alice", "bob", "carol" }, *const keys[3] = { "+alice", "+*n",
                                                                                 "+*h" };
    record_game(f->s, "#durak", 1, nicks);
    record_game(f->s, "#ru", 2, nicks);
    record_game(f->s, "#Durak", 3, nicks); /* the same channel, as its key says */
    record_game_as(f->s, "~solo alice", 4, keys, nicks);
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    char *durak = slurp(f->site, "c/1.html"), *ru = slurp(f->site, "c/2.html");
    assert_non_null(durak);
    assert_non_null(ru);
    assert_non_null(strstr(durak, "<h1>Leaderboard of <bdi>#"));
    assert_non_null(strstr(durak, "href=\"../g/3.html\""));
    assert_non_null(strstr(durak, "href=\"../g/1.html\""));
    assert_null(strstr(durak, "href=\"../g/2.html\""));
    assert_non_null(strstr(durak, "<a href=\"../p/")); /* its board links people */
    /* its counts are the channel's, the rating is over all of them: the column says so */
    assert_non_null(strstr(durak, ">Rating (all channels)</th>"));
    /* the archive it links to is every channel's, and its link says so */
    assert_non_null(strstr(durak, "<a href=\"../a/1.html\">Every channel's games, a hundred"));
    assert_non_null(strstr(ru, "<html lang=\"ru\">"));
    assert_non_null(strstr(ru, ">Рейтинг (все каналы)</th>"));
    assert_null(slurp(f->site, "c/4.html"));
    free(durak);
    free(ru);
    char *index = slurp(f->site, "index.html"), *game = slurp(f->site, "g/2.html"),
         *archive = slurp(f->site, "a/1.html");
    assert_non_null(strstr(index, "<a href=\"c/2.html\"><bdi>#ru</bdi></a>"));
    assert_non_null(strstr(game, "<a href=\"../c/2.html\"><bdi>#ru</bdi></a>"));
    assert_non_null(strstr(archive, "<a href=\"../c/2.html\"><bdi>#ru</bdi></a>"));
    free(index);
    free(game);
    free(archive);
}

/* A computer player has no page, so !stats gives no address for one: it would lead nowhere. */
static void test_no_page_id_for_computer_players(void **state)
{
    struct fixture *f = *state;
    const char *const keys[3] = { "alice", "*easy[bot]", "carol" }, *const shown[3] = { "alice",
                                                                                        "Easy[bot]",
                                                                                        "carol" };
    record_game_as(f->s, "#durak", 1, keys, shown);
    assert_true(store_site_person_id(f->s, "alice") > 0);
    assert_int_equal(store_site_person_id(f->s, "*easy[bot]"), 0);
    assert_int_equal(store_site_person_id(f->s, "+*easy[bot]"), 0);
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    assert_true(site_complete(f->s, &o)); /* and no page of its is missing */
}

/* A label's colon as each language writes it: French puts a space before it, a no-break one, so
 * that a narrow page never starts a line with the colon (nor ends one with "n°"). */
static void test_labels_in_french(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "alice", "bob", "carol" };
    long long fr = record_game(f->s, "#fr", 1, nicks), en = record_game(f->s, "#durak", 2, nicks);
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    char rel[32];
    snprintf(rel, sizeof rel, "g/%lld.html", fr);
    char *page = slurp(f->site, rel);
    assert_non_null(strstr(page, "<p>Options\u00A0: "));
    assert_non_null(strstr(page, "<li><bdi>alice</bdi>\u00A0: "));
    assert_non_null(strstr(page, "Attaque 1\u00A0: "));
    assert_null(strstr(page, " :")); /* nowhere a breaking space before a colon */
    assert_null(strstr(page, "n° "));
    free(page);
    snprintf(rel, sizeof rel, "g/%lld.html", en);
    page = slurp(f->site, rel);
    assert_non_null(strstr(page, "<p>Options: "));
    assert_non_null(strstr(page, "<li><bdi>alice</bdi>: "));
    free(page);
}

/* A game changes its people's ratings, which the board of every channel they played in shows:
 * those pages are rewritten with the game's, as an export would write them, and only those. */
static void test_refresh_rewrites_their_other_boards(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "alice", "bob", "carol" }, *const others[3] = { "dave", "erin",
                                                                                   "frank" };
    record_game(f->s, "#durak", 1, nicks);
    record_game(f->s, "#other", 2, others);
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    char other[600];
    snprintf(other, sizeof other, "%s/c/2.html", f->site);
    assert_int_equal(unlink(other), 0);
    first_action = true; /* a game with a durak: the ratings move */
    long long id = record_game(f->s, "#ru", 3, nicks);
    first_action = false;
    assert_true(site_refresh_game(f->s, &o, id));
    char *refreshed = slurp(f->site, "c/1.html");
    assert_null(slurp(f->site, "c/2.html")); /* nobody of the game is on #other's board */
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    char *exported = slurp(f->site, "c/1.html");
    assert_string_equal(refreshed, exported);
    free(refreshed);
    free(exported);
}

/* A private game against computer players: its key (maybe an account) is never shown. */
static void test_private_game(void **state)
{
    struct fixture *f = *state;
    const char *const keys[3] = { "+@alice_account", "+*normal[bot]", "+*hard[bot]" };
    const char *const nicks[3] = { "alice", "normal[bot]", "hard[bot]" };
    /* the table's key as tables_solo.c makes it, which the record keeps as its channel */
    long long id = record_game_as(f->s, "~solo @alice_account", 21, keys, nicks);
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    char rel[32];
    snprintf(rel, sizeof rel, "g/%lld.html", id);
    char *page = slurp(f->site, rel), *index = slurp(f->site, "index.html");
    assert_non_null(strstr(page, "a private game"));
    assert_null(strstr(page, "alice_account"));
    assert_null(strstr(index, "alice_account"));
    assert_non_null(strstr(page, "<bdi>alice</bdi>"));
    assert_non_null(strstr(index, msg_in(MSG_LANG_EN, MSG_SITE_BOARD_SOLO)));
    assert_non_null(strstr(index, "<p>Private games played: 1</p>")); /* under that board */
    /* no channel game: the empty leaderboard says so once, not twice */
    assert_null(strstr(index, "<p>No game yet.</p>\n<p>No game yet.</p>"));
    free(page);
    free(index);
    /* with a channel game too, her page names each row of stats, and marks the private game's
     * rating change as the other rating */
    const char *const people[3] = { "@alice_account", "bob", "carol" };
    const char *const shown[3] = { "alice", "bob", "carol" };
    record_game_as(f->s, "#durak", 22, people, shown);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    snprintf(rel, sizeof rel, "p/%lld.html", store_site_person_id(f->s, "@alice_account"));
    page = slurp(f->site, rel);
    assert_non_null(page);
    assert_non_null(strstr(page, "<tr><th>In channels</th>"));
    assert_non_null(strstr(page, "<tr><th>In private games against computer players</th>"));
    const char *row = strstr(page, "a private game</td>");
    assert_non_null(row);
    const char *end = strstr(row, "</tr>");
    const char *mark = strstr(row, " &middot; solo rating</td>");
    assert_true(mark && mark < end);
    row = strstr(page, "#durak</bdi></a></td>"); /* the channel game's: no mark */
    assert_non_null(row);
    assert_true(strstr(row, "solo rating") == NULL
                || strstr(row, "solo rating") > strstr(row, "</tr>"));
    free(page);
}

/* One who played only private games has the page of their "+key" row; their first channel game
 * gives it way to their channel row's page: the old page is removed and nothing links to it any
 * more, as an export would leave it (it stayed, linked, and after set site off still named them). */
static void test_private_page_gives_way(void **state)
{
    struct fixture *f = *state;
    const char *const solo[3] = { "+alice", "+*normal[bot]", "+*hard[bot]" };
    const char *const shown[3] = { "alice", "Normal[bot]", "Hard[bot]" };
    const char *const nicks[3] = { "alice", "bob", "carol" };
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    long long first = record_game_as(f->s, "~solo alice", 21, solo, shown);
    assert_true(site_refresh_game(f->s, &o, first));
    char old[48], *page;
    snprintf(old, sizeof old, "p/%lld.html", store_site_person_id(f->s, "+alice"));
    assert_non_null(page = slurp(f->site, old));
    free(page);
    assert_true(site_refresh_game(f->s, &o, record_game(f->s, "#durak", 5, nicks)));
    assert_null(slurp(f->site, old));
    assert_true(site_complete(f->s, &o));
    char link[64], rel[32];
    snprintf(link, sizeof link, "href=\"../%s\"", old);
    snprintf(rel, sizeof rel, "g/%lld.html", first);
    char *refreshed = slurp(f->site, rel);
    assert_null(strstr(refreshed, link));
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    char *exported = slurp(f->site, rel);
    assert_string_equal(refreshed, exported);
    free(refreshed);
    free(exported);
    /* and a site where it stayed is not taken for complete: a restart writes it whole */
    char path[600];
    snprintf(path, sizeof path, "%s/%s", f->site, old);
    FILE *stale = fopen(path, "w");
    assert_non_null(stale);
    fclose(stale);
    assert_false(site_complete(f->s, &o));
}

/* A write killed midway leaves "N.html.<pid>.tmp": a whole export removes it with the pages of
 * another database, as it does the pages themselves. */
static void test_export_removes_killed_writes(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "alice", "bob", "carol" };
    record_game(f->s, "#durak", 5, nicks);
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    char stamp[600], tmp[600], kept[600];
    snprintf(stamp, sizeof stamp, "%s/.durakbot-db", f->site);
    assert_int_equal(unlink(stamp), 0); /* killed before the stamp: the next export clears */
    snprintf(tmp, sizeof tmp, "%s/g/471.html.15113.tmp", f->site);
    snprintf(kept, sizeof kept, "%s/g/471.html.x.tmp", f->site); /* not the bot's name */
    for (const char *p = tmp; p; p = p == tmp ? kept : NULL) {
        FILE *w = fopen(p, "w");
        assert_non_null(w);
        fclose(w);
    }
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    assert_int_not_equal(access(tmp, F_OK), 0);
    assert_int_equal(access(kept, F_OK), 0);
}

/* Many channels: the index keeps each one's section short enough to stay under 60 KB. */
static void test_index_many_channels(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "a-rather-long-nick-1", "a-rather-long-nick-2",
                                   "a-rather-long-nick-3" };
    char channel[64];
    for (int i = 0; i < 3 * CONFIG_MAX_CHANNELS; i++) {
        snprintf(channel, sizeof channel, "#channel-with-a-long-name-%02d", i % 40);
        record_game(f->s, channel, (uint64_t)i + 100, nicks);
    }
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    char *index = slurp(f->site, "index.html"); /* at most 60 KB, or it fails there */
    assert_non_null(index);
    assert_int_equal(count(index, "<section class=\"channel\">"), 0); /* one line each */
    assert_non_null(strstr(index, "<h2>Channels</h2>"));
    assert_non_null(strstr(index, "<a href=\"c/40.html\"><bdi class=\"l\">"
                                  "#channel-with-a-long-name-39</bdi></a>"));
    free(index);
    char *page = slurp(f->site, "c/40.html"); /* its board is on its own page */
    assert_non_null(strstr(page, "a-rather-long-nick-1"));
    free(page);
}

/* The pages of g/ written so far. */
static int game_pages(const struct fixture *f)
{
    char path[400];
    snprintf(path, sizeof path, "%s/g", f->site);
    DIR *d = opendir(path);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        n += strstr(e->d_name, ".html") != NULL;
    if (d)
        closedir(d);
    return n;
}

/* Stopping the thread (SIGTERM, or a reload that removes site.dir) ends a whole export under way
 * where it is: it took as long as the export (17 s for 25,000 games, past the service's
 * TimeoutStopSec, and a reload held the bot meanwhile). The site is then not taken for whole. */
static void test_worker_stop_ends_an_export(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "alice", "bob", "carol" };
    enum { GAMES = 3000 };
    record_game(f->s, "#durak", 5, nicks);
    copy_first_game(f, GAMES - 1);
    site_options o = options(f);
    site_worker *w = site_worker_start(&o, f->db); /* an empty site.dir: every page */
    assert_non_null(w);
    while (game_pages(f) == 0) /* under way */
        usleep(1000);
    site_worker_stop(w);
    int written = game_pages(f);
    if (written >= GAMES)
        fail_msg("the export went on to its end: %d pages", written);
    assert_false(site_complete(f->s, &o));
}

/* While every page is checked or written (a start), no address is given: !last named g/9997.html
 * 0.2 s after a start with an empty site.dir, written 8 s later. */
static void test_worker_behind_while_it_writes_all(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "alice", "bob", "carol" };
    record_game(f->s, "#durak", 5, nicks);
    site_options o = options(f);
    site_worker *w = site_worker_start(&o, f->db);
    assert_non_null(w);
    assert_true(site_worker_behind(w));
    site_worker_drain(w);
    assert_false(site_worker_behind(w));
    site_worker_stop(w);
    w = site_worker_start(&o, f->db); /* a whole site: only the check, then addresses */
    site_worker_drain(w);
    assert_false(site_worker_behind(w));
    site_worker_stop(w);
}

/* A game recorded among alice, bob and carol (its id in *id), and a refresh thread for f's site. */
static site_worker *worker_and_game(struct fixture *f, site_options *o, long long *id)
{
    const char *const nicks[3] = { "alice", "bob", "carol" };
    *id = record_game(f->s, "#durak", 9, nicks);
    *o = options(f);
    site_worker *w = site_worker_start(o, f->db);
    assert_non_null(w);
    return w;
}

static void assert_game_page(const struct fixture *f, long long id)
{
    char path[400];
    struct stat st;
    snprintf(path, sizeof path, "%s/g/%lld.html", f->site, id);
    assert_int_equal(stat(path, &st), 0);
}

/* The refresh thread where the state database is not there yet (state.database moved, or a
 * reload before the bot made it): the log names the file and why, the bot goes on, and the next
 * job, once the file is there, opens it and writes the pages. */
static void test_worker_database_missing(void **state)
{
    struct fixture *f = *state;
    char later[200], err[512], want[300];
    snprintf(later, sizeof later, "%s/later.db", f->dir);
    site_options o = options(f);
    log_capture();
    site_worker *w = site_worker_start(&o, later); /* no index.html: an export is queued */
    assert_non_null(w);
    site_worker_drain(w);
    const char *logged = log_captured();
    snprintf(want, sizeof want, "site: cannot open %s: ", later);
    if (!strstr(logged, want))
        fail_msg("\"%s\" not in the log: %s", want, logged);
    store *s = store_open(later, err, sizeof err);
    assert_non_null(s);
    const char *const nicks[3] = { "alice", "bob", "carol" };
    long long id = record_game(s, "#durak", 9, nicks);
    store_close(s);
    site_worker_game(w, id, "", "");
    site_worker_drain(w);
    site_worker_stop(w);
    assert_game_page(f, id);
    site_worker_drain(NULL); /* no site.dir: nothing to wait for */
}

/* The refresh thread: its own read-only connection, the pages written once drained; a reader
 * never creates a database. */
static site_written written; /* the last game announced by site_worker_collect */
static int nwritten;

static void on_written(void *ctx, const site_written *g)
{
    (void)ctx;
    written = *g;
    nwritten++;
}

static void test_worker(void **state)
{
    struct fixture *f = *state;
    long long id;
    site_options o;
    site_worker *w = worker_and_game(f, &o, &id);
    site_worker_game(w, id, "#durak", "ru");
    site_worker_game(w, id, "", ""); /* queued once */
    site_worker_person(w, "bob", true);
    site_worker_drain(w);
    written = (site_written){ 0 };
    nwritten = 0;
    site_worker_collect(w, on_written, NULL);
    assert_int_equal(nwritten, 1); /* the address is told once the pages are there */
    assert_int_equal(written.game, id);
    assert_string_equal(written.where, "#durak");
    assert_string_equal(written.lang, "ru");
    site_worker_stop(w);
    assert_game_page(f, id);
    char path[400];
    struct stat st;
    snprintf(path, sizeof path, "%s/none.db", f->dir);
    char err[512];
    assert_null(store_open_reader(path, err, sizeof err));
    assert_int_not_equal(stat(path, &st), 0);
    o.dir[0] = '\0';
    assert_null(site_worker_start(&o, f->db)); /* no site.dir: no thread */
}

/* A person's `set site` toggled again and again queues one refresh of their pages, not one a
 * toggle: the queue does not fill and drop a game's refresh (nothing to warn of). */
static void test_worker_person_once(void **state)
{
    struct fixture *f = *state;
    long long id;
    site_options o;
    site_worker *w = worker_and_game(f, &o, &id);
    log_capture();
    for (int i = 0; i < 600; i++)
        site_worker_person(w, "bob", true);
    site_worker_game(w, id, "", "");
    site_worker_drain(w);
    site_worker_stop(w);
    assert_null(strstr(log_captured(), "too many pages waiting"));
    assert_game_page(f, id);
}

/* site.dir moved by a reload: the new directory gets every page, not only those of games to come
 * (its index would link to people's and games' pages it never got). Cleared: the worker stops. */
static void test_worker_moved(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "alice", "bob", "carol" };
    long long id = record_game(f->s, "#durak", 9, nicks);
    site_options o = options(f);
    site_worker *w = site_worker_start(&o, f->db);
    assert_non_null(w);
    site_worker_drain(w);
    snprintf(o.dir, sizeof o.dir, "%s/moved", f->dir);
    assert_ptr_equal(site_worker_reconfigure(w, &o, f->db), w);
    site_worker_drain(w);
    o.dir[0] = '\0'; /* site.dir cleared by a reload: no more pages */
    assert_null(site_worker_reconfigure(w, &o, f->db));
    snprintf(o.dir, sizeof o.dir, "%s/moved", f->dir);
    char rel[32];
    snprintf(rel, sizeof rel, "g/%lld.html", id);
    char *page = slurp(o.dir, rel), *person = slurp(o.dir, "p/1.html");
    assert_non_null(page);
    assert_non_null(person);
    free(page);
    free(person);
}

/* Pages lost while the bot was down (or never written) are written again when it starts. */
static void test_worker_writes_lost_pages(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "alice", "bob", "carol" };
    record_game(f->s, "#durak", 9, nicks);
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    assert_true(site_complete(f->s, &o));
    const char *const lost[] = { "g/1.html", "p/2.html", "c/1.html", "a/1.html" };
    char path[400];
    for (size_t i = 0; i < sizeof lost / sizeof *lost; i++) {
        snprintf(path, sizeof path, "%s/%s", f->site, lost[i]);
        assert_int_equal(unlink(path), 0);
        assert_false(site_complete(f->s, &o));
        site_worker *w = site_worker_start(&o, f->db);
        site_worker_drain(w);
        site_worker_stop(w);
        assert_true(site_complete(f->s, &o));
    }
}

/* A refresh that fails (site.dir under a file) leaves the worker behind, said by whole lines in
 * the log; the next refresh, once site.dir can be made, writes every page, the failed game's too. */
static void test_worker_behind(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "alice", "bob", "carol" };
    long long first = record_game(f->s, "#durak", 9, nicks);
    site_options o = options(f);
    char blocker[200];
    snprintf(blocker, sizeof blocker, "%s/blocker", f->dir);
    FILE *file = fopen(blocker, "w");
    assert_non_null(file);
    fclose(file);
    snprintf(o.dir, sizeof o.dir, "%s/site", blocker);
    log_capture();
    site_worker *w = site_worker_start(&o, f->db);
    site_worker_game(w, first, "#durak", "");
    site_worker_drain(w);
    assert_true(site_worker_behind(w));
    nwritten = 0;
    site_worker_collect(w, on_written, NULL);
    assert_int_equal(nwritten, 0); /* a page not written is not announced: it would be a 404 */
    const char *logged = log_captured();
    if (!strstr(logged, "site: cannot make ") || strstr(logged, "durakbot: ")
        || strstr(logged, "pages of  are"))
        fail_msg("not one whole line for what failed: %s", logged);
    assert_int_equal(unlink(blocker), 0);
    long long second = record_game(f->s, "#durak", 10, nicks);
    site_worker_game(w, second, "#durak", "");
    site_worker_drain(w);
    assert_false(site_worker_behind(w));
    site_worker_collect(w, on_written, NULL);
    assert_int_equal(nwritten, 1); /* every page written, this game's among them */
    assert_int_equal(written.game, second);
    site_worker_stop(w);
    assert_true(site_complete(f->s, &o));
    assert_false(site_worker_behind(NULL));
}

/* ---- faults ---- */

static int temp_files_found;

static int count_temp(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)flag, (void)ftw;
    size_t n = strlen(path);
    temp_files_found += n > 4 && !strcmp(path + n - 4, ".tmp");
    return 0;
}

/* The *.tmp files under dir: a page half written and left behind. */
static int temp_files(const char *dir)
{
    temp_files_found = 0;
    assert_int_equal(nftw(dir, count_temp, 16, FTW_PHYS), 0);
    return temp_files_found;
}

/* Where a page write is cut off, as by kill -9 or a crash: the process writing it is killed at the
 * rename that would put a file whose name ends so in place (NULL: nowhere). */
static const char *kill_at;
/* Where the refresh thread pauses 2 s, a busy disk (NULL: nowhere); then rename_paused is set. */
static const char *pause_at;
static atomic_bool rename_paused;

static bool ends_with(const char *s, const char *end)
{
    size_t n = strlen(s), k = end ? strlen(end) : 0;
    return end && n >= k && !strcmp(s + n - k, end);
}

/* Every rename of the test and of the pages' code comes here (the executable's rename first). */
int rename(const char *from, const char *to)
{
    if (ends_with(to, kill_at))
        raise(SIGKILL);
    if (ends_with(to, pause_at)) {
        atomic_store(&rename_paused, true);
        sleep(2);
    }
    return renameat(AT_FDCWD, from, AT_FDCWD, to);
}

/* The site is what a fresh --export-site of the database writes, file for file, no temporary
 * file left. */
static void assert_site_fresh(const struct fixture *f, const site_options *o)
{
    site_options fresh = *o;
    snprintf(fresh.dir, sizeof fresh.dir, "%s/fresh", f->dir);
    assert_int_equal(site_export(f->s, &fresh, stderr), 0);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "diff -r '%s' '%s' >&2", f->site, fresh.dir);
    assert_int_equal(system(cmd), 0);
    assert_int_equal(temp_files(f->site), 0);
}

/* The bot killed (kill -9, a crash) after a game's own page was written and before the index and
 * the others: they kept the game before it ("Games played: 1"), and the killed write's temporary
 * file stayed in the public folder. The next start writes every page, and removes it. */
static void test_refresh_killed_is_redone_at_start(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "alice", "bob", "carol" };
    record_game(f->s, "#durak", 9, nicks);
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    long long id = record_game(f->s, "#durak", 10, nicks);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) { /* the bot's refresh thread, killed in the refresh of the game just ended */
        char err[256];
        store *r = store_open_reader(f->db, err, sizeof err);
        kill_at = "/index.html";
        _exit(r && site_refresh_game(r, &o, id) ? 0 : 1);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
    char path[400];
    snprintf(path, sizeof path, "%s/index.html.%ld.tmp", f->site, (long)pid);
    assert_int_equal(access(path, F_OK), 0);
    assert_game_page(f, id);
    site_worker *w = site_worker_start(&o, f->db); /* the restart */
    site_worker_drain(w);
    site_worker_stop(w);
    assert_site_fresh(f, &o);
}

/* A stop (SIGTERM) while a refresh is slow: the refreshes queued behind it get a second, then are
 * dropped; alice's `set language fr` was one, and her page stayed English. The next start writes
 * every page. */
static void test_refresh_dropped_at_stop_is_redone_at_start(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "alice", "bob", "carol" };
    long long id = record_game(f->s, "#durak", 9, nicks);
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    site_worker *w = site_worker_start(&o, f->db);
    site_worker_drain(w);
    atomic_store(&rename_paused, false);
    pause_at = "/index.html";
    site_worker_game(w, id, "", "");
    while (!atomic_load(&rename_paused))
        usleep(1000);
    store_prefs fr = { .language = "fr" };
    assert_true(store_put_prefs(f->s, "alice", &fr));
    site_worker_person(w, "alice", false);
    site_worker_stop(w);
    pause_at = NULL;
    char *mine = person_page(f, "alice");
    assert_null(strstr(mine, "<html lang=\"fr\">")); /* dropped */
    free(mine);
    w = site_worker_start(&o, f->db); /* the restart */
    site_worker_drain(w);
    site_worker_stop(w);
    assert_site_fresh(f, &o);
}

/* site_refresh_game of id fails, logging that the file at rel could not be written for `why`
 * (strerror's words), and leaves no temporary file in site.dir. */
static void refresh_fails(const struct fixture *f, const site_options *o, long long id,
                          const char *rel, const char *why)
{
    char want[400];
    snprintf(want, sizeof want, "site: could not write %s/%s: %s; check site.dir's permissions",
             f->site, rel, why);
    log_capture();
    bool ok = site_refresh_game(f->s, o, id);
    const char *logged = log_captured();
    assert_false(ok);
    if (!strstr(logged, want))
        fail_msg("\"%s\" not in the log: %s", want, logged);
    assert_int_equal(temp_files(f->site), 0);
}

/* A game's page refreshed for real once the fault is gone: a regular file, a whole page. */
static void refresh_works(const struct fixture *f, const site_options *o, long long id)
{
    char rel[32], path[400];
    struct stat st;
    assert_true(site_refresh_game(f->s, o, id));
    snprintf(rel, sizeof rel, "g/%lld.html", id);
    snprintf(path, sizeof path, "%s/%s", f->site, rel);
    assert_int_equal(stat(path, &st), 0);
    assert_true(S_ISREG(st.st_mode));
    char *page = slurp(f->site, rel);
    assert_non_null(strstr(page, "</html>"));
    free(page);
    assert_int_equal(temp_files(f->site), 0);
}

/* A page that cannot be written, at each step of writing it: its name taken by a directory (the
 * rename fails), site.dir's g/ replaced by a file (the open fails), a file size limit (ulimit -f,
 * LimitFSIZE=: the write fails half way). Each time the log names the file and why, no temporary
 * file is left behind, and the next refresh once the fault is gone writes the page. */
static void test_page_not_written(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "alice", "bob", "carol" };
    long long id = record_game(f->s, "#durak", 7, nicks);
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    char path[200], g[200];
    snprintf(path, sizeof path, "%s/g/%lld.html", f->site, id);
    snprintf(g, sizeof g, "%s/g", f->site);

    assert_int_equal(unlink(path), 0);
    assert_int_equal(mkdir(path, 0755), 0);
    refresh_fails(f, &o, id, "g/1.html", "Is a directory");
    assert_int_equal(rmdir(path), 0);
    refresh_works(f, &o, id);

    char cmd[500];
    snprintf(cmd, sizeof cmd, "rm -r '%s' && touch '%s'", g, g);
    assert_int_equal(system(cmd), 0);
    refresh_fails(f, &o, id, "g/1.html", "Not a directory");
    assert_int_equal(unlink(g), 0);
    refresh_works(f, &o, id); /* g/ made again */

    struct rlimit old, lim;
    assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
    void (*was)(int) = signal(SIGXFSZ, SIG_IGN); /* as the bot does: EFBIG instead of death */
    lim = old;
    lim.rlim_cur = 2048; /* a game's page is longer; the log's lines are not */
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
    char want[400];
    snprintf(want, sizeof want, "site: could not write %s: File too large", path);
    log_capture();
    bool ok = site_refresh_game(f->s, &o, id);
    const char *logged = log_captured();
    assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
    signal(SIGXFSZ, was);
    assert_false(ok);
    assert_non_null(strstr(logged, want));
    assert_int_equal(temp_files(f->site), 0);
    refresh_works(f, &o, id);
}

/* Where site.dir cannot be made (a file stands where a directory above it should be), a
 * refresh says so, naming the directory and why; once the file is gone the pages are written. */
static void test_site_dir_cannot_be_made(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "alice", "bob", "carol" };
    long long id = record_game(f->s, "#durak", 7, nicks);
    char file[80];
    snprintf(file, sizeof file, "%s/www", f->dir);
    FILE *fp = fopen(file, "w");
    assert_non_null(fp);
    fclose(fp);
    snprintf(f->site, sizeof f->site, "%s/durak", file);
    site_options o = options(f);
    char want[400];
    snprintf(want, sizeof want,
             "site: game #1's pages are not written: cannot make %s (and its p/, g/, a/ and c/): "
             "Not a directory",
             f->site);
    log_capture();
    bool ok = site_refresh_game(f->s, &o, id);
    const char *logged = log_captured();
    assert_false(ok);
    if (!strstr(logged, want))
        fail_msg("\"%s\" not in the log: %s", want, logged);
    snprintf(want, sizeof want, /* a person's refresh (their `set site`) says it as well */
             "site: the pages of bob are not written: cannot make %s (and its p/, g/, a/ and c/): "
             "Not a directory",
             f->site);
    log_capture();
    ok = site_refresh_person(f->s, &o, "bob", true);
    logged = log_captured();
    assert_false(ok);
    if (!strstr(logged, want))
        fail_msg("\"%s\" not in the log: %s", want, logged);
    assert_int_equal(unlink(file), 0);
    refresh_works(f, &o, id);
}

/* A refresh of a game that is not in the database (an id from another database, or deleted by
 * hand): logged as such, no page of it written, nothing else rewritten. */
static void test_refresh_missing_game(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "alice", "bob", "carol" };
    record_game(f->s, "#durak", 7, nicks);
    site_options o = options(f);
    log_capture();
    bool ok = site_refresh_game(f->s, &o, 99);
    const char *logged = log_captured();
    assert_false(ok);
    if (!strstr(logged, "site: game #99's pages are not written: no game has that id\n"))
        fail_msg("not logged as missing: %s", logged);
    char path[400];
    struct stat st;
    snprintf(path, sizeof path, "%s/g/99.html", f->site);
    assert_int_not_equal(stat(path, &st), 0);
    snprintf(path, sizeof path, "%s/index.html", f->site);
    assert_int_not_equal(stat(path, &st), 0);
}

/* A game of o's players played to its end by random legal moves (from seed), recorded as
 * persist does with nicks[0..players): its id; its number of moves in *moves. */
static long long record_random_game(store *s, const durak_options *o, uint64_t seed,
                                    const char *const nicks[], int *moves)
{
    static game_record rec;
    uint8_t salt[RECORD_SALT_BYTES] = { 9 };
    record_start(&rec, o, seed, salt);
    durak_game g;
    assert_true(durak_new(&g, o, seed));
    rng_t r;
    rng_seed(&r, seed);
    durak_action a[DURAK_MAX_ACTIONS];
    for (double t = 1; !durak_over(&g); t += 1) {
        int n = durak_legal(&g, a), seat = g.actor;
        durak_action pick = a[rng_below(&r, (uint64_t)n)];
        assert_int_equal(durak_apply(&g, pick), DURAK_OK);
        record_add(&rec, pick.kind, pick.card, pick.target, seat, t);
    }
    snprintf(rec.channel, sizeof rec.channel, "#durak");
    snprintf(rec.channel_key, sizeof rec.channel_key, "#durak");
    snprintf(rec.result, sizeof rec.result, "%s", g.result == DURAK_RESULT_DRAW ? "draw" : "durak");
    store_result res = { .n = o->players, .draw = g.result == DURAK_RESULT_DRAW };
    int last = g.nout ? g.out_place[g.nout - 1] + 1 : 1;
    for (int i = 0; i < o->players; i++) {
        res.seat[i] = (store_seat){ nicks[i], nicks[i], last, false, false, 0, false };
        res.seat[i].durak = g.result == DURAK_RESULT_DURAK && g.result_seat == i;
        for (int k = 0; k < g.nout; k++)
            if (g.out[k] == i)
                res.seat[i].place = g.out_place[k];
    }
    assert_true(store_record_game(s, &res));
    assert_true(store_save_game(s, &res, &rec, 1767225600));
    *moves = rec.nmoves;
    return store_saved_game_id(s);
}

/* Six players with 30-character nicks (NICKLEN on many networks) and the 52-card deck: a long
 * game's page (every move a line of its replay) goes over SITE_PAGE_MAX, which pages are meant
 * to stay under. It is written whole all the same, and the log says which page and how long. */
static void test_page_over_the_size_bound(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[6] = {
        "Aaaaaaaaaaaaaaaaaaaaaaaaaaaaa1", "Bbbbbbbbbbbbbbbbbbbbbbbbbbbbb2",
        "Ccccccccccccccccccccccccccccc3", "Ddddddddddddddddddddddddddddd4",
        "Eeeeeeeeeeeeeeeeeeeeeeeeeeeee5", "Fffffffffffffffffffffffffffff6",
    };
    durak_options o = durak_default_options();
    o.players = 6;
    o.deck = 52;
    long long id = 0;
    int moves = 0;
    for (uint64_t seed = 1; moves < 450; seed++) { /* random play: one in some dozens is long */
        assert_true(seed < 2000);
        id = record_random_game(f->s, &o, seed, nicks, &moves);
    }
    site_options so = options(f);
    log_capture();
    bool ok = site_refresh_game(f->s, &so, id);
    const char *logged = log_captured();
    assert_true(ok);
    char path[400], want[100];
    struct stat st;
    snprintf(path, sizeof path, "%s/g/%lld.html", f->site, id);
    assert_int_equal(stat(path, &st), 0);
    assert_true(st.st_size > SITE_PAGE_MAX);
    snprintf(want, sizeof want, "site: g/%lld.html is %lld bytes, over %d\n", id,
             (long long)st.st_size, SITE_PAGE_MAX);
    if (!strstr(logged, want))
        fail_msg("\"%s\" not in the log: %s", want, logged);
    FILE *fp = fopen(path, "r"); /* whole: it ends as a page ends */
    char tail[16] = "";
    assert_int_equal(fseek(fp, -8, SEEK_END), 0);
    assert_int_equal(fread(tail, 1, 8, fp), 8);
    fclose(fp);
    assert_string_equal(tail, "</html>\n");
}

/* The refresh thread stuck on one page (a reader that takes it slowly: a FIFO where its
 * temporary file goes, which the test drains only later) while more refreshes come: the queue
 * holds 256 (SITE_QUEUE), and one more drops the oldest waiting, with one warning that says how
 * to write them all; every other refresh is done once the thread goes on. */
static void test_worker_queue_full(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "alice", "bob", "carol" };
    record_game(f->s, "#durak", 5, nicks);
    copy_first_game(f, 3); /* games 2 to 4 */
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    site_worker *w = site_worker_start(&o, f->db);
    assert_non_null(w);
    site_worker_drain(w); /* every page there: its check at the start writes none */
    char path[400], fifo[400];
    for (int id = 2; id <= 4; id++) { /* what the refreshes write again */
        snprintf(path, sizeof path, "%s/g/%d.html", f->site, id);
        assert_int_equal(unlink(path), 0);
    }
    snprintf(fifo, sizeof fifo, "%s/g/1.html.%ld.tmp", f->site, (long)getpid());
    assert_int_equal(mkfifo(fifo, 0644), 0);
    int rfd = open(fifo, O_RDONLY | O_NONBLOCK);
    assert_true(rfd >= 0);
    assert_int_equal(fcntl(rfd, F_SETPIPE_SZ, 4096), 4096); /* a game's page is longer */
    site_worker_game(w, 1, "", "");
    int queued = 0; /* the page's first 4 KiB in the pipe: the thread waits in write() */
    for (int i = 0; i < 10000 && queued < 4096; i++) {
        nanosleep(&(struct timespec){ 0, 1000000 }, NULL);
        assert_int_equal(ioctl(rfd, FIONREAD, &queued), 0);
    }
    assert_int_equal(queued, 4096);
    log_capture();
    site_worker_game(w, 2, "", ""); /* the oldest waiting */
    char key[32];
    for (int i = 0; i < 254; i++) { /* people with no row: quick refreshes that write nothing */
        snprintf(key, sizeof key, "nobody%d", i);
        site_worker_person(w, key, true);
    }
    site_worker_game(w, 3, "", ""); /* the 256th waiting: the queue is full */
    site_worker_game(w, 4, "", ""); /* one too many */
    const char *logged = log_captured();
    assert_int_equal(count(logged, "site: too many pages waiting; the oldest refresh is dropped, "
                                   "and the next writes every page"),
                     1);

    int flags = fcntl(rfd, F_GETFL); /* the slow reader reads it all: the thread goes on */
    assert_int_equal(fcntl(rfd, F_SETFL, flags & ~O_NONBLOCK), 0);
    char buf[4096];
    ssize_t n;
    size_t total = 0;
    while ((n = read(rfd, buf, sizeof buf)) > 0)
        total += (size_t)n;
    close(rfd);
    assert_true(total > 4096);
    site_worker_drain(w);
    site_worker_stop(w);
    struct stat st;
    for (int id = 2; id <= 4; id++) { /* 2's refresh was dropped, but not its page */
        snprintf(path, sizeof path, "%s/g/%d.html", f->site, id);
        assert_int_equal(stat(path, &st), 0);
    }
}

struct clearing {
    site_worker *w;
    site_options o;
    const char *db;
};

static void *clear_site_dir(void *arg)
{
    struct clearing *c = arg;
    assert_null(site_worker_reconfigure(c->w, &c->o, c->db));
    return NULL;
}

/* site.dir cleared by a reload while a page is being written: that page is finished, but the
 * refreshes still waiting are dropped, not written into the directory given up. */
static void test_worker_cleared_drops_its_queue(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "alice", "bob", "carol" };
    record_game(f->s, "#durak", 5, nicks);
    copy_first_game(f, 1); /* game 2 */
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    site_worker *w = site_worker_start(&o, f->db);
    site_worker_drain(w);
    char path[400], fifo[400];
    snprintf(path, sizeof path, "%s/g/2.html", f->site);
    assert_int_equal(unlink(path), 0);
    snprintf(fifo, sizeof fifo, "%s/g/1.html.%ld.tmp", f->site, (long)getpid());
    assert_int_equal(mkfifo(fifo, 0644), 0);
    int rfd = open(fifo, O_RDONLY | O_NONBLOCK);
    assert_true(rfd >= 0);
    assert_int_equal(fcntl(rfd, F_SETPIPE_SZ, 4096), 4096);
    site_worker_game(w, 1, "", ""); /* stuck in write() until the test reads */
    int queued = 0;
    for (int i = 0; i < 10000 && queued < 4096; i++) {
        nanosleep(&(struct timespec){ 0, 1000000 }, NULL);
        assert_int_equal(ioctl(rfd, FIONREAD, &queued), 0);
    }
    assert_int_equal(queued, 4096);
    site_worker_game(w, 2, "", ""); /* waiting */
    struct clearing c = { w, o, f->db };
    c.o.dir[0] = '\0';
    pthread_t t;
    assert_int_equal(pthread_create(&t, NULL, clear_site_dir, &c), 0);
    nanosleep(&(struct timespec){ 0, 200000000 }, NULL); /* it empties the queue, then waits */
    int flags = fcntl(rfd, F_GETFL);
    assert_int_equal(fcntl(rfd, F_SETFL, flags & ~O_NONBLOCK), 0);
    char buf[4096];
    while (read(rfd, buf, sizeof buf) > 0)
        ;
    close(rfd);
    assert_int_equal(pthread_join(t, NULL), 0);
    struct stat st;
    assert_int_not_equal(stat(path, &st), 0); /* game 2's refresh was dropped */
}

/* A game of `o` (seed 7) whose first player leads a card, then the defender (or the attacker)
 * leaves: the record, to be freed. */
static store_game *game_led_then_left(const durak_options *o, bool defender_leaves)
{
    store_game *g = calloc(1, sizeof *g);
    uint8_t salt[RECORD_SALT_BYTES] = { 4 };
    record_start(&g->rec, o, 7, salt);
    durak_game gm;
    assert_true(durak_new(&gm, o, 7));
    durak_action a[DURAK_MAX_ACTIONS];
    assert_true(durak_legal(&gm, a) > 0 && a[0].kind == DURAK_ACT_PLAY);
    int attacker = gm.actor;
    record_add(&g->rec, a[0].kind, a[0].card, a[0].target, gm.actor, 1);
    assert_int_equal(durak_apply(&gm, a[0]), DURAK_OK);
    int leaver = defender_leaves ? gm.defender : attacker;
    record_add(&g->rec, RECORD_RESIGN, CARD_NONE, CARD_NONE, (uint8_t)leaver, 2);
    g->nseats = o->players;
    return g;
}

/* A forfeit under an attack (R18) ends the game with a card uncovered: the replay's last bout
 * says nobody beat it; "Beaten" is for a table whose every card was covered. */
static void test_replay_forfeit_under_attack(void **state)
{
    (void)state;
    durak_options o = durak_default_options();
    store_game *g = game_led_then_left(&o, true);
    const char *const names[] = { "alice", "bob" };
    site_buf b;
    sb_init(&b);
    assert_true(site_replay(&b, MSG_LANG_EN, g, names));
    assert_non_null(strstr(b.p, "<section class=\"bout\""));
    assert_null(strstr(b.p, "Beaten"));
    sb_free(&b);
    free(g);
}

/* R19: a team game ends at once when a seat other than the defender forfeits, a card still open;
 * the replay said "The defender left ... (rule R18)" of a defender who stayed. The defender's own
 * forfeit still says so. */
static void test_replay_team_forfeit_not_defender(void **state)
{
    (void)state;
    durak_options o = durak_default_options();
    o.players = 4;
    o.teams = 1;
    const char *const names[] = { "alice", "bob", "carol", "dave" };
    const char *left = "The defender left", *ended = "The game is over: the cards on the table "
                                                     "leave the game (rule R19).";
    for (int by_defender = 0; by_defender < 2; by_defender++) {
        store_game *g = game_led_then_left(&o, by_defender);
        site_buf b;
        sb_init(&b);
        assert_true(site_replay(&b, MSG_LANG_EN, g, names));
        assert_non_null(strstr(b.p, "leaves the game"));
        if (by_defender) {
            assert_non_null(strstr(b.p, left));
            assert_null(strstr(b.p, ended));
        } else {
            assert_null(strstr(b.p, left));
            assert_non_null(strstr(b.p, ended));
        }
        sb_free(&b);
        free(g);
    }
}

/* A forfeit for timing out too often (game.max_timeouts) reads so in the replay, in every
 * language, not as a leave ("bob leaves the game"); an older record's plain resign still reads as
 * a leave. */
static void test_replay_forfeit_on_time_outs(void **state)
{
    (void)state;
    durak_options o = durak_default_options();
    store_game *g = game_led_then_left(&o, true);
    const char *const names[] = { "alice", "bob" };
    const char *who = names[g->rec.move[1].seat];
    char leaves[128], forfeits[128];
    snprintf(forfeits, sizeof forfeits, "<li>%s runs out of time too often and forfeits</li>", who);
    for (int late = 0; late < 2; late++) {
        g->rec.move[1].target = late ? RECORD_TIMED_OUT : CARD_NONE;
        for (int lang = 0; lang < MSG_LANG_COUNT; lang++) {
            site_buf b;
            sb_init(&b);
            assert_true(site_replay(&b, (msg_lang)lang, g, names));
            site_fmt(leaves, sizeof leaves, (msg_lang)lang, MSG_SITE_RESIGNS, who);
            assert_int_equal(strstr(b.p, leaves) != NULL, !late);
            assert_null(strstr(b.p, msg_in((msg_lang)lang, MSG_SITE_TIMED_OUT))); /* no move */
            if (lang == MSG_LANG_EN)
                assert_int_equal(strstr(b.p, forfeits) != NULL, late);
            sb_free(&b);
        }
    }
    free(g);
}

static const char *oom_site; /* site.dir, for whole_page */
static int oom_broken;       /* pages found cut short, and files left half written */

static int whole_page(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st, (void)ftw;
    size_t n = strlen(path);
    if (flag != FTW_F)
        return 0;
    if (n > 4 && !strcmp(path + n - 4, ".tmp")) {
        oom_broken++;
        return 0;
    }
    if (n < 5 || strcmp(path + n - 5, ".html") != 0)
        return 0;
    char *page = slurp(oom_site, path + strlen(oom_site) + 1);
    assert_non_null(page);
    size_t len = strlen(page);
    oom_broken += len < 8 || strcmp(page + len - 8, "</html>\n") != 0;
    free(page);
    return 0;
}

/* A refresh with no memory for one of its allocations (a page's buffer, the lists of people,
 * channels and games, a chart's points), each in turn until a refresh needs no more: it says it
 * failed and the log says out of memory, or it did without (a chart with no points); never is a
 * page written cut short or a temporary file left, nothing leaks; and the refresh after, with
 * memory, writes the new game's pages. */
static void test_refresh_out_of_memory(void **state)
{
    struct fixture *f = *state;
    const char *const one[3] = { "alice", "bob", "carol" }, *const two[3] = { "dave", "bob",
                                                                              "eve" };
    record_game(f->s, "#durak", 3, one);
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    long long id = record_game(f->s, "#durak", 4, two);
    oom_site = f->site;
    long k = 1;
    for (;; k++) {
        log_capture();
        failalloc_after(k);
        bool ok = site_refresh_game(f->s, &o, id), refused = failalloc_failed();
        failalloc_off();
        const char *logged = log_captured();
        oom_broken = 0;
        assert_int_equal(nftw(f->site, whole_page, 16, FTW_PHYS), 0);
        if (oom_broken)
            fail_msg("allocation %ld refused: %d page(s) cut short or left half written", k,
                     oom_broken);
        if (!refused) {
            assert_true(ok);
            break;
        }
        if (!ok && !strstr(logged, "out of memory"))
            fail_msg("allocation %ld refused: the refresh failed, no log line says why:\n%s", k,
                     logged);
    }
    assert_true(k > 3);
    char rel[32];
    snprintf(rel, sizeof rel, "g/%lld.html", id);
    char *page = slurp(f->site, rel), *index = slurp(f->site, "index.html");
    assert_non_null(page);
    assert_non_null(strstr(index, rel));
    free(page);
    free(index);
}

/* R17: each bout's heading names who defends last: a bout with one transfer says who transferred
 * and the one it went to, one with more names every transferer in turn ("olga and ivan": passed
 * on and back, "olga transfers, olga defends" would hide ivan), a bout without one its only
 * defender. Returns the bouts with a transfer; *more: those with more than one. */
static int check_bout_headings(const char *page, int *more)
{
    int transferred = 0;
    for (const char *sec = strstr(page, "<section class=\"bout\""); sec;) {
        const char *next = strstr(sec + 1, "<section class=\"bout\"");
        const char *end = next ? next : sec + strlen(sec);
        const char *h = strstr(sec, "<h3>") + 4, *he = strstr(h, "</h3>");
        char heading[256], to[64] = "", who[5][64];
        int k = 0;
        snprintf(heading, sizeof heading, "%.*s", (int)(he - h), h);
        for (const char *t = strstr(he, " transfers with "); t && t < end;
             t = strstr(t + 1, " transfers with ")) {
            const char *li = t, *name = strstr(t, " to ") + 4, *eli = strstr(name, "</li>");
            while (li > he && strncmp(li, "<li>", 4))
                li--;
            assert_true(k < 5);
            snprintf(who[k++], sizeof who[0], "%.*s", (int)(t - li - 4), li + 4);
            snprintf(to, sizeof to, "%.*s", (int)(eli - name), name);
        }
        char want[256];
        size_t len = 0;
        for (int i = 0; i < k; i++)
            len += (size_t)snprintf(want + len, sizeof want - len, "%s%s",
                                    !i          ? ""
                                    : i + 1 < k ? ", "
                                                : " and ",
                                    who[i]);
        if (!k) {
            assert_null(strstr(heading, " transfer"));
            sec = next;
            continue;
        }
        snprintf(want + len, sizeof want - len,
                 k == 1 ? " transfers, %s defends" : " transfer in turn, %s defends", to);
        if (!strstr(heading, want))
            fail_msg("heading \"%s\" lacks \"%s\"", heading, want);
        transferred++;
        *more += k > 1;
        sec = next;
    }
    return transferred;
}

/* With two to five players a transfer passes the bout on to another player, sometimes twice, with
 * two back to the first defender: every heading names the transferers and the last defender
 * (random games that transfer whenever they can). */
static void test_bout_heading_after_transfers(void **state)
{
    (void)state;
    store_game *g = calloc(1, sizeof *g);
    const char *const names[] = { "alice", "bob", "carol", "dave", "erin" };
    uint8_t salt[RECORD_SALT_BYTES] = { 9 };
    int transferred = 0, more = 0;
    for (int players = 2; players <= 5; players++) {
        durak_options o = durak_default_options();
        o.variant = DURAK_VARIANT_TRANSFER;
        o.players = players;
        for (uint64_t seed = 1; seed <= 5; seed++) {
            durak_game gm;
            rng_t r;
            rng_seed(&r, seed);
            record_start(&g->rec, &o, seed, salt);
            assert_true(durak_new(&gm, &o, seed));
            durak_action a[DURAK_MAX_ACTIONS];
            while (!durak_over(&gm) && g->rec.nmoves < RECORD_MOVES_MAX) {
                int n = durak_legal(&gm, a), pick = (int)rng_below(&r, (uint64_t)n);
                for (int k = 0; k < n; k++)
                    if (a[k].kind == DURAK_ACT_TRANSFER)
                        pick = k;
                record_add(&g->rec, a[pick].kind, a[pick].card, a[pick].target, gm.actor, 1);
                assert_int_equal(durak_apply(&gm, a[pick]), DURAK_OK);
            }
            g->nseats = players;
            site_buf b;
            sb_init(&b);
            assert_true(site_replay(&b, MSG_LANG_EN, g, names));
            transferred += check_bout_headings(b.p, &more);
            sb_free(&b);
        }
    }
    assert_true(transferred > 10);
    assert_true(more > 0);
    free(g);
}

/* The replay of records a page may meet: a transfer (its own words), a record cut short, one
 * whose moves do not replay (a damaged database: the replay stops there, every section closed),
 * options no game can have. Each page still ends with the deal's proof. */
static void test_replay_transfer_and_damaged(void **state)
{
    (void)state;
    store_game *g = calloc(1, sizeof *g);
    durak_options o = durak_default_options();
    o.variant = DURAK_VARIANT_TRANSFER;
    uint8_t salt[RECORD_SALT_BYTES] = { 9 };
    durak_game gm;
    bool transferred = false;
    for (uint64_t seed = 1; !transferred && seed < 200; seed++) {
        record_start(&g->rec, &o, seed, salt);
        assert_true(durak_new(&gm, &o, seed));
        durak_action a[DURAK_MAX_ACTIONS];
        for (int i = 0; i < 30 && !durak_over(&gm); i++) {
            int n = durak_legal(&gm, a), pick = 0;
            for (int k = 0; k < n; k++)
                if (a[k].kind == DURAK_ACT_TRANSFER)
                    pick = k;
            transferred |= a[pick].kind == DURAK_ACT_TRANSFER;
            record_add(&g->rec, a[pick].kind, a[pick].card, a[pick].target, gm.actor, i);
            assert_int_equal(durak_apply(&gm, a[pick]), DURAK_OK);
        }
    }
    assert_true(transferred);
    g->nseats = 2;
    const char *const names[] = { "alice", "bob" };
    site_buf b;
    sb_init(&b);
    assert_true(site_replay(&b, MSG_LANG_EN, g, names));
    assert_non_null(strstr(b.p, " transfers with "));
    int more = 0;
    assert_true(check_bout_headings(b.p, &more) > 0);
    assert_null(strstr(b.p, "the replay stops early"));
    sb_free(&b);

    g->rec.truncated = true;
    sb_init(&b);
    assert_true(site_replay(&b, MSG_LANG_EN, g, names));
    assert_non_null(strstr(b.p, "the replay stops early"));
    sb_free(&b);
    g->rec.truncated = false;

    g->rec.move[3].seat = (uint8_t)!g->rec.move[3].seat; /* the other player's move */
    g->rec.truncated = true;                             /* damaged says more than cut short */
    sb_init(&b);
    assert_false(site_replay(&b, MSG_LANG_EN, g, names));
    assert_non_null(strstr(b.p, "This game's record is damaged"));
    assert_null(strstr(b.p, "the replay stops early"));
    assert_int_equal(count(b.p, "<section"), count(b.p, "</section>"));
    assert_non_null(strstr(b.p, "<section id=\"fair\">"));
    sb_free(&b);

    g->rec.truncated = false;
    g->rec.nmoves = 0; /* moves that did not read back */
    g->damaged = true;
    sb_init(&b);
    assert_true(site_replay(&b, MSG_LANG_RU, g, names));
    assert_non_null(strstr(b.p, "<section id=\"deal\">"));
    assert_non_null(strstr(b.p, "Запись этой партии повреждена"));
    sb_free(&b);

    g->rec.opt.players = 9; /* no such game */
    sb_init(&b);
    assert_false(site_replay(&b, MSG_LANG_EN, g, names));
    assert_null(strstr(b.p, "<section id=\"deal\">"));
    assert_non_null(strstr(b.p, "<section id=\"fair\">"));
    sb_free(&b);
    free(g);
}

/* What err holds so far; err emptied for the next step. */
static void take_err(FILE *err, char *buf, size_t cap)
{
    fflush(err);
    rewind(err);
    buf[fread(buf, 1, cap - 1, err)] = '\0';
    rewind(err);
    assert_int_equal(ftruncate(fileno(err), 0), 0);
}

static void expect_export_fails(struct fixture *f, const site_options *o, FILE *err,
                                const char *want)
{
    char msg[1024];
    assert_int_equal(site_export(f->s, o, err), 1);
    take_err(err, msg, sizeof msg);
    if (strcmp(msg, want))
        fail_msg("--export-site said \"%s\", not \"%s\"", msg, want);
}

/* --export-site's failures as the operator reads them on stderr, each naming what is wrong: no
 * directory, site.dir that cannot be made, a page that cannot be written (the log names it), a
 * game whose moves are malformed in the database (named; its page says so, and the games after
 * it get theirs), the database's tables missing. */
static void test_export_site_errors(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "alice", "bob", "carol" };
    record_game(f->s, "#durak", 7, nicks);
    record_game(f->s, "#durak", 8, nicks);
    record_game(f->s, "#durak", 9, nicks);
    site_options o = options(f), none = o;
    FILE *err = tmpfile();
    char want[600], path[200];
    assert_non_null(err);
    none.dir[0] = '\0';
    expect_export_fails(f, &none, err, "durakbot: --export-site needs a directory\n");

    snprintf(path, sizeof path, "%s/file", f->dir);
    FILE *fp = fopen(path, "w");
    assert_non_null(fp);
    fclose(fp);
    site_options under_file = o;
    snprintf(under_file.dir, sizeof under_file.dir, "%s/site", path);
    snprintf(want, sizeof want,
             "durakbot: cannot make %s (and its p/, g/, a/ and c/): Not a directory\n",
             under_file.dir);
    expect_export_fails(f, &under_file, err, want);

    snprintf(path, sizeof path, "%s/style.css", f->site);
    assert_int_equal(mkdir(f->site, 0755), 0);
    assert_int_equal(mkdir(path, 0755), 0);
    snprintf(want, sizeof want,
             "durakbot: --export-site: some pages could not be written into %s (the log says "
             "which)\n",
             f->site);
    log_capture();
    expect_export_fails(f, &o, err, want);
    snprintf(want, sizeof want, "site: could not write %s: Is a directory", path);
    assert_non_null(strstr(log_captured(), want));
    assert_int_equal(rmdir(path), 0);

    assert_int_equal(
        sqlite3_exec(f->s->db, "UPDATE games SET moves = 'q1cff2' WHERE id = 2", NULL, NULL, NULL),
        SQLITE_OK);
    expect_export_fails(f, &o, err,
                        "durakbot: --export-site: game #2's moves are malformed in the database: "
                        "its page has no replay\n");
    for (int id = 1; id <= 3; id++) {
        snprintf(path, sizeof path, "g/%d.html", id);
        char *page = slurp(f->site, path);
        assert_non_null(page);
        assert_true(!strstr(page, "record is damaged") == (id != 2));
        free(page);
    }
    assert_int_equal(temp_files(f->site), 0);

    assert_int_equal(
        sqlite3_exec(f->s->db, "DROP TABLE game_seats; DROP TABLE games", NULL, NULL, NULL),
        SQLITE_OK);
    char msg[1024];
    assert_int_equal(site_export(f->s, &o, err), 1);
    take_err(err, msg, sizeof msg);
    assert_non_null(strstr(msg, "durakbot: --export-site: could not read the site's data: "));
    assert_non_null(strstr(msg, "check the database file\n"));
    fclose(err);
}

/* One who plays only private games has a "+key" row alone: their set site off hides them all the
 * same, on their games' pages, the archive and the private games' board. */
static void test_private_only_hidden(void **state)
{
    struct fixture *f = *state;
    const char *const keys[3] = { "+shyguy", "+*normal[bot]", "+*hard[bot]" };
    const char *const nicks[3] = { "shyguy", "normal[bot]", "hard[bot]" };
    long long id = record_game_as(f->s, "~solo shyguy", 21, keys, nicks);
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    char rel[32];
    snprintf(rel, sizeof rel, "g/%lld.html", id);
    const char *const pages[3] = { rel, "index.html", "a/1.html" };
    for (int i = 0; i < 3; i++) {
        char *page = slurp(f->site, pages[i]);
        assert_non_null(strstr(page, "shyguy")); /* named, before */
        free(page);
    }
    store_prefs p = { 0, 0, 0, "", 2 };
    assert_true(store_put_prefs(f->s, "shyguy", &p));
    assert_true(site_refresh_person(f->s, &o, "shyguy", true));
    for (int i = 0; i < 3; i++) {
        char *page = slurp(f->site, pages[i]);
        if (strstr(page, "shyguy"))
            fail_msg("%s still names shyguy", pages[i]);
        free(page);
    }
}

/* set site off saved, and its refresh lost (kill -9 before the thread ran it): the start's check
 * finds the page of one who chose it still there, and writes every page again. */
static void test_check_finds_a_hidden_page(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "alice", "shyguy", "carol" };
    long long id = record_game(f->s, "#durak", 5, nicks);
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    assert_true(site_complete(f->s, &o));
    store_prefs p = { 0, 0, 0, "", 2 };
    assert_true(store_put_prefs(f->s, "shyguy", &p));
    assert_false(site_complete(f->s, &o));
    site_worker *w = site_worker_start(&o, f->db); /* as at the next start */
    site_worker_drain(w);
    site_worker_stop(w);
    char rel[32];
    snprintf(rel, sizeof rel, "g/%lld.html", id);
    char *page = slurp(f->site, rel);
    assert_null(strstr(page, "shyguy"));
    free(page);
    assert_true(site_complete(f->s, &o));
}

/* A reload that changes game.language (or a channel's) writes every page again: else only the
 * games from then on would speak it, and the rest of the site the old language for good. */
static void test_reload_language_rewrites(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "alice", "bob", "carol" };
    record_game(f->s, "#durak", 5, nicks);
    site_options o = options(f);
    site_worker *w = site_worker_start(&o, f->db);
    site_worker_drain(w);
    char *index = slurp(f->site, "index.html");
    assert_non_null(strstr(index, "<html lang=\"en\""));
    free(index);
    site_options ru = o;
    ru.lang = MSG_LANG_RU;
    w = site_worker_reconfigure(w, &ru, f->db);
    site_worker_drain(w);
    index = slurp(f->site, "index.html");
    assert_non_null(strstr(index, "<html lang=\"ru\""));
    free(index);
    site_worker_stop(w);
}

/* channel_settings' channel as the server compares it: "#dur[a]" is "#DUR{A}" under rfc1459, and
 * its pages speak the language the channel hears. */
static void test_channel_language_casemap(void **state)
{
    (void)state;
    bot_config cfg;
    config_defaults(&cfg);
    snprintf(cfg.channel_settings[0].name, sizeof cfg.channel_settings[0].name, "#dur[a]");
    cfg.channel_settings[0].language = CONFIG_LANG_RU;
    cfg.nchannel_settings = 1;
    site_options o = site_options_of(&cfg);
    assert_int_equal(site_channel_lang(&o, "#DUR{A}"), MSG_LANG_RU);
    assert_int_equal(site_channel_lang(&o, "#dur-a"), o.lang);
}

/* --export-site beside the running bot, in the same site.dir (the log's own advice when pages were
 * lost): each writes its pages through a temporary file of its own, and neither fails. */
static void test_export_beside_the_bot(void **state)
{
    struct fixture *f = *state;
    const char *const nicks[3] = { "alice", "bob", "carol" };
    record_game(f->s, "#durak", 5, nicks);
    copy_first_game(f, 20);
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) { /* the operator's durakbot --export-site */
        char err[256];
        store *r = store_open_reader(f->db, err, sizeof err);
        FILE *quiet = fopen("/dev/null", "w");
        int failed = 0;
        for (int i = 0; i < 40 && r && quiet; i++)
            failed += site_export(r, &o, quiet) != 0;
        _exit(!r || failed ? 1 : 0);
    }
    int failed = 0, status = 0;
    log_capture(); /* each failure is logged */
    for (int i = 0; i < 150; i++)
        failed += !site_refresh_game(f->s, &o, record_game(f->s, "#durak", 100 + i, nicks));
    log_captured();
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_int_equal(failed, 0);
    assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

/* One who played only private games has a page of those: their private rating, charted, and their
 * games, linked from those games' pages, and given by !stats. Once they play in a channel, their
 * page is the channel row's, which shows both, and the private-only one goes. */
static void test_private_only_page(void **state)
{
    struct fixture *f = *state;
    const char *const keys[3] = { "+shy", "+*normal[bot]", "+*hard[bot]" };
    const char *const nicks[3] = { "shy", "normal[bot]", "hard[bot]" };
    long long game = record_game_as(f->s, "~solo shy", 21, keys, nicks);
    site_options o = options(f);
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    long long solo_id = store_site_person_id(f->s, "+shy");
    assert_true(solo_id > 0);
    assert_int_equal(store_site_person_id(f->s, "shy"), solo_id); /* !stats shy */
    char rel[400], link[48];
    snprintf(rel, sizeof rel, "p/%lld.html", solo_id);
    char *page = slurp(f->site, rel);
    assert_non_null(page);
    assert_non_null(strstr(page, "Rating in private games after each game"));
    /* the chart's name for a screen reader and its tooltip, as its heading */
    assert_non_null(strstr(page, "aria-label=\"Rating in private games after each game\""));
    assert_non_null(strstr(page, "<title>Rating in private games after each game</title>"));
    assert_null(strstr(page, "Rating in channels"));
    assert_non_null(strstr(page, "In private games against computer players"));
    assert_null(strstr(page, "In channels"));
    free(page);
    snprintf(rel, sizeof rel, "g/%lld.html", game);
    snprintf(link, sizeof link, "p/%lld.html\"><bdi>shy</bdi></a>", solo_id);
    page = slurp(f->site, rel);
    assert_non_null(strstr(page, link));
    free(page);
    assert_true(site_complete(f->s, &o));
    const char *const channel_nicks[3] = { "shy", "bob", "carol" };
    record_game(f->s, "#durak", 5, channel_nicks); /* now in a channel too */
    assert_int_equal(site_export(f->s, &o, stderr), 0);
    long long id = store_site_person_id(f->s, "+shy");
    assert_true(id > 0 && id != solo_id);
    snprintf(rel, sizeof rel, "%s/p/%lld.html", f->site, solo_id);
    assert_int_equal(access(rel, F_OK), -1); /* gone */
    snprintf(rel, sizeof rel, "p/%lld.html", id);
    page = slurp(f->site, rel);
    assert_non_null(strstr(page, "In channels"));
    assert_non_null(strstr(page, "In private games against computer players"));
    free(page);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_escape_markup),
        cmocka_unit_test(test_replay_forfeit_under_attack),
        cmocka_unit_test(test_replay_team_forfeit_not_defender),
        cmocka_unit_test(test_replay_forfeit_on_time_outs),
        cmocka_unit_test(test_replay_transfer_and_damaged),
        cmocka_unit_test(test_bout_heading_after_transfers),
        cmocka_unit_test(test_escape_ampersand),
        cmocka_unit_test(test_escape_quotes),
        cmocka_unit_test(test_escape_direction_marks),
        cmocka_unit_test(test_escape_mirc_codes),
        cmocka_unit_test(test_escape_controls_and_bad_utf8),
        cmocka_unit_test_setup_teardown(test_export_makes_parents, setup, teardown),
        cmocka_unit_test_setup_teardown(test_export_as_root_keeps_the_owner, setup, teardown),
        cmocka_unit_test_setup_teardown(test_archive, setup, teardown),
        cmocka_unit_test_setup_teardown(test_game_page, setup, teardown),
        cmocka_unit_test_setup_teardown(test_channel_language, setup, teardown),
        cmocka_unit_test_setup_teardown(test_page_in_the_language_played, setup, teardown),
        cmocka_unit_test_setup_teardown(test_team_forfeit_page, setup, teardown),
        cmocka_unit_test_setup_teardown(test_shared_win_page, setup, teardown),
        cmocka_unit_test_setup_teardown(test_channel_pages, setup, teardown),
        cmocka_unit_test_setup_teardown(test_refresh_rewrites_their_other_boards, setup, teardown),
        cmocka_unit_test_setup_teardown(test_labels_in_french, setup, teardown),
        cmocka_unit_test_setup_teardown(test_no_page_id_for_computer_players, setup, teardown),
        cmocka_unit_test_setup_teardown(test_worker_cleared_drops_its_queue, setup, teardown),
        cmocka_unit_test_setup_teardown(test_worker_writes_lost_pages, setup, teardown),
        cmocka_unit_test_setup_teardown(test_refresh_killed_is_redone_at_start, setup, teardown),
        cmocka_unit_test_setup_teardown(test_refresh_dropped_at_stop_is_redone_at_start, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_worker_behind, setup, teardown),
        cmocka_unit_test_setup_teardown(test_private_page_in_the_players_language, setup, teardown),
        cmocka_unit_test_setup_teardown(test_old_games_keep_the_channels_language, setup, teardown),
        cmocka_unit_test_setup_teardown(test_hidden_person, setup, teardown),
        cmocka_unit_test_setup_teardown(test_person_page_language, setup, teardown),
        cmocka_unit_test_setup_teardown(test_language_rewrites_the_persons_page_alone, setup,
                                        teardown),
        cmocka_unit_test_setup_teardown(test_hidden_person_many_games, setup, teardown),
        cmocka_unit_test_setup_teardown(test_person_page, setup, teardown),
        cmocka_unit_test_setup_teardown(test_person_chart_one_game, setup, teardown),
        cmocka_unit_test(test_chart_in_words),
        cmocka_unit_test_setup_teardown(test_damaged_ratings, setup, teardown),
        cmocka_unit_test_setup_teardown(test_quiet_draw_page, setup, teardown),
        cmocka_unit_test_setup_teardown(test_chart_reaches_extremes, setup, teardown),
        cmocka_unit_test_setup_teardown(test_replay_tells_who_goes_out, setup, teardown),
        cmocka_unit_test_setup_teardown(test_replay_defender_leaves, setup, teardown),
        cmocka_unit_test(test_replay_replaced_leaver),
        cmocka_unit_test(test_team_leaver_replaced),
        cmocka_unit_test_setup_teardown(test_replay_heading_of_many_transfers, setup, teardown),
        cmocka_unit_test_setup_teardown(test_replay_of_taken_bouts, setup, teardown),
        cmocka_unit_test_setup_teardown(test_person_page_fits_a_phone, setup, teardown),
        cmocka_unit_test_setup_teardown(test_refresh_writes_only_its_pages, setup, teardown),
        cmocka_unit_test_setup_teardown(test_site_of_another_database, setup, teardown),
        cmocka_unit_test_setup_teardown(test_site_of_other_languages, setup, teardown),
        cmocka_unit_test_setup_teardown(test_site_of_an_empty_database, setup, teardown),
        cmocka_unit_test_setup_teardown(test_refresh_out_of_memory, setup, teardown),
        cmocka_unit_test_setup_teardown(test_private_game, setup, teardown),
        cmocka_unit_test_setup_teardown(test_private_page_gives_way, setup, teardown),
        cmocka_unit_test_setup_teardown(test_export_removes_killed_writes, setup, teardown),
        cmocka_unit_test_setup_teardown(test_index_many_channels, setup, teardown),
        cmocka_unit_test_setup_teardown(test_worker_person_once, setup, teardown),
        cmocka_unit_test_setup_teardown(test_worker, setup, teardown),
        cmocka_unit_test_setup_teardown(test_worker_database_missing, setup, teardown),
        cmocka_unit_test_setup_teardown(test_worker_stop_ends_an_export, setup, teardown),
        cmocka_unit_test_setup_teardown(test_worker_behind_while_it_writes_all, setup, teardown),
        cmocka_unit_test_setup_teardown(test_worker_moved, setup, teardown),
        cmocka_unit_test_setup_teardown(test_page_not_written, setup, teardown),
        cmocka_unit_test_setup_teardown(test_site_dir_cannot_be_made, setup, teardown),
        cmocka_unit_test_setup_teardown(test_refresh_missing_game, setup, teardown),
        cmocka_unit_test_setup_teardown(test_page_over_the_size_bound, setup, teardown),
        cmocka_unit_test_setup_teardown(test_worker_queue_full, setup, teardown),
        cmocka_unit_test_setup_teardown(test_export_site_errors, setup, teardown),
        cmocka_unit_test_setup_teardown(test_private_only_hidden, setup, teardown),
        cmocka_unit_test_setup_teardown(test_private_only_page, setup, teardown),
        cmocka_unit_test_setup_teardown(test_check_finds_a_hidden_page, setup, teardown),
        cmocka_unit_test_setup_teardown(test_reload_language_rewrites, setup, teardown),
        cmocka_unit_test(test_channel_language_casemap),
        cmocka_unit_test_setup_teardown(test_export_beside_the_bot, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
