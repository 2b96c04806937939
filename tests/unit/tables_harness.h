/* tables_harness.h — the tables module driven as the loop would, for the cmocka tests of the
 * game side (test_tables.c, test_players.c, test_hints.c, ...): users with user@host, a clock. */
#ifndef DURAK_TABLES_HARNESS_H
#define DURAK_TABLES_HARNESS_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ai.h"
#include "config.h"
#include "log.h"
#include "parser.h"
#include "persist.h"
#include "rng.h"
#include "tables.h"
#include "tables_internal.h" /* the tests look at a table's game */

typedef struct {
    tables *t;
    outbox o;
    double now;
    double step; /* seconds between two lines of a user: past the flood limit by default */
    bot_config cfg;
    store *db; /* stats: changes go there after every event, as the loop does */
} harness;

static inline harness *h_new(uint64_t seed)
{
    harness *h = calloc(1, sizeof *h);
    log_set_level(LOG_WARNING); /* warnings only: no info line for each game a test plays */
    config_defaults(&h->cfg);
    h->cfg.ui.colors = false;
    h->cfg.ui.unicode_suits = false;
    snprintf(h->cfg.irc.nick, sizeof h->cfg.irc.nick, "durakbot");
    h->t = tables_new(&h->cfg, seed);
    outbox_init(&h->o);
    h->now = 1000;
    h->step = 2.5;
    tables_on_reconnect(h->t, h->now, &h->o); /* registered: timers run */
    return h;
}

/* As the loop does after every event: what changed saved, then the lines routed (private games
 * to their players, spectators' copies). */
static inline void h_persist(harness *h)
{
    if (h->db)
        persist_tables(h->t, h->db, h->now);
    tables_route_lines(h->t, &h->o);
}

/* The computer players' pending decisions, as the worker threads would make them (hard held to
 * 50 iterations, to stay quick); then what changed saved and the lines routed. */
static inline void h_run_ai(harness *h)
{
    tables_ai_job job;
    outbox_clear(&h->o);
    h->now += h->cfg.game.bot_delay;
    while (tables_ai_next_job(h->t, h->now, &job)) {
        job.params.max_iterations = 50;
        tables_ai_result(h->t, h->now, &job, ai_choose(&job.view, &job.params, NULL), &h->o);
    }
    h_persist(h);
}

/* A person keeps their user@host across nick changes (renamed() records them). */
static char renamed_from[8][32], renamed_to[8][32];
static int nrenamed;

static inline void h_free(harness *h)
{
    nrenamed = 0; /* the next test's people are new */
    outbox_free(&h->o);
    tables_free(h->t);
    free(h);
}

static inline const char *person_before(const char *nick, int n) /* the first n renames */
{
    for (int i = n - 1; i >= 0; i--)
        if (!strcasecmp(renamed_to[i], nick))
            return person_before(renamed_from[i], i); /* earlier ones only: a nick may come back */
    return nick;
}

static inline const char *person_of(const char *nick) { return person_before(nick, nrenamed); }

static bool with_accounts; /* who() gives everyone the account "acc_<person>" */

static inline tables_who who(const char *nick)
{
    static char user[64], account[64];
    snprintf(user, sizeof user, "u_%s", person_of(nick));
    snprintf(account, sizeof account, "acc_%s", person_of(nick));
    tables_who w = { nick, user, "example.org", with_accounts ? account : "", false };
    return w;
}

/* The person with `from` changes nick to `to`. */
static inline void renamed(harness *h, const char *from, const char *to)
{
    snprintf(renamed_from[nrenamed], sizeof renamed_from[0], "%s", from);
    snprintf(renamed_to[nrenamed++], sizeof renamed_to[0], "%s", to);
    outbox_clear(&h->o);
    tables_on_nick(h->t, h->now, from, to, &h->o);
    h_persist(h);
}

