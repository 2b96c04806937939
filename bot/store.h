/* store.h — the bot's SQLite database (state.database): running tables saved after every change so
 * they survive a restart or kill -9, and per-player stats with a rating (see rating.h). */
#ifndef DURAK_STORE_H
#define DURAK_STORE_H

#include <stdbool.h>
#include <stddef.h>

#include "record.h"

#define STORE_NICK_MAX 64 /* bytes of a key or display nick, NUL included; longer ones are cut */
#define STORE_MAX_SEATS 6 /* players in one game (DURAK_MAX_PLAYERS) */
#define STORE_SCHEMA_VERSION 8 /* PRAGMA user_version this build writes */
#define STORE_BUSY_MS 1000     /* how long a statement waits for a lock held by another process */
/* SQLite's page cache per connection, in KiB (its default is 2000). The records grow with every
 * game for as long as the bot runs, and the default cache grew with them; the pages a move or a
 * question reads are a few of the tables' and players' b-trees. */
#define STORE_CACHE_KIB 512

typedef struct store store;

/* How the database is open. A store that cannot write keeps every call safe: writes fail with
 * store_error saying why, and store_reopen tries again. */
typedef enum {
    STORE_WRITABLE,  /* read and write */
    STORE_READ_ONLY, /* the file (or its directory, or its file system) is read-only: reads only */
    STORE_OFFLINE    /* not open at all (locked by another process, or unopenable): nothing */
} store_mode;

/* Why the last write failed, for what to tell users. */
typedef enum {
    STORE_FAULT_NONE,
    STORE_FAULT_FULL,     /* the disk (or max_page_count, a quota, a file size limit) is full */
    STORE_FAULT_READONLY, /* the database cannot be written */
    STORE_FAULT_LOCKED,   /* another process holds a lock */
    STORE_FAULT_OTHER
} store_fault;

/* Opens the database at path, creating the file (mode 0600: it holds user@host), its missing
 * parent directories and the schema (or migrating an older schema) as needed. WAL journal,
 * synchronous=NORMAL (see store.c and store_set_synchronous).
 * If the file is unusable -- not a SQLite database, failing PRAGMA quick_check, or holding
 * another schema (another program's, or a newer durakbot's) -- it is moved aside to
 * "<path>.corrupt-<unix time>" (".1", ".2"... appended if that name is taken), with its -wal and
 * -shm files, and a fresh empty database is created: the bot starts with no games rather than not
 * at all. A file that cannot be written is never moved aside: it is opened read-only
 * (STORE_READ_ONLY; in a read-only directory with no -wal file, as immutable); one locked by
 * another process is left alone (STORE_OFFLINE). In those cases and after a move aside, err holds
 * the warning to log (what was wrong, what the bot does, how to fix it); on a clean open err is
 * "". Returns NULL only when path is unusable as a file name (empty, a directory, its directory
 * cannot be made) or out of memory; err says why and what to do. */
store *store_open(const char *path, char *err, size_t errlen);
/* A second, read-only connection to a database another connection keeps (the web pages' thread):
 * never creates, migrates nor moves aside anything. NULL with err when it cannot be read. */
store *store_open_reader(const char *path, char *err, size_t errlen);
void store_close(store *s);
store_mode store_mode_of(const store *s);
/* Tries again to open the file for writing (after a read-only or offline start, or after a write
 * failed because the file became read-only). true when it is now STORE_WRITABLE; else err says
 * why (the store stays usable as it was, or offline). */
bool store_reopen(store *s, char *err, size_t errlen);
/* synchronous=FULL (full: survives a power cut, one fsync per commit) or NORMAL (the default:
 * survives kill -9 and crashes of the process). Kept across store_reopen. */
bool store_set_synchronous(store *s, bool full);
/* What the last failed call (false or -1 returned) went wrong with, and what to do. */
const char *store_error(const store *s);
/* The kind of the last failure; STORE_FAULT_NONE after a success. */
store_fault store_last_fault(const store *s);
/* Did the last call fail because its input was refused (a bad result or key, or one a constraint
 * of the database contradicts), not for a fault that a later try may not meet? */
