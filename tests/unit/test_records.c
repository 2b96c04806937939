/* test_records: game records and provably fair deals: the record's
 * text, the fingerprint against a SHA-256 computed here, the store (write, read back, migration
 * from schema 3), !last, and a game played through the tables, exported and replayed by the real
 * durak-cli, names that JSON must escape. Leaves its databases in RECORDS_DIR for the JSON Lines
 * test (records_export.py). */
#define _POSIX_C_SOURCE 200809L
#include "tables_harness.h"

#include <inttypes.h>
#include <pthread.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include "export.h"
#include "failalloc.h"
#include "record.h"
#include "site_pages.h"
#include "store_internal.h"

#ifndef DURAK_CLI
#error "DURAK_CLI (the durak-cli binary) must be defined"
#endif
#ifndef RECORDS_DIR
#error "RECORDS_DIR (a directory in the build tree) must be defined"
#endif

/* ---- SHA-256 (FIPS 180-4), written out here so that the check does not trust OpenSSL ---- */

static uint32_t ror(uint32_t x, int n) { return x >> n | x << (32 - n); }

static void sha256_block(uint32_t h[8], const uint8_t *p)
{
    static const uint32_t k[64] = {
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
        0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
        0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
        0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
        0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
        0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
        0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
        0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
        0xc67178f2
    };
    uint32_t w[64], v[8];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 | (uint32_t)p[4 * i + 2] << 8
               | p[4 * i + 3];
    for (int i = 16; i < 64; i++)
        w[i] = w[i - 16] + (ror(w[i - 15], 7) ^ ror(w[i - 15], 18) ^ w[i - 15] >> 3) + w[i - 7]
               + (ror(w[i - 2], 17) ^ ror(w[i - 2], 19) ^ w[i - 2] >> 10);
    memcpy(v, h, sizeof v);
    for (int i = 0; i < 64; i++) {
        uint32_t t1 = v[7] + (ror(v[4], 6) ^ ror(v[4], 11) ^ ror(v[4], 25))
                      + ((v[4] & v[5]) ^ (~v[4] & v[6])) + k[i] + w[i];
        uint32_t t2 = (ror(v[0], 2) ^ ror(v[0], 13) ^ ror(v[0], 22))
                      + ((v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]));
        memmove(v + 1, v, 7 * sizeof *v);
        v[4] += t1;
        v[0] = t1 + t2;
    }
    for (int i = 0; i < 8; i++)
        h[i] += v[i];
}

static void sha256_hex(const char *msg, char out[65])
{
    uint32_t h[8] = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                      0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };
    size_t n = strlen(msg), total = (n + 9 + 63) / 64 * 64;
    uint8_t *buf = calloc(1, total);
    memcpy(buf, msg, n);
    buf[n] = 0x80;
    for (int i = 0; i < 8; i++)
        buf[total - 1 - i] = (uint8_t)((uint64_t)n * 8 >> (8 * i));
    for (size_t off = 0; off < total; off += 64)
        sha256_block(h, buf + off);
    free(buf);
    for (int i = 0; i < 8; i++)
        snprintf(out + 8 * i, 9, "%08x", h[i]);
}