/* A channel line from w, whoever they are (another user@host or account on a known nick). */
static inline void chan_as(harness *h, const tables_who *w, const char *channel, const char *text)
{
    outbox_clear(&h->o);
    h->now += h->step;
    tables_on_channel(h->t, h->now, w, channel, text, &h->o);
    h_persist(h);
}

static inline void chan(harness *h, const char *nick, const char *channel, const char *text)
{
    tables_who w = who(nick);
    chan_as(h, &w, channel, text);
}

/* A private line from w, whoever they are (another user@host or account on a known nick). */
static inline void priv_as(harness *h, const tables_who *w, const char *text)
{
    outbox_clear(&h->o);
    h->now += h->step;
    tables_on_private(h->t, h->now, w, text, &h->o);
    h_persist(h);
}

static inline void priv(harness *h, const char *nick, const char *text)
{
    tables_who w = who(nick);
    priv_as(h, &w, text);
}

/* A private game stopped by its person still playing it: stop, the question whether a loss is
 * meant, and stop again. */
static inline void solo_stopped(harness *h, const char *nick)
{
    priv(h, nick, "stop");
    priv(h, nick, "stop");
}

static inline void tick(harness *h, double at)
{
    outbox_clear(&h->o);
    h->now = at;
    tables_on_tick(h->t, h->now, &h->o);
    h_persist(h);
}

#define ZWSP "\xE2\x80\x8B" /* in nicks the narration names, so that they do not highlight */

/* Whether text contains needle as a reader sees it: zero-width spaces are skipped. */
static inline bool reads(const char *text, const char *needle)
{
    for (const char *p = text; *p; p++) {
        const char *a = p, *b = needle;
        while (*b) {
            if (!strncmp(a, ZWSP, 3) || !strncmp(b, ZWSP, 3)) {
                a += !strncmp(a, ZWSP, 3) ? 3 : 0;
                b += !strncmp(b, ZWSP, 3) ? 3 : 0;
                continue;
            }
            if (*a != *b)
                break;
            a++, b++;
        }
        if (!*b)
            return true;
    }
    return !*needle;
}

/* The text of the first message to `target` containing `needle` as a reader sees it, or NULL. */
static inline const char *said(const harness *h, const char *target, const char *needle)
{
    for (size_t i = 0; i < h->o.len; i++)
        if ((!target || !strcmp(h->o.items[i].target, target)) && reads(h->o.items[i].text, needle))
            return h->o.items[i].text;
    return NULL;
}

/* The index of the first line to target containing needle; the line count if none. */
static inline size_t said_at(const harness *h, const char *target, const char *needle)
{
    size_t i = 0;
    while (i < h->o.len
           && (strcmp(h->o.items[i].target, target) || !reads(h->o.items[i].text, needle)))
        i++;
    return i;
}

/* "play" alone by a seated player: its example card, read from the line said to nick after
 * `before` ("e.g. play "), must be one they hold, and on their turn one they may play. */
static inline void example_is_theirs(const harness *h, const char *nick, const char *before)
{
    int s;
    const table_t *tb = tables_of_nick(h->t, nick, &s);
    const char *line = said(h, nick, before);
    assert_true(tb && line);
    const char *c = strstr(line, before) + strlen(before);
    card_t card = parse_card(c, strcspn(c, " "));
    if (card == CARD_NONE || !cards_has(tb->g.hand[s], card))
        fail_msg("no card of %s's hand after \"%s\": %s", nick, before, line);
    durak_action a = { DURAK_ACT_PLAY, card, CARD_NONE };
    if (tb->g.actor == s && durak_check(&tb->g, a) != DURAK_OK)
        fail_msg("not a card %s may play: %s", nick, line);
}

/* a as durak_action_format writes it, its cards with suit symbols ("beat 10♠ 8♠"): read the same
 * in every language, where a letter may not be (to a French reader "8c" could be ♥, and is asked) */