bool store_refused(const store *s);

/* Batches: every write between store_batch_begin and store_batch_commit is one transaction (one
 * commit, one fsync at most), all or nothing. Calls that have their own transaction
 * (store_record_game) nest inside. After a failed write, call
 * store_batch_rollback: SQLite may already have rolled the whole batch back. */
bool store_batch_begin(store *s);
bool store_batch_commit(store *s);
void store_batch_rollback(store *s);

/* Running tables: one opaque snapshot line (made by the tables module) per channel key. */
/* Saves (inserts or replaces) the snapshot of channel, in one transaction of its own unless inside a
 * batch: once it is committed the snapshot survives kill -9 (and a power cut with synchronous full). */
bool store_save_table(store *s, const char *channel, const char *snapshot);
/* Forgets the table of channel (no table saved is not an error). */
bool store_delete_table(store *s, const char *channel);
/* Calls cb once per saved table, in channel order. The strings are valid during the call only; cb may
 * call store_save_table or store_delete_table. Returns the number of tables, or -1 on error (then
 * cb was not called). */
int store_load_tables(store *s, void (*cb)(void *ctx, const char *channel, const char *snapshot),
                      void *ctx);
/* Moves the saved table of channel to the table rejected_tables (channel, snapshot, reason, unix
 * time), in one transaction: it is not loaded again, and stays there to be looked at. */
bool store_reject_table(store *s, const char *channel, const char *snapshot, const char *reason);

/* The saved tables, if the file could not be opened by store_open and store_load_tables has not
 * read them since (the bot has run without them): moved to rejected_tables with reason, in one
 * transaction, rather than left to be overwritten by the tables opened since, or to come back days
 * old at a later start. Returns how many (0 once loaded or moved), or -1 on error. */
int store_set_aside_unloaded(store *s, const char *reason);

/* Stats of one player, keyed by the casefolded nick (the caller folds); display is the nick as last
 * seen. A player with no stats yet counts as 0 games at RATING_INITIAL. */
typedef struct store_player {
    char key[STORE_NICK_MAX];
    char display[STORE_NICK_MAX];
    int games;    /* games played to the end (forfeits included) */
    int firsts;   /* times out first (place 1; not for players sharing the last place in a draw) */
    int duraks;   /* times the durak */
    int draws;    /* games ended in a draw while still in */
    int forfeits; /* games left before the end (R18) */
    int team_wins, team_losses; /* R19: team games (not drawn) the seat's team won, lost */
    double rating;
} store_player;

/* Fills *out and returns true if key has stats; false if not (or on error: then store_error is
 * not ""). */
bool store_get_player(store *s, const char *key, store_player *out);
/* Which leaderboard store_top reads. Private games against computer players are kept
 * under '+' and the stats key ("+alice", "+@acct"; their computer players under "+*normal[bot]"),
 * apart from the channels'. The values are ST_TOP's parameter 2 (store.c): 0 and 1 are
 * compared to "the key starts with '*'". */
typedef enum {
    STORE_TOP_PEOPLE = 0, /* people in channel games */
    STORE_TOP_BOTS = 1,   /* computer players in channel games (keys starting with '*') */
    STORE_TOP_SOLO = 2    /* people in private games ('+' keys, not "+*") */
} store_board;

/* The best n of a leaderboard (at most n rows into out): rating descending, then more games
 * first, then key. Returns how many, or -1 on error. */
int store_top(store *s, int n, store_board which, store_player *out);

/* A person's preferences for their private lines (/msg durakbot set ...); 0 means "as the
 * config says" for each. */