static void test_sha256_of_this_test(void **state)
{
    (void)state;
    char hex[65];
    sha256_hex("abc", hex); /* FIPS 180-4's example */
    assert_string_equal(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

/* ---- the record as text, replay, fingerprint ---- */

static void sample_record(game_record *r, uint64_t seed)
{
    durak_options o = durak_default_options();
    uint8_t salt[RECORD_SALT_BYTES];
    for (int i = 0; i < RECORD_SALT_BYTES; i++)
        salt[i] = (uint8_t)(i * 17 + 3);
    record_start(r, &o, seed, salt);
    durak_game g;
    assert_true(durak_new(&g, &o, seed));
    for (int i = 0; i < 40 && !durak_over(&g); i++) { /* the first legal move, 40 times */
        durak_action a[DURAK_MAX_ACTIONS];
        int actor = g.actor;
        assert_true(durak_legal(&g, a) > 0);
        assert_int_equal(durak_apply(&g, a[0]), DURAK_OK);
        record_add(r, a[0].kind, a[0].card, a[0].target, actor, 1.5 * i);
    }
}

static void test_moves_text_round_trip(void **state)
{
    (void)state;
    static game_record r, back;
    char text[RECORD_TEXT_MAX], again[RECORD_TEXT_MAX];
    sample_record(&r, 77);
    assert_true(record_format_moves(&r, text, sizeof text));
    back = r;
    back.nmoves = 0;
    assert_true(record_parse_moves(&back, text));
    assert_int_equal(back.nmoves, r.nmoves);
    assert_memory_equal(back.move, r.move, (size_t)r.nmoves * sizeof *r.move);
    assert_true(record_format_moves(&back, again, sizeof again));
    assert_string_equal(text, again);
    assert_int_equal(back.move[3].ms, 4500);
    /* malformed: unknown kind, trailing comma, seat 9, time going back, no digits, a beat or a
     * transfer marked as made on a time-out (the bot plays, takes or passes then, never those) */
    const char *bad[] = {
        "q1cff210000", "p1cff210000,", "p1cff910000", "p1cff0200,p1cff0100", "p1cff0", "",
        "p1cff0x",     "b1dfe10",      "x1cfe10"
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        back.nmoves = 5;
        assert_false(record_parse_moves(&back, bad[i]));
        assert_int_equal(back.nmoves, 5); /* unchanged */
    }
    /* a lead, a take and a pass the bot made when the time was up, and a forfeit for timing out
     * too often: marked, and read back so; a resign as older records hold it is a leave */
    assert_true(record_parse_moves(&back, "p1cfe0100,tfffe1200,sfffe0300,rfffe1400,rffff0500"));
    assert_int_equal(back.nmoves, 5);
    for (int i = 0; i < 5; i++)
        assert_int_equal(record_timed_out(&back.move[i]), i < 4);
    assert_int_equal(record_action(&back.move[1]).target, CARD_NONE); /* the engine's own take */
    assert_true(record_format_moves(&back, again, sizeof again));
    assert_string_equal(again, "p1cfe0100,tfffe1200,sfffe0300,rfffe1400,rffff0500");
    assert_false(record_format_moves(&r, text, 10)); /* too small */
    durak_game g;
    assert_true(record_replay(&r, &g));
    r.move[2].seat = (uint8_t)((r.move[2].seat + 1) % 2); /* the other player's move */
    assert_false(record_replay(&r, &g));
}

/* The moves' text is written by hand (not snprintf, for speed): it must be the printf form
 * "%s%c%02x%02x%d%u" exactly, for every field's extremes, and refuse a buffer one byte short. */
/* One thread's parsing: `text` again and again, counting the results that are not `want`. */
typedef struct {
    const char *text;
    const game_record *want;
    int wrong;
} parse_job;

static void *parse_often(void *arg)
{
    parse_job *j = arg;
    game_record *back = malloc(sizeof *back);
    assert_non_null(back);
    for (int i = 0; i < 20000; i++) {
        back->nmoves = 0;
        j->wrong += !record_parse_moves(back, j->text) || back->nmoves != j->want->nmoves
                    || memcmp(back->move, j->want->move, (size_t)back->nmoves * sizeof *back->move);
    }
    free(back);
    return NULL;
}

/* Two threads parse moves at once, as the site's worker reads a game while someone types !last:
 * each gets its own game's moves (record_parse_moves keeps nothing between calls). */
static void test_moves_parsed_on_two_threads(void **state)
{
    (void)state;
    static game_record r[2];
    static char text[2][RECORD_TEXT_MAX];
    parse_job job[2];
    pthread_t thread[2];
    for (int i = 0; i < 2; i++) {
        sample_record(&r[i], 77 + (uint64_t)i);
        assert_true(record_format_moves(&r[i], text[i], sizeof text[i]));
        job[i] = (parse_job){ text[i], &r[i], 0 };
    }
    assert_string_not_equal(text[0], text[1]);
    for (int i = 0; i < 2; i++)
        assert_int_equal(pthread_create(&thread[i], NULL, parse_often, &job[i]), 0);
    for (int i = 0; i < 2; i++)
        assert_int_equal(pthread_join(thread[i], NULL), 0);
    assert_int_equal(job[0].wrong, 0);
    assert_int_equal(job[1].wrong, 0);
}

static void test_moves_text_is_printf_form(void **state)
{
    (void)state;
    static game_record r;
    static char text[RECORD_TEXT_MAX], want[RECORD_TEXT_MAX];
    const uint32_t times[] = { 0, 9, 10, 99999, 4294967295u };
    const uint8_t bytes[] = { 0, 9, 0x1c, 0xff };
    r.nmoves = 0;
    for (int k = 0; k < 6; k++)
        for (size_t b = 0; b < sizeof bytes; b++)
            for (size_t t = 0; t < sizeof times / sizeof *times; t++)
                r.move[r.nmoves++] = (record_move){ (uint8_t)k, bytes[b], bytes[(b + 1) % 4],
                                                    (uint8_t)(k % 3 ? k : 255), times[t] };
    size_t len = 0;
    for (int i = 0; i < r.nmoves; i++) {
        const record_move *m = &r.move[i];
        len +=
            (size_t)snprintf(want + len, sizeof want - len, "%s%c%02x%02x%d%" PRIu32, i ? "," : "",
                             "pbtsxr"[m->kind], m -> card, m -> target, m -> seat, m -> ms);
    }
    assert_true(record_format_moves(&r, text, sizeof text));
    assert_string_equal(text, want);
    assert_true(record_format_moves(&r, text, len + 1)); /* just fits */
    assert_string_equal(text, want);
    assert_false(record_format_moves(&r, text, len)); /* one byte short */
    r.nmoves = 0;
    assert_true(record_format_moves(&r, text, 2));
    assert_string_equal(text, "-");
}

static void test_fingerprint_is_sha256_of_commit_string(void **state)
{
    (void)state;
    static game_record r;
    char commit[RECORD_COMMIT_MAX], digest[RECORD_DIGEST_HEX], mine[65];
    sample_record(&r, 18446744073709551615u);
    record_commit_string(&r, commit);
    assert_string_equal(commit, "durak-deal-v1:18446744073709551615:03142536475869"
                                "7a8b9cadbecfe0f102");
    assert_true(record_fingerprint(&r, digest));
    sha256_hex(commit, mine);
    assert_string_equal(digest, mine);
    r.salt[0] = '1'; /* another salt, another fingerprint */
    assert_true(record_fingerprint(&r, digest));
    assert_string_not_equal(digest, mine);
}

static void test_cli_lines(void **state)
{
    (void)state;
    static game_record r;
    char line[96];
    sample_record(&r, 5);
    r.opt.variant = DURAK_VARIANT_TRANSFER;
    r.opt.first5 = 1;
    record_cli_new(&r, line, sizeof line);
    assert_string_equal(line,
                        "new players=2 variant=transfer throwin=all first5=on deck=36 seed=5");
    r.opt.players = 4;
    r.opt.teams = 1; /* R19: a team game replays as one */
    record_cli_new(&r, line, sizeof line);
    assert_string_equal(
        line, "new players=4 variant=transfer throwin=all first5=on deck=36 teams=on seed=5");
    record_move m = { DURAK_ACT_BEAT, card_make(RANK_10, SUIT_HEARTS),
                      card_make(RANK_6, SUIT_HEARTS), 1, 0 };
    record_cli_move(&m, line, sizeof line);
    assert_string_equal(line, "beat TH 6H");
    m.kind = RECORD_RESIGN;
    record_cli_move(&m, line, sizeof line);
    assert_string_equal(line, "resign 1");
    m = (record_move){ RECORD_REPLACED, AI_NORMAL, 2, 1, 0 }; /* a comment to durak-cli */
    record_cli_move(&m, line, sizeof line);
    assert_string_equal(line, "# seat 1 plays on as Normal2[bot]");
}

/* A neighbours game recorded by an older version, whose R10 order differed (durak.h r10_old),
 * still replays, and its durak-cli line says so: random games played under the old order until one
 * parts from the new, whose record the new order alone refuses. */
static void test_older_r10_record_replays(void **state)
{
    (void)state;
    static game_record r;
    uint8_t salt[RECORD_SALT_BYTES] = { 0 };
    rng_t rng;
    rng_seed(&rng, 10);
    for (uint64_t seed = 1; seed < 2000; seed++) {
        durak_options o = durak_default_options(), older;
        o.players = 4;
        o.throwin = DURAK_THROWIN_NEIGHBOURS;
        older = o;
        older.r10_old = 1;
        durak_game g, now;
        assert_true(durak_new(&g, &older, seed) && durak_new(&now, &o, seed));
        record_start(&r, &o, seed, salt); /* the options as the database keeps them */
        bool parted = false;
        while (!durak_over(&g) && !parted) {
            durak_action a[DURAK_MAX_ACTIONS];
            int n = durak_legal(&g, a), actor = g.actor;
            durak_action pick = a[rng_below(&rng, (uint64_t)n)];
            parted = now.actor != actor;
            assert_int_equal(durak_apply(&g, pick), DURAK_OK);
            if (!parted)
                assert_int_equal(durak_apply(&now, pick), DURAK_OK);
            record_add(&r, pick.kind, pick.card, pick.target, actor, 0);
        }
        if (!parted)
            continue;
        durak_game replayed;
        assert_true(record_replay(&r, &replayed)); /* by the older order, found out */
        assert_int_equal(replayed.opt.r10_old, 1);
        r.opt.r10_old = 1;
        char line[128];
        record_cli_new(&r, line, sizeof line);
        assert_non_null(strstr(line, " r10=old seed="));
        r.move[0].seat = (uint8_t)((r.move[0].seat + 1) % 4); /* not the first lead's seat */
        r.opt.r10_old = 0;
        assert_false(record_replay(&r, &replayed)); /* a record wrong either way stays refused */
        return;
    }
    fail_msg("no game parted the two orders");
}

/* A neighbours game running under the older R10 order (as an older version played it) when the
 * bot is upgraded: once its moves have parted from the new order, its snapshot still restores,
 * and the game goes on in the order it began with. */
static void test_older_r10_game_restores(void **state)
{
    (void)state;
    const char *nicks[] = { "anna", "bob", "cleo", "dan" };
    for (uint64_t seed = 40; seed < 200; seed++) {
        harness *h = h_new(seed);
        lobby(h, "#durak", "neighbours", nicks, 4);
        chan(h, "anna", "#durak", "!start");
        table_t *tb = tables_find(h->t, "#durak");
        tb->g.opt.r10_old = 1;
        durak_game replayed;
        bool parted = false;
        for (int k = 0; k < 400 && !parted && tables_count(h->t); k++) {
            play_random_move(h, nicks, 4, seed * 1000 + (uint64_t)k);
            tb = tables_find(h->t, "#durak");
            parted =
                tb && tb->playing && record_replay(&tb->rec, &replayed) && replayed.opt.r10_old;
        }
        if (!parted) {
            h_free(h);
            continue;
        }
        char line[8192];
        assert_true(tables_snapshot(h->t, "#durak", h->now, line, sizeof line));
        bot_config cfg;
        config_defaults(&cfg);
        tables *t = tables_new(&cfg, 5);
        char why[256] = "";
        if (!tables_restore_checked(t, "#durak", line, h->now, why, sizeof why))
            fail_msg("refused: %s", why);
        assert_int_equal(tables_find(t, "#durak")->g.opt.r10_old, 1);
        tables_free(t);
        h_free(h);
        return;
    }
    fail_msg("no game parted the two orders");
}

/* ---- the store ---- */

static char dir[] = "/tmp/durak-records-XXXXXX";

static store *open_in(const char *name, char *path, size_t cap)
{
    char err[512];
    snprintf(path, cap, "%s/%s", dir, name);
    store *s = store_open(path, err, sizeof err);
    assert_non_null(s);
    assert_int_equal(store_mode_of(s), STORE_WRITABLE);
    return s;
}

static store_result two_seats(void)
{
    store_result r = { 2,
                       false,
                       { { "alice", "Alice", 1, false, false, 0, false },
                         { "bob", "bob", 2, true, false, 0, false } } };
    return r;
}

static void test_store_write_and_read_back(void **state)
{
    (void)state;
    char path[512];
    static game_record r;
    static store_game g;
    store *s = open_in("rw.db", path, sizeof path);
    sample_record(&r, 1234);
    snprintf(r.channel, sizeof r.channel, "#Durak");
    snprintf(r.channel_key, sizeof r.channel_key, "#durak");
    snprintf(r.result, sizeof r.result, "durak 1");
    store_result res = two_seats();
    assert_false(store_get_game(s, 1, &g)); /* none yet, and no error */
    assert_string_equal(store_error(s), "");
    assert_false(store_last_game(s, "#durak", &g));
    assert_string_equal(store_error(s), "");
    assert_true(store_save_game(s, &res, &r, 1700000000));
    assert_true(store_save_game(s, &res, &r, 1700000100));
    assert_true(store_last_game(s, "#durak", &g));
    assert_int_equal(g.id, 2);
    assert_true(store_get_game(s, 1, &g));
    assert_int_equal(g.id, 1);
    assert_int_equal(g.ended_at, 1700000000);
    assert_string_equal(g.rec.channel, "#Durak");
    assert_string_equal(g.rec.result, "durak 1");
    assert_string_equal(g.rec.salt, r.salt);
    assert_true(g.rec.seed == 1234);
    assert_int_equal(g.rec.nmoves, r.nmoves);
    assert_memory_equal(g.rec.move, r.move, (size_t)r.nmoves * sizeof *r.move);
    assert_int_equal(g.nseats, 2);
    assert_string_equal(g.seat[0].display, "Alice");
    assert_true(g.seat[1].durak);
    assert_false(store_last_game(s, "#other", &g));
    /* refused: a record of another number of players, or without a result */
    r.opt.players = 3;
    assert_false(store_save_game(s, &res, &r, 1));
    assert_true(store_refused(s));
    r.opt.players = 2;
    r.result[0] = '\0';
    assert_false(store_save_game(s, &res, &r, 1));
    assert_true(store_refused(s));
    store_close(s);
}

/* The language a game was played in reads back as it was written, by every way of reading
 * games; "" (a game of unknown language) stays "". */
static void test_store_language_round_trip(void **state)
{
    (void)state;
    char path[512];
    static game_record r;
    static store_game g;
    store *s = open_in("lang.db", path, sizeof path);
    sample_record(&r, 55);
    snprintf(r.channel, sizeof r.channel, "#d");
    snprintf(r.result, sizeof r.result, "durak 1");
    store_result res = two_seats();
    const char *const langs[] = { "ru", "", "es" };
    for (int i = 0; i < 3; i++) {
        snprintf(r.language, sizeof r.language, "%s", langs[i]);
        assert_true(store_save_game(s, &res, &r, 100 + i));
    }
    for (int i = 0; i < 3; i++) {
        assert_true(store_get_game(s, i + 1, &g));
        assert_string_equal(g.rec.language, langs[i]);
    }
    assert_true(store_last_game(s, "#d", &g));
    assert_string_equal(g.rec.language, "es");
    store_close(s);
    s = open_in("lang.db", path, sizeof path); /* and across a reopen */
    assert_true(store_get_game(s, 1, &g));
    assert_string_equal(g.rec.language, "ru");
    store_close(s);
}

static int counted;
static void count_game(void *ctx, const store_game *g)
{
    (void)ctx;
    (void)g;
    counted++;
}

static void test_games_since(void **state)
{
    (void)state;
    char path[512];
    static game_record r;
    store *s = open_in("since.db", path, sizeof path);
    sample_record(&r, 9);
    snprintf(r.channel, sizeof r.channel, "#d");
    snprintf(r.result, sizeof r.result, "draw");
    store_result res = two_seats();
    for (long long t = 100; t <= 500; t += 100)
        assert_true(store_save_game(s, &res, &r, t));
    counted = 0;
    assert_int_equal(store_games_since(s, 300, count_game, NULL), 3);
    assert_int_equal(counted, 3);
    assert_int_equal(store_games_since(s, 501, count_game, NULL), 0);
    store_close(s);
}

/* A schema 3 database (what the last release wrote), with a player, opens as the current schema
 * (5: the records are step 3 -> 4). */
static void test_migration_from_schema_3(void **state)
{
    (void)state;
    char path[512], err[512];
    snprintf(path, sizeof path, "%s/v3.db", dir);
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    for (int v = 0; v < 3; v++)
        assert_int_equal(sqlite3_exec(db, store_migrations[v], NULL, NULL, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db,
                                  "PRAGMA user_version = 3; INSERT INTO players (key, display, "
                                  "games, rating) VALUES ('old', 'Old', 7, 1600);"
                                  "INSERT INTO running_tables VALUES ('#x', 'T3 0');",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    sqlite3_close(db);
    store *s = store_open(path, err, sizeof err);
    assert_non_null(s);
    assert_string_equal(err, ""); /* not moved aside */
    store_player p;
    assert_true(store_get_player(s, "old", &p));
    assert_int_equal(p.games, 7);
    static game_record r;
    static store_game g;
    sample_record(&r, 3);
    snprintf(r.channel, sizeof r.channel, "#x");
    snprintf(r.result, sizeof r.result, "durak 1");
    store_result res = two_seats();
    assert_true(store_save_game(s, &res, &r, 42));
    assert_true(store_get_game(s, 1, &g));
    store_close(s);
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    sqlite3_stmt *st;
    assert_int_equal(sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int(st, 0), STORE_SCHEMA_VERSION);
    sqlite3_finalize(st);
    sqlite3_close(db);
}

/* ---- a game through the tables: fingerprint, reveal, !last, export, durak-cli ---- */

/* The fingerprint the start line of the deal just made says (64 hex digits). */
static void fingerprint_said(const harness *h, char out[65])
{
    const char *line = said(h, "#durak", "Deal fingerprint: ");
    assert_non_null(line);
    assert_non_null(strstr(line, " starts: ")); /* one line: the deal and its commitment */
    const char *fp = strstr(line, "Deal fingerprint: ") + strlen("Deal fingerprint: ");
    assert_int_equal(strspn(fp, "0123456789abcdef"), 64);
    snprintf(out, 65, "%.64s", fp);
}

/* The seed and salt of the reveal line "Deal: seed=S salt=X — check: printf '%s' 'C' | ...". */
static void revealed(const char *line, char *commit, size_t cap)
{
    const char *q = strstr(line, "printf '%s' '");
    assert_non_null(q);
    q += strlen("printf '%s' '");
    const char *end = strchr(q, '\'');
    assert_non_null(end);
    snprintf(commit, cap, "%.*s", (int)(end - q), q);
}

/* Runs durak-cli on the session in file; the last "result: " line of its output. */
static void replay_result(const char *file, char *result, size_t cap)
{
    char cmd[1024], line[512];
    snprintf(cmd, sizeof cmd, "%s < %s", DURAK_CLI, file);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    result[0] = '\0';
    int errors = 0;
    while (fgets(line, sizeof line, p)) {
        line[strcspn(line, "\n")] = '\0';
        errors += !strncmp(line, "error:", 6);
        if (!strncmp(line, "result: ", 8))
            snprintf(result, cap, "%.60s", line + 8);
    }
    assert_int_equal(pclose(p), 0);
    assert_int_equal(errors, 0); /* every move of the export is legal */
}

/* The whole of a file (at most 64 KB), to be freed. */
static char *slurp_file(const char *path)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char *buf = calloc(1, 65536);
    assert_non_null(buf);
    size_t n = fread(buf, 1, 65535, f);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

static int count_of(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = hay; p && (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

/* A game to its end; the reveal comes after "Game over", as a channel reads it. */
static void play_one(harness *h, uint64_t seed, bool late_lead, char *fingerprint, char *commit,
                     char *end)
{
    lobby(h, "#durak", "", NICKS, 3);
    chan(h, "alice", "#durak", "!start");
    fingerprint_said(h, fingerprint);
    if (late_lead) { /* the bot leads for the first attacker */
        tick(h, h->now + h->cfg.game.turn_timeout + 1);
        assert_non_null(said(h, "#durak", "Time is up: "));
    }
    snprintf(end, 1024, "%s", play_to_end(h, "#durak", NICKS, 3, seed));
    const char *reveal = said(h, "#durak", "Deal: seed=");
    assert_non_null(reveal);
    assert_true(said_at(h, "#durak", "Game over") < said_at(h, "#durak", "Deal: seed="));
    revealed(reveal, commit, 128);
}

/* The site's worker as the daemon asks it: *ctx says whether its pages are behind. */
static bool site_behind(void *ctx) { return *(bool *)ctx; }

/* game.replace_leavers: the record says where a computer player took bob's seat over ("a" in
 * the moves' text, read back the same); the export, a comment there, replays in durak-cli to the
 * recorded result. */
static void test_replaced_seat_recorded(void **state)
{
    (void)state;
    char session[600], result[64], text[RECORD_TEXT_MAX];
    static store_game g;
    static game_record back;
    harness *h = h_new(7);
    temp_store ts;
    store_in_temp(&ts, h);
    play_with_replaced_leaver(h, "bob", 7);
    assert_true(store_get_game(ts.db, 1, &g));
    assert_int_equal(g.rec.move[0].kind, RECORD_REPLACED);
    assert_int_equal(g.rec.move[0].seat, 1);
    assert_true(record_format_moves(&g.rec, text, sizeof text));
    assert_int_equal(text[0], 'a');
    back = g.rec;
    back.nmoves = 0;
    assert_true(record_parse_moves(&back, text));
    assert_memory_equal(back.move, g.rec.move, (size_t)g.rec.nmoves * sizeof *g.rec.move);
    snprintf(session, sizeof session, "%s/replaced.cli", ts.dir);
    FILE *f = fopen(session, "w");
    assert_non_null(f);
    assert_int_equal(export_game(ts.db, "1", f, stderr), 0);
    fclose(f);
    char *cli = slurp_file(session);
    assert_non_null(strstr(cli, "(bob)\n# seat 1 plays on as Normal[bot]\n"));
    free(cli);
    replay_result(session, result, sizeof result);
    assert_string_equal(result, g.rec.result);
    store_gone(&ts);
    h_free(h);
}

/* game.replace_leavers, and the computer player that took bob's seat over is the durak: the
 * channel heard "Normal[bot] is the durak", and !last and the game's page say so too, where they
 * said "carol won by forfeit" (bob's seat is his forfeit, so no seat was the durak). */
static void test_replaced_seat_durak(void **state)
{
    (void)state;
    int found = 0;
    for (uint64_t seed = 1; seed < 200 && !found; seed++) {
        harness *h = h_new(seed);
        temp_store ts;
        store_in_temp(&ts, h);
        play_with_replaced_leaver(h, "bob", seed);
        static store_game g;
        assert_true(store_last_game(ts.db, "#durak", &g));
        if (!strcmp(g.rec.result, "durak 1")) {
            found++;
            chan(h, "carol", "#durak", "!last");
            const char *last = said(h, "#durak", "Last game");
            assert_non_null(last);
            assert_non_null(strstr(last, ": durak Normal[bot]; "));
            assert_null(strstr(last, "won by forfeit"));
            assert_non_null(strstr(last, "bob left"));
            site_buf b;
            sb_init(&b);
            site_result(NULL, &b, MSG_LANG_EN, &g, "../");
            assert_string_equal(b.p, "<bdi>Normal[bot]</bdi> is the durak");
            sb_free(&b);
        }
        store_gone(&ts);
        h_free(h);
    }
    assert_int_equal(found, 1);
}

/* The last person leaves two computer players, who share the win, as the channel heard: !last
 * said "Easy2[bot] won by forfeit; Easy[bot] place 1". */
static void test_last_shared_win(void **state)
{
    (void)state;
    harness *h = h_new(5);
    temp_store ts;
    store_in_temp(&ts, h);
    chan(h, "alice", "#durak", "!durak");
    chan(h, "alice", "#durak", "!bot easy");
    chan(h, "alice", "#durak", "!bot easy");
    chan(h, "alice", "#durak", "!start");
    chan(h, "alice", "#durak", "!leave");
    assert_non_null(said(h, "#durak", "share the win"));
    chan(h, "bob", "#durak", "!last");
    const char *last = said(h, "#durak", "Last game");
    assert_non_null(last);
    assert_non_null(
        strstr(last, ": Easy[bot] and Easy2[bot] share the win by forfeit; alice left"));
    store_gone(&ts);
    h_free(h);
}

static void test_game_recorded_and_replayed(void **state)
{
    (void)state;
    char path[512], fingerprint[65], mine[65], commit[128], end[1024], session[600];
    char result[64];
    mkdir(RECORDS_DIR, 0755);
    snprintf(path, sizeof path, "%s/state.db", RECORDS_DIR);
    unlink(path);
    char err[512];
    store *db = store_open(path, err, sizeof err);
    assert_non_null(db);
    harness *h = h_new(21);
    h_use_store(h, db);
    chan(h, "alice", "#durak", "!last");
    assert_non_null(said(h, "#durak", "No finished game is recorded in #durak yet"));
    for (int game = 1; game <= 2; game++) {
        play_one(h, 100 + (uint64_t)game, game == 2, fingerprint, commit, end);
        sha256_hex(commit, mine); /* R5 of a fair deal: what was promised is what was dealt */
        assert_string_equal(fingerprint, mine);
        assert_int_equal(strncmp(commit, "durak-deal-v1:", 14), 0);
        chan(h, "alice", "#durak", "!last");
        const char *last = said(h, "#durak", "Last game #");
        assert_non_null(last);
        char want[64];
        snprintf(want, sizeof want, "Last game #%d (classic, 3 players, ", game);
        assert_int_equal(strncmp(last, want, strlen(want)), 0);
        char check[256]; /* a player's check, not an operator's command: the deal, its hands */
        snprintf(check, sizeof check, " \xC2\xB7 its deal: printf '%%s' '%s' | sha256sum", commit);
        assert_non_null(strstr(last, check));
        assert_non_null(strstr(last, "\\nstate\\n' | durak-cli deals its hands again"));
        assert_null(strstr(last, "--export-game"));
        /* the durak of the end line is the durak of !last */
        const char *d = strstr(end, "Game over: ");
        if (d && strstr(end, " is the durak")) {
            char who[64], durak[80];
            sscanf(d + strlen("Game over: "), "%63s", who);
            snprintf(durak, sizeof durak, "): durak %s", who);
            assert_non_null(strstr(last, durak));
        }
    }
    /* French spaces a semicolon, as the rest of its lines do: "durak : bob ; alice : place 1" */
    chan(h, "alice", "#durak", "!dernière");
    const char *fr = said(h, "#durak", "durak : ");
    assert_non_null(fr);
    const char *semi = strstr(fr, "; ");
    assert_true(semi && semi > fr && semi[-1] == ' ');
    /* with site.url, !last and !stats give the web pages' addresses */
    snprintf(h->cfg.site.url, sizeof h->cfg.site.url, "https://example.org/durak/");
    tables_reconfigure(h->t, &h->cfg);
    chan(h, "alice", "#durak", "!last");
    assert_non_null(said(h, "#durak", "Page: https://example.org/durak/g/2.html"));
    chan(h, "alice", "#durak", "!stats");
    assert_non_null(said(h, "#durak", "Page: https://example.org/durak/p/"));
    chan(h, "alice", "#durak", "!top"); /* the index has every board, and longer */
    assert_non_null(said(h, "#durak", "Page: https://example.org/durak/index.html"));
    /* while the pages are not being written, no address: it might lead nowhere */
    bool behind = true;
    tables_set_site_behind(h->t, site_behind, &behind);
    chan(h, "alice", "#durak", "!stats");
    assert_null(said(h, "#durak", "Page: "));
    behind = false;
    chan(h, "alice", "#durak", "!stats");
    assert_non_null(said(h, "#durak", "Page: https://example.org/durak/p/"));
    tables_set_site_behind(h->t, NULL, NULL);
    /* the export of game 2, replayed by durak-cli, ends in the recorded result */
    static store_game g;
    assert_true(store_get_game(db, 2, &g));
    snprintf(session, sizeof session, "%s/game2.cli", RECORDS_DIR);
    FILE *f = fopen(session, "w");
    assert_non_null(f);
    assert_int_equal(export_game(db, "2", f, stderr), 0);
    fclose(f);
    replay_result(session, result, sizeof result);
    assert_string_not_equal(result, "ongoing");
    assert_string_equal(result, g.rec.result);
    /* its first move, made by the bot when the time was up, is kept as such: in the record, the
     * session's comment and the replay of the page; no other is */
    for (int i = 0; i < g.rec.nmoves; i++)
        assert_int_equal(record_timed_out(&g.rec.move[i]), i == 0);
    assert_int_equal(g.rec.move[0].kind, DURAK_ACT_PLAY);
    char *cli = slurp_file(session);
    assert_int_equal(count_of(cli, ", time was up: the bot's move\nplay "), 1);
    free(cli);
    const char *const names[] = { "alice", "bob", "carol" };
    site_buf page;
    sb_init(&page);
    assert_true(site_replay(&page, MSG_LANG_EN, &g, names));
    assert_int_equal(count_of(page.p, " <em>(time was up: the bot's move)</em></li>"), 1);
    sb_free(&page);
    /* bad ids */
    FILE *null = fopen("/dev/null", "w");
    assert_int_equal(export_game(db, "99", null, null), 1);
    assert_int_equal(export_game(db, "x", null, null), 1);
    assert_int_equal(export_game(db, "0", null, null), 1);
    assert_int_equal(export_games(db, "yesterday", null, null), 1);
    fclose(null);
    /* moves spoilt in the file: !last still shows the game (its result and deal are whole), not
     * "the records cannot be read" */
    assert_int_equal(sqlite3_exec(db->db,
                                  "CREATE TEMP TABLE kept AS SELECT moves FROM games WHERE id = 2;"
                                  "UPDATE games SET moves = 'q1cff2' WHERE id = 2",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    chan(h, "alice", "#durak", "!last");
    assert_non_null(said(h, "#durak", "Last game #2 (classic, 3 players, 0 min): "));
    assert_int_equal(sqlite3_exec(db->db, /* records_export reads this file next */
                                  "UPDATE games SET moves = (SELECT moves FROM kept) WHERE id = 2",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    h_free(h);
    store_close(db);
}

/* !top and !stats while the database cannot be read say so, not "no player yet" or "no
 * finished game for bob" (they are there). */
static void test_top_when_the_store_fails(void **state)
{
    (void)state;
    harness *h = h_new(9);
    temp_store ts;
    store_in_temp(&ts, h);
    start_two(h, "#durak");
    play_to_end(h, "#durak", NICKS, 2, 9);
    chan(h, "alice", "#durak", "!top");
    assert_non_null(said(h, "#durak", "1. "));
    assert_int_equal(
        sqlite3_exec(ts.db->db, "ALTER TABLE players RENAME TO gone", NULL, NULL, NULL), SQLITE_OK);
    chan(h, "bob", "#durak", "!top");
    assert_non_null(said(h, "#durak", "The game records cannot be read now"));
    assert_null(said(h, "#durak", "No "));
    chan(h, "bob", "#durak", "!stats");
    assert_non_null(said(h, "#durak", "The game records cannot be read now"));
    assert_int_equal(
        sqlite3_exec(ts.db->db, "ALTER TABLE gone RENAME TO players", NULL, NULL, NULL), SQLITE_OK);
    store_gone(&ts);
    h_free(h);
}

/* A game restored from its snapshot keeps its deal: the reveal matches the first fingerprint. */
static void test_commitment_survives_restore(void **state)
{
    (void)state;
    harness *h = h_new(8);
    char snap[TABLES_SNAPSHOT_MAX], fingerprint[65], mine[65], commit[128];
    lobby(h, "#durak", "", NICKS, 2);
    chan(h, "alice", "#durak", "!start");
    fingerprint_said(h, fingerprint);
    char moves[1024], move[128];
    rng_t r;
    rng_seed(&r, 3);
    for (int i = 0; i < 6; i++) {
        int s = whose_turn(h, NICKS, 2, moves, sizeof moves);
        pick_move(&r, moves, move, sizeof move);
        priv(h, NICKS[s], move);
    }
    assert_true(tables_snapshot(h->t, "#durak", h->now, snap, sizeof snap));
    harness *h2 = h_new(99);
    tables_on_disconnect(h2->t, h2->now);
    assert_true(tables_restore(h2->t, "#durak", snap, h2->now));
    tables_on_reconnect(h2->t, h2->now, &h2->o);
    play_to_end(h2, "#durak", NICKS, 2, 4);
    const char *reveal = said(h2, "#durak", "Deal: seed=");
    assert_non_null(reveal);
    revealed(reveal, commit, sizeof commit);
    sha256_hex(commit, mine);
    assert_string_equal(mine, fingerprint);
    h_free(h);
    h_free(h2);
}

/* A game stopped by its players' vote has no result, but its deal is revealed all the same. */
static void test_stopped_game_reveals(void **state)
{
    (void)state;
    harness *h = h_new(12);
    char fingerprint[65], mine[65], commit[128];
    lobby(h, "#durak", "", NICKS, 2);
    chan(h, "alice", "#durak", "!start");
    fingerprint_said(h, fingerprint);
    chan(h, "alice", "#durak", "!stop");
    assert_null(said(h, "#durak", "Deal: seed="));
    chan(h, "bob", "#durak", "!stop");
    const char *reveal = said(h, "#durak", "Deal: seed=");
    assert_non_null(reveal);
    revealed(reveal, commit, sizeof commit);
    sha256_hex(commit, mine);
    assert_string_equal(mine, fingerprint);
    h_free(h);
}

/* A private game its player stops is recorded like any other: it has a result (won by the
 * computer players), and the deal is revealed to the player. */
static void test_stopped_private_game_recorded(void **state)
{
    (void)state;
    char path[512], err[512];
    mkdir(RECORDS_DIR, 0755);
    snprintf(path, sizeof path, "%s/solo.db", RECORDS_DIR);
    unlink(path);
    store *db = store_open(path, err, sizeof err);
    assert_non_null(db);
    harness *h = h_new(13);
    h_use_store(h, db);
    priv(h, "alice", "play easy 2");
    assert_non_null(said(h, "alice", "Deal fingerprint: "));
    solo_stopped(h, "alice");
    assert_non_null(said(h, "alice", "Deal: seed="));
    static store_game g;
    assert_true(store_get_game(db, 1, &g));
    assert_int_equal(strncmp(g.rec.result, "won ", 4), 0); /* the computer player won */
    /* its keys are under '+', yet the computer player is still one in --export-games */
    char json[8192] = "";
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(export_games(db, NULL, f, stderr), 0);
    rewind(f);
    size_t n = fread(json, 1, sizeof json - 1, f);
    json[n] = '\0';
    fclose(f);
    assert_non_null(strstr(json, "\"key\":\"+alice\",\"bot\":false"));
    assert_non_null(strstr(json, "\"key\":\"+*easy{bot}\",\"bot\":true"));
    h_free(h);
    store_close(db);
}

/* What people name themselves and their channels, in --export-games: a backslash (IRC nicks may
 * hold one), a double quote and control codes (channel names may hold them: mIRC bold here),
 * invalid UTF-8. Each is escaped so that the line is valid JSON (and UTF-8), whose strings read
 * back as the text stored, invalid bytes as U+FFFD. Leaves nicks.db for records_export.py, which
 * reads the lines back with python's json module. */
/* A record of `players` seats in channel, with no moves (the exports here read only its seats)
 * and the given result. */
static void seats_record(game_record *r, int players, const char *channel, const char *result)
{
    durak_options o = durak_default_options();
    o.players = (uint8_t)players;
    uint8_t salt[RECORD_SALT_BYTES] = { 5 };
    record_start(r, &o, 5, salt);
    snprintf(r->channel, sizeof r->channel, "%s", channel);
    snprintf(r->channel_key, sizeof r->channel_key, "%s", channel);
    snprintf(r->result, sizeof r->result, "%s", result);
}

/* --export-games of every game in db, as text into buf. */
static void export_all(store *db, char *buf, size_t cap)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(export_games(db, NULL, f, stderr), 0);
    rewind(f);
    buf[fread(buf, 1, cap - 1, f)] = '\0';
    fclose(f);
}

/* A forfeiter's place in the export comes after every player who played to the end (R18): the
 * record's place 1 orders forfeiters only among themselves, and read as it was, a forfeiter
 * looked like the winner. */
static void test_export_forfeiter_place(void **state)
{
    (void)state;
    char path[512], json[4096];
    static game_record r;
    store *db = open_in("forfeit.db", path, sizeof path);
    seats_record(&r, 3, "#durak", "durak 2");
    store_result res = { 3,
                         false,
                         { { "quitter", "quitter", 1, false, true, 0, false },
                           { "anna", "anna", 1, false, false, 0, false },
                           { "boris", "boris", 2, true, false, 0, false } } };
    assert_true(store_save_game(db, &res, &r, 1767225600));
    export_all(db, json, sizeof json);
    assert_non_null(strstr(json, "\"nick\":\"quitter\",\"key\":\"quitter\",\"bot\":false,"
                                 "\"place\":3,\"durak\":false,\"forfeited\":true}"));
    assert_non_null(strstr(json, "\"nick\":\"anna\",\"key\":\"anna\",\"bot\":false,\"place\":1,"));
    assert_non_null(strstr(json, "\"nick\":\"boris\",\"key\":\"boris\",\"bot\":false,\"place\":2,"
                                 "\"durak\":true"));
    /* two out together share place 1, and the durak after them is 3 (R14), as the record, the
     * pages and IRC say ("1. anna, 1. vera, 3. boris"): the export said 2 */
    seats_record(&r, 3, "#durak", "durak 2");
    store_result shared = { 3,
                            false,
                            { { "anna", "anna", 1, false, false, 0, false },
                              { "vera", "vera", 1, false, false, 0, false },
                              { "boris", "boris", 3, true, false, 0, false } } };
    assert_true(store_save_game(db, &shared, &r, 1767225700));
    export_all(db, json, sizeof json);
    assert_non_null(strstr(json, "\"nick\":\"vera\",\"key\":\"vera\",\"bot\":false,\"place\":1,"));
    const char *second = strstr(json, "1767225700");
    assert_non_null(second);
    assert_non_null(strstr(second, "\"nick\":\"boris\",\"key\":\"boris\",\"bot\":false,"
                                   "\"place\":3,\"durak\":true"));
    store_close(db);
}

static void test_export_escapes_json(void **state)
{
    (void)state;
    char path[512], err[512];
    static game_record r;
    mkdir(RECORDS_DIR, 0755);
    snprintf(path, sizeof path, "%s/nicks.db", RECORDS_DIR);
    unlink(path);
    store *db = store_open(path, err, sizeof err);
    assert_non_null(db);
    seats_record(&r, 4, "#\"quoted\"\x02\\", "durak 3");
    store_result res = { 4,
                         false,
                         { { "back\\slash", "back\\slash", 1, false, false, 0, false },
                           { "say", "say \"hi\"", 2, false, false, 0, false },
                           { "tab", "tab\there\x01\x1f\x7f", 3, false, false, 0, false },
                           { "bad",
                             "bad\xff\xc3(\xed\xa0\x80"
                             "end",
                             4, true, false, 0, false } } };
    assert_true(store_save_game(db, &res, &r, 1767225600));
    char json[8192];
    export_all(db, json, sizeof json);
    assert_non_null(strstr(json, "\"channel\":\"#\\\"quoted\\\"\\u0002\\\\\","));
    assert_non_null(strstr(json, "\"nick\":\"back\\\\slash\",\"key\":\"back\\\\slash\","));
    assert_non_null(strstr(json, "\"nick\":\"say \\\"hi\\\"\","));
    assert_non_null(strstr(json, "\"nick\":\"tab\\u0009here\\u0001\\u001f\\u007f\","));
    assert_non_null(strstr(json, "\"nick\":\"bad\\ufffd\\ufffd(\\ufffd\\ufffd\\ufffdend\","));
    store_close(db);
}

/* Reads err's text, rewinding it for the next call. */
static void take(FILE *f, char *buf, size_t cap)
{
    fflush(f);
    rewind(f);
    size_t n = fread(buf, 1, cap - 1, f);
    buf[n] = '\0';
    rewind(f);
    assert_int_equal(ftruncate(fileno(f), 0), 0);
}

static int count_rows(store *s, const char *table)
{
    char sql[96];
    sqlite3_stmt *st;
    snprintf(sql, sizeof sql, "SELECT count(*) FROM %s", table);
    assert_int_equal(sqlite3_prepare_v2(s->db, sql, -1, &st, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(st), SQLITE_ROW);
    int n = sqlite3_column_int(st, 0);
    sqlite3_finalize(st);
    return n;
}

/* What an operator meets in a damaged state database: a record that cannot be kept is refused
 * with its reason; --export-game names a game that does not replay, one cut short, one whose moves
 * are malformed in the file; --export-games names the malformed game and exports the others; a
 * missing table names the database file, and a game whose seats cannot be written leaves no
 * half-written game behind. */
static void test_damaged_records(void **state)
{
    (void)state;
    char path[512], msg[1024];
    static game_record r;
    static store_game g;
    store *s = open_in("damaged.db", path, sizeof path);
    FILE *out = tmpfile(), *err = tmpfile();
    assert_non_null(out);
    assert_non_null(err);
    sample_record(&r, 31);
    snprintf(r.channel, sizeof r.channel, "#d");
    snprintf(r.result, sizeof r.result, "durak 1");
    store_result res = two_seats();
    assert_false(store_save_game(s, &res, NULL, 1));
    assert_true(store_refused(s));
    assert_string_equal(store_error(s), "a game record is refused: it has no record");
    res.seat[1].key = "";
    assert_false(store_save_game(s, &res, &r, 1));
    assert_true(store_refused(s));
    assert_string_equal(store_error(s), "a game record is refused: a seat has no key");
    assert_int_equal(count_rows(s, "games"), 0);
    res = two_seats();
    assert_true(store_save_game(s, &res, &r, 100)); /* #1: sound */
    r.move[2].seat = (uint8_t)((r.move[2].seat + 1) % 2);
    assert_true(store_save_game(s, &res, &r, 200)); /* #2: the other player's move */
    r.move[2].seat = (uint8_t)((r.move[2].seat + 1) % 2);
    r.truncated = true;
    assert_true(store_save_game(s, &res, &r, 300)); /* #3: cut short */
    r.truncated = false;
    assert_true(store_save_game(s, &res, &r, 400)); /* #4: its moves spoilt in the file below */
    assert_int_equal(
        sqlite3_exec(s->db, "UPDATE games SET moves = 'q1cff2' WHERE id = 4", NULL, NULL, NULL),
        SQLITE_OK);
    assert_true(store_save_game(s, &res, &r, 500)); /* #5: sound, after the spoilt one */

    assert_int_equal(export_game(s, "1", out, err), 0);
    take(err, msg, sizeof msg);
    assert_string_equal(msg, "");
    assert_int_equal(export_game(s, "2", out, err), 1);
    take(err, msg, sizeof msg);
    assert_string_equal(msg, "durakbot: game #2's record does not replay (a damaged database?)\n");
    assert_int_equal(export_game(s, "3", out, err), 1);
    take(err, msg, sizeof msg);
    assert_non_null(strstr(msg, "game #3 had more than 2048 moves: its record is cut short"));
    assert_int_equal(export_game(s, "4", out, err), 1);
    take(err, msg, sizeof msg);
    assert_string_equal(msg, "durakbot: game #4's moves are malformed in the database: it cannot "
                             "be replayed\n");
    take(out, msg, sizeof msg);
    assert_int_equal(export_games(s, NULL, out, err), 1);
    take(err, msg, sizeof msg);
    assert_string_equal(msg, "durakbot: --export-games: game #4's moves are malformed in the "
                             "database: it is left out\n");
    static char lines[32768];
    take(out, lines, sizeof lines); /* the others, the one after it too */
    assert_non_null(strstr(lines, "{\"id\":3,"));
    assert_null(strstr(lines, "{\"id\":4,"));
    assert_non_null(strstr(lines, "{\"id\":5,"));
    counted = 0;
    assert_int_equal(store_games_since(s, 0, count_game, NULL), 5);
    assert_int_equal(counted, 5);
    assert_true(store_get_game(s, 4, &g)); /* its seats and result still read */
    assert_true(g.damaged);
    assert_int_equal(g.rec.nmoves, 0);
    assert_int_equal(g.nseats, 2);
    assert_true(store_get_game(s, 5, &g));
    assert_false(g.damaged);

    assert_int_equal(sqlite3_exec(s->db, "DROP TABLE game_seats", NULL, NULL, NULL), SQLITE_OK);
    assert_false(store_get_game(s, 1, &g));
    assert_non_null(strstr(store_error(s), "could not read a game's seats"));
    assert_non_null(strstr(store_error(s), "check the database file"));
    assert_false(store_save_game(s, &res, &r, 600));
    assert_false(store_refused(s));
    assert_non_null(strstr(store_error(s), "could not record a game's seat"));
    assert_int_equal(count_rows(s, "games"), 5); /* rolled back */
    fclose(out);
    fclose(err);
    store_close(s);
}

/* No memory for a game's record when exporting: each export says so, and nothing half made is
 * printed. */
static void test_export_out_of_memory(void **state)
{
    (void)state;
    char path[512], msg[512];
    static game_record r;
    store *s = open_in("oom.db", path, sizeof path);
    FILE *out = tmpfile(), *err = tmpfile();
    assert_non_null(out);
    assert_non_null(err);
    sample_record(&r, 3);
    snprintf(r.channel, sizeof r.channel, "#d");
    snprintf(r.result, sizeof r.result, "durak 1");
    store_result res = two_seats();
    assert_true(store_save_game(s, &res, &r, 100));
    failalloc_after(1);
    int status = export_game(s, "1", out, err);
    failalloc_off();
    assert_int_equal(status, 1);
    take(err, msg, sizeof msg);
    assert_string_equal(msg, "durakbot: out of memory\n");
    failalloc_after(1);
    status = export_games(s, NULL, out, err);
    failalloc_off();
    assert_int_equal(status, 1);
    take(err, msg, sizeof msg);
    assert_string_equal(msg, "durakbot: --export-games: out of memory reading the game records\n");
    take(out, msg, sizeof msg);
    assert_string_equal(msg, "");
    fclose(out);
    fclose(err);
    store_close(s);
}

static void test_dates(void **state)
{
    (void)state;
    long long t;
    assert_true(export_parse_date("1970-01-01", &t));
    assert_int_equal(t, 0);
    assert_true(export_parse_date("2026-12-01T13:40:12Z", &t));
    assert_int_equal(t, 1796132412);
    assert_true(export_parse_date("2024-02-29 00:01", &t));
    assert_int_equal(t, 1709164860);
    const char *bad[] = { "2026-13-01",          "2025-02-29",  "2026-1-01", "26-12-01",
                          "2026-12-01T25:00",    "2026-12-01x", "",          "tomorrow",
                          "2026-12-01T10:00:60", "+026-12-01" };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        assert_false(export_parse_date(bad[i], &t));
}

static int make_dir(void **state)
{
    (void)state;
    return mkdtemp(dir) ? 0 : -1;
}

static int remove_dir(void **state)
{
    (void)state;
    const char *names[] = { "rw.db",      "since.db", "v3.db",     "lang.db",
                            "damaged.db", "oom.db",   "forfeit.db" };
    char path[600];
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        for (int k = 0; k < 3; k++) {
            snprintf(path, sizeof path, "%s/%s%s", dir, names[i],
                     k == 0   ? ""
                     : k == 1 ? "-wal"
                              : "-shm");
            unlink(path);
        }
    return rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sha256_of_this_test),
        cmocka_unit_test(test_moves_text_round_trip),
        cmocka_unit_test(test_moves_parsed_on_two_threads),
        cmocka_unit_test(test_moves_text_is_printf_form),
        cmocka_unit_test(test_fingerprint_is_sha256_of_commit_string),
        cmocka_unit_test(test_cli_lines),
        cmocka_unit_test(test_replaced_seat_recorded),
        cmocka_unit_test(test_replaced_seat_durak),
        cmocka_unit_test(test_last_shared_win),
        cmocka_unit_test(test_top_when_the_store_fails),
        cmocka_unit_test(test_older_r10_record_replays),
        cmocka_unit_test(test_older_r10_game_restores),
        cmocka_unit_test(test_store_write_and_read_back),
        cmocka_unit_test(test_store_language_round_trip),
        cmocka_unit_test(test_games_since),
        cmocka_unit_test(test_migration_from_schema_3),
        cmocka_unit_test(test_game_recorded_and_replayed),
        cmocka_unit_test(test_commitment_survives_restore),
        cmocka_unit_test(test_stopped_game_reveals),
        cmocka_unit_test(test_stopped_private_game_recorded),
        cmocka_unit_test(test_export_escapes_json),
        cmocka_unit_test(test_export_forfeiter_place),
        cmocka_unit_test(test_damaged_records),
        cmocka_unit_test(test_export_out_of_memory),
        cmocka_unit_test(test_dates),
    };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