static inline const char *move_text(durak_action a, char *buf, size_t cap)
{
    static const char *const symbols[] = { "\xE2\x99\xA0", "\xE2\x99\xA3", "\xE2\x99\xA6",
                                           "\xE2\x99\xA5" };
    char plain[64], *save = NULL;
    size_t len = 0;
    durak_action_format(a, plain, sizeof plain);
    buf[0] = '\0';
    for (char *w = strtok_r(plain, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        size_t n = strlen(w); /* after the move's word, each is a card: "8C", "TS" */
        const char *suit = len && n >= 2 ? strchr("SCDH", w[n - 1]) : NULL;
        if (suit) {
            w[n - 1] = '\0';
            len += (size_t)snprintf(buf + len, cap - len, " %s%s", strcmp(w, "T") ? w : "10",
                                    symbols[suit - "SCDH"]);
        } else {
            len += (size_t)snprintf(buf + len, cap - len, "%s%s", len ? " " : "", w);
        }
    }
    return buf;
}

static inline void lobby(harness *h, const char *channel, const char *options, const char **nicks,
                         int n)
{
    char cmd[64];
    snprintf(cmd, sizeof cmd, "!durak %s", options);
    chan(h, nicks[0], channel, cmd);
    assert_non_null(said(h, channel, "opens a game"));
    for (int i = 1; i < n; i++) {
        chan(h, nicks[i], channel, "!join");
        assert_non_null(said(h, channel, "joins"));
    }
}

/* Asks every player for their moves; returns the index of the one who has some,
 * with the list copied into moves. */
static inline int whose_turn(harness *h, const char **nicks, int n, char *moves, size_t cap)
{
    int found = -1;
    for (int i = 0; i < n; i++) {
        priv(h, nicks[i], "moves");
        const char *m = said(h, nicks[i], "Your moves: ");
        if (m) {
            assert_int_equal(found, -1);
            found = i;
            snprintf(moves, cap, "%s", m + strlen("Your moves: "));
        } else {
            assert_non_null(said(h, nicks[i], "No moves"));
        }
    }
    return found;
}

/* Picks one of "a | b | c" at random into out. */
static inline void pick_move(rng_t *r, const char *moves, char *out, size_t cap)
{
    const char *opts[512];
    int n = 0;
    char *copy = strdup(moves), *save = NULL;
    for (char *tok = strtok_r(copy, "|", &save); tok && n < 512; tok = strtok_r(NULL, "|", &save))
        opts[n++] = tok;
    const char *m = opts[rng_below(r, (uint64_t)n)];
    while (*m == ' ')
        m++;
    snprintf(out, cap, "%s", m);
    size_t len = strlen(out);
    while (len && out[len - 1] == ' ')
        out[--len] = '\0';
    free(copy);
}

/* nick asks for its moves and, if it has any, plays one of them at random: true. False when it is
 * not nick's turn (the computer players' then). */
static inline bool play_own_random_move(harness *h, rng_t *r, const char *nick)
{
    char moves[1024], move[128];
    priv(h, nick, "moves");
    const char *mine = said(h, nick, "Your moves: ");
    if (!mine)
        return false;
    snprintf(moves, sizeof moves, "%s", mine + strlen("Your moves: "));
    pick_move(r, moves, move, sizeof move);
    priv(h, nick, move);
    return true;
}

/* Whoever of nicks has the turn plays one of their moves at random (drawn from seed); returns
 * their index. */
static inline int play_random_move(harness *h, const char **nicks, int n, uint64_t seed)
{
    char moves[1024], move[128];
    int i = whose_turn(h, nicks, n, moves, sizeof moves);
    assert_true(i >= 0);
    rng_t r;
    rng_seed(&r, seed);
    pick_move(&r, moves, move, sizeof move);
    priv(h, nicks[i], move);
    return i;
}

static long moves_made, lines_sent; /* lines the bot sent per move (TABLES_SHOW prints them) */

/* Plays random legal moves by private message until the channel hears "Game over". */
static inline const char *play_to_end(harness *h, const char *channel, const char **nicks, int n,
                                      uint64_t seed)
{
    static char result[1024];
    rng_t r;
    rng_seed(&r, seed);
    for (int step = 0; step < 5000; step++) {
        char moves[1024], move[128];
        int i = whose_turn(h, nicks, n, moves, sizeof moves);
        assert_true(i >= 0);
        pick_move(&r, moves, move, sizeof move);
        priv(h, nicks[i], move);
        moves_made++;
        lines_sent += (long)h->o.len;
        if (getenv("TABLES_SHOW")) /* to read a game as players see it */
            for (size_t k = 0; k < h->o.len; k++)
                printf("%s <%s> %s\n", nicks[i], h->o.items[k].target, h->o.items[k].text);
        const char *line = said(h, channel, "");
        assert_true(line || !strcmp(move, "pass")); /* every move but a quiet pass is announced */
        const char *end = said(h, channel, "Game over");
        if (end) {
            snprintf(result, sizeof result, "%s", end);
            return result;
        }
    }
    fail_msg("game did not end");
    return NULL;
}

static const char *NICKS[] = { "alice", "bob", "carol", "dave", "erin", "frank" };

/* game.replace_leavers on: alice, bob and carol start a game in #durak, `leaver` leaves at once
 * (Normal[bot] takes the seat over), and the two others play it to its end at random. */
/* game.replace_leavers on, and a game of the first n NICKS (opts: "!durak" options, as lobby())
 * started in #durak. */
static inline void start_replacing(harness *h, const char *opts, int n)
{
    h->cfg.game.replace_leavers = true;
    tables_reconfigure(h->t, &h->cfg);
    lobby(h, "#durak", opts, NICKS, n);
    chan(h, "alice", "#durak", "!start");
}

static inline void play_with_replaced_leaver(harness *h, const char *leaver, uint64_t seed)
{
    const char *stay[2];
    int n = 0;
    start_replacing(h, "", 3);
    chan(h, leaver, "#durak", "!leave");
    assert_non_null(said(h, "#durak", "Normal[bot] takes over"));
    for (int i = 0; i < 3; i++)
        if (strcmp(NICKS[i], leaver) && n < 2)
            stay[n++] = NICKS[i];
    rng_t r;
    rng_seed(&r, seed);
    for (int step = 0; step < 3000 && tables_count(h->t); step++)
        if (!play_own_random_move(h, &r, stay[0]) && !play_own_random_move(h, &r, stay[1]))
            h_run_ai(h);
    assert_int_equal(tables_count(h->t), 0);
}

static inline void start_two(harness *h, const char *channel)
{
    lobby(h, channel, "", NICKS, 2);
    chan(h, "alice", channel, "!start");
}

/* A state database in a fresh directory under /tmp for h's tables; store_gone removes both. */
typedef struct {
    char dir[64], path[128];
    store *db;
} temp_store;

/* h's tables keep their games, records and preferences in db (h_persist writes there too). */
static inline void h_use_store(harness *h, store *db)
{
    h->db = db;
    tables_set_store(h->t, db);
}

static inline void store_in_temp(temp_store *s, harness *h)
{
    char err[256];
    snprintf(s->dir, sizeof s->dir, "/tmp/durak-store-XXXXXX");
    assert_non_null(mkdtemp(s->dir));
    snprintf(s->path, sizeof s->path, "%s/state.db", s->dir);
    s->db = store_open(s->path, err, sizeof err);
    assert_non_null(s->db);
    h_use_store(h, s->db);
}

static inline void store_gone(temp_store *s)
{
    char cmd[200];
    store_close(s->db);
    snprintf(cmd, sizeof cmd, "rm -rf %s", s->dir);
    assert_int_equal(system(cmd), 0);
}

#endif