typedef struct store_prefs {
    int delivery;     /* 1: every private line by NOTICE, 2: by PRIVMSG */
    int colours;      /* 1: on, 2: off */
    int turn;         /* 1: the private turn line on, 2: off (the hand line and `moves` instead) */
    char language[8]; /* "en", "ru", "fr", "es"; "": the language of the channel */
    int site;         /* 1: shown by nick on the web pages, 2: as "a player" there */
} store_prefs;
/* The preferences saved under key; false (and all 0) when none are (or on error). */
bool store_get_prefs(store *s, const char *key, store_prefs *out);
/* Saves the preferences of key; false on error (see store_error). */
bool store_put_prefs(store *s, const char *key, const store_prefs *p);

/* One player's end of a game. */
typedef struct store_seat {
    const char *key;     /* casefolded nick */
    const char *display; /* the nick as shown */
    int place;           /* 1-based order of going out; players out in the same bout share it. For
	                * forfeiters it only orders them among themselves (lower = better, equal = tie) */
    bool durak;          /* the one left with cards (R15) */
    bool forfeited;      /* left the game before its end (R18) */
    int team;            /* R19: 1 + the seat's team in a team game; 0 without teams */
    bool team_lost;      /* R19: the seat's team lost (the durak's, the forfeiter's, or the one
                            team left) */
} store_seat;

typedef struct store_result {
    int n;     /* seats used, 2..STORE_MAX_SEATS */
    bool draw; /* R15/R16: no durak; the players still in should share the last place */
    store_seat seat[STORE_MAX_SEATS];
} store_result;

/* Records a finished game in one transaction: each player's counters and rating (rating_update on
 * ranks: places as given, the durak below every place, forfeiters below the durak). games +1 for
 * all; firsts +1 for place 1 unless forfeited or drawn; duraks +1 for the durak; draws +1 in a draw
 * for the players still in who share the worst place; forfeits +1 for forfeiters; in a team game
 * not drawn, team_losses +1 for every seat of the losing team, team_wins +1 for the others. The display nick
 * is updated. Nothing is written if r is inconsistent (place out of 1..n, two duraks, a durak in a
 * draw, a durak who forfeited, an empty or repeated key) or on error; false then. */
bool store_record_game(store *s, const store_result *r);
/* The ratings before and after r, as store_record_game would make them; writes nothing. false
 * if r is inconsistent or the stats cannot be read. */
bool store_preview_game(store *s, const store_result *r, double *before, double *after);
/* The ratings after r from the given ones before it (r checked by store_preview_game): with teams
 * (R19) partners do not play each other. */
void store_rate(const store_result *r, const double *before, double *after);

/* ---- game records (store_records.c) ---- */

/* One seat of a recorded game, as its result gave it (store_seat). */
typedef struct {
    char key[STORE_NICK_MAX], display[STORE_NICK_MAX];
    int place;
    bool durak, forfeited;
    bool rated; /* the rating change is known (games recorded since schema 6) */
    double rating_before, rating_after;
} store_game_seat;

/* A finished game as recorded. */
typedef struct {
    long long id;       /* 1, 2, ...: what !last shows and --export-game takes */
    long long ended_at; /* unix time of its end (as the bot took its result) */
    bool draw;
    bool damaged; /* its moves could not be read back (the file changed by hand?): rec has none */
    int nseats;
    store_game_seat seat[STORE_MAX_SEATS];
    game_record rec; /* options, seed, salt, channel, result, moves */
} store_game;

/* Records the game of result r (its record rec, which must be known) with its seats, ended at unix
 * time ended_at, without ratings (the tests; persist uses store_save_game_rated); in one
 * transaction of its own unless inside a batch. false on error, or refused (store_refused) if r or rec is inconsistent
 * or the database's constraints contradict it. */
bool store_save_game(store *s, const store_result *r, const game_record *rec, long long ended_at);
/* The same, keeping each seat's rating before and after the game (what store_preview_game gave,
 * in seat order) for the web pages; NULL for unknown. */
bool store_save_game_rated(store *s, const store_result *r, const game_record *rec,
                           long long ended_at, const double *before, const double *after);
/* The id of the game the last successful store_save_game recorded (0 before any). */
long long store_saved_game_id(const store *s);
/* The game with this id into *out: true if found (damaged if its moves do not read); false if not
 * (store_error "") or on error. */
bool store_get_game(store *s, long long id, store_game *out);
/* The last game recorded in the channel (casefolded key): as store_get_game. */
bool store_last_game(store *s, const char *channel_key, store_game *out);
/* Calls cb for each game that ended at or after unix time since, oldest first, damaged ones too (g
 * is valid during the call only). Returns how many, or -1 on error. */
long long store_games_since(store *s, long long since, void (*cb)(void *ctx, const store_game *g),
                            void *ctx);

/* ---- what the web pages read (store_site.c) ---- */

/* One players row as the pages show it. */
typedef struct {
    long long id; /* the row's number: the person's page is p/<id>.html (never the key: it may
                     hold an account) */
    store_player p;
    bool hidden; /* `set site off`: "a player" on the pages (a private key follows its person's) */
    char language[8]; /* `set language`: "en", "ru", "fr", "es"; "" for none chosen */
} store_site_person;
/* Calls cb for every players row, computer players too, in key order. Returns how many, or -1. */
long long store_site_people(store *s, void (*cb)(void *ctx, const store_site_person *p), void *ctx);

/* The page number of key's person (their players row; for one who played only private games,
 * their "+" row), or 0 when they have none or chose set site off (a private key "+k" gives k's). */
long long store_site_person_id(store *s, const char *key);

/* One game of a person, as their page lists it. */
typedef struct {
    long long game, ended_at;
    char channel[64], channel_key[64];
    int nseats, place, worst; /* worst: the last place of those who did not forfeit */
    bool durak, forfeited, draw, rated;
    double rating_before, rating_after;
    /* for a team game's outcome: the person's seat, the durak's and the first to forfeit (-1 for
     * none), the recorded result ("team 1 lost") */
    bool teams;
    int seat, durak_seat, forfeit_seat;
    char result[16];
    char language[8]; /* the language the game was played in; "" if recorded before they were */
} store_site_entry;
/* The games of key, newest first, at most limit (all when limit < 0). Returns how many, or -1. */
long long store_site_games_of(store *s, const char *key, int limit,
                              void (*cb)(void *ctx, const store_site_entry *e), void *ctx);

/* A channel with recorded games (private games under their '+' keys): its name, key (casefolded),
 * number of games, and its first and latest games' ids (the first names its page: it never
 * changes). */
typedef struct {
    char channel[64], key[64];
    long long games, first, latest;
} store_site_channel;
/* Every channel with recorded games, by key. Returns how many, or -1. */
long long store_site_channels(store *s, void (*cb)(void *ctx, const store_site_channel *ch),
                              void *ctx);
/* What tells this database's pages from another's: its first game's id and (random) seed,
 * "1:9f3a...", or "" with no game yet; false on a read error. */
bool store_site_stamp(store *s, char buf[96]);
/* Every game's id, in order. Returns how many, or -1. */
long long store_site_game_ids(store *s, void (*cb)(void *ctx, long long id), void *ctx);
/* The keys of the channels where key has played, each once. Returns how many, or -1. */
long long store_site_channels_of(store *s, const char *key,
                                 void (*cb)(void *ctx, const char *channel_key), void *ctx);
/* The latest games of a channel (casefolded key), newest first, at most limit (64). */
long long store_site_latest(store *s, const char *channel_key, int limit,
                            void (*cb)(void *ctx, const store_game *g), void *ctx);
/* The games with ids first..last, newest first, at most 128. */
long long store_site_range(store *s, long long first, long long last,
                           void (*cb)(void *ctx, const store_game *g), void *ctx);

/* One row of a channel's leaderboard: a person (no computer player) who played there, their
 * games, times out first and times durak in that channel; ordered by rating, as !top. */
typedef struct {
    char key[STORE_NICK_MAX];
    int games, firsts, duraks;
} store_site_board_row;
/* At most n rows into out; returns how many, or -1. */
int store_site_board(store *s, const char *channel_key, int n, store_site_board_row *out);

#endif
