/* record.h — a game's record: its deal (options, seed, salt), every move with its time,
 * as text for snapshots and the store, replayed by the engine, and the deal's fingerprint. */
#ifndef DURAK_RECORD_H
#define DURAK_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "durak.h"

/* A private game's table key, which its record keeps as its channel: this prefix, then its
 * person's stats key ("~solo alice", "~solo @account"). The space makes it no IRC target; the
 * key names a person's account, so nothing shows it (the web pages say "a private game"). Test
 * the channel as written: its case-folded key may begin "^solo" (rfc1459 folds '~' to '^'). */
#define RECORD_PRIVATE_PREFIX "~solo "

static inline bool record_private_key(const char *key)
{
    return key && !strncmp(key, RECORD_PRIVATE_PREFIX, sizeof RECORD_PRIVATE_PREFIX - 1);
}

/* A computer player's stats key is "*name"; a private game keeps its seats' records under '+'
 * ("+alice", "+*easy[bot]"), apart from their games in channels. */
static inline bool record_key_is_bot(const char *key) { return key[key[0] == '+'] == '*'; }

enum {
    RECORD_MOVES_MAX = 2048, /* moves kept; a longer game's record is marked truncated */
    RECORD_SALT_BYTES = 16,
    RECORD_SALT_HEX = 2 * RECORD_SALT_BYTES + 1, /* the salt in hex and its NUL */
    RECORD_DIGEST_HEX = 65,                      /* a SHA-256 in hex and its NUL */
    RECORD_COMMIT_MAX = 96,                      /* the committed string and its NUL */
    RECORD_MOVE_TEXT = 20,                       /* one move token and its comma */
    RECORD_TEXT_MAX = RECORD_MOVES_MAX * RECORD_MOVE_TEXT + 64, /* every move as text */
    RECORD_RESIGN = 5, /* a move kind beyond durak_act_kind: seat resigns (R18) */
    /* Beyond that: seat's player left and a computer player plays on with their hand
     * (game.replace_leavers), its level in card, the number in its name in target (0: none);
     * no move of the engine's, so replays skip it, and the pages name the seat by it from then. */
    RECORD_REPLACED = 6,
    /* The target of a play, take or pass that the bot made for its player when their time ran out
     * (a target means something to a beat alone: the other moves keep CARD_NONE there); of a
     * resign, a forfeit for running out of time game.max_timeouts times in a row, not a leave. */
    RECORD_TIMED_OUT = 0xFE
};

/* One move: an engine action (kind durak_act_kind, card, target) or RECORD_RESIGN of seat, by
 * seat, ms milliseconds after the deal. */
typedef struct {
    uint8_t kind, card, target, seat;
    uint32_t ms;
} record_move;

/* Whether a move of this kind may be one the bot made when its player's time ran out: the bot
 * then plays, takes or passes (a beat's target is a card; a transfer is never made so), or at the
 * last time-out allowed resigns for them. The one rule for the record's writer and its reader. */
static inline bool record_may_time_out(uint8_t kind)
{
    return kind == DURAK_ACT_PLAY || kind == DURAK_ACT_TAKE || kind == DURAK_ACT_PASS
           || kind == RECORD_RESIGN;
}

/* Whether the bot made move m for its player, whose time had run out (a resign: they forfeited
 * so). */
static inline bool record_timed_out(const record_move *m)
{
    return record_may_time_out(m->kind) && m->target == RECORD_TIMED_OUT;
}

/* A computer player's name at a table: its level (ai_level) capitalised, then number if not 0
 * (the second of a level at a table), then "[bot]": "Normal[bot]", "Normal2[bot]". The seat of a
 * RECORD_REPLACED move plays under record_ai_name(m->card, m->target). */
void record_ai_name(int level, int number, char *buf, size_t cap);

/* The engine's action of move m (not a resign): the time-out mark left out. */
static inline durak_action record_action(const record_move *m)
{
    return (durak_action){ m->kind, m->card, m->kind == DURAK_ACT_BEAT ? m->target : CARD_NONE };
}

typedef struct {
    bool known;     /* false: no record (a game restored from a snapshot older than T4) */
    bool truncated; /* more than RECORD_MOVES_MAX moves: the moves beyond were not kept */
    durak_options opt;
    uint64_t seed;              /* durak_new(&g, &opt, seed) deals the game */
    char salt[RECORD_SALT_HEX]; /* lower-case hex */
    char channel[64];           /* where it was played, as the bot wrote it */
    char channel_key[64];       /* the same, casefolded (what !last looks up) */
    char result[16];            /* at the end, as durak-cli's state says it: "durak 1", "draw" */
    /* The language its table spoke at the end, spelt as store_prefs.language ("en", "ru", "fr",
     * "es"): its web page is written in it. "": unknown (recorded before schema 7). */
    char language[8];
    int nmoves;
    record_move move[RECORD_MOVES_MAX];
} game_record;

/* A new record of the deal (fills known, opt, seed, salt from salt_bytes). */
void record_start(game_record *r, const durak_options *opt, uint64_t seed,
                  const uint8_t salt_bytes[RECORD_SALT_BYTES]);
/* Appends one move (a resign when kind is RECORD_RESIGN; target RECORD_TIMED_OUT for a move made
 * or a resign forced by a time-out); sets truncated when full. */
void record_add(game_record *r, uint8_t kind, uint8_t card, uint8_t target, int seat, double secs);

/* "durak-deal-v1:<seed in decimal>:<salt in lower-case hex>": the string the fingerprint is the
 * SHA-256 of. */
void record_commit_string(const game_record *r, char out[RECORD_COMMIT_MAX]);
/* The SHA-256 of the committed string in lower-case hex (sha256.c); true. */
bool record_fingerprint(const game_record *r, char out[RECORD_DIGEST_HEX]);

/* The moves as comma-separated tokens "<k><card hex><target hex><seat><ms>" (k: p b t s x r a for
 * play, beat, take, pass, transfer, resign, replaced; ff for no card, a target fe for
 * RECORD_TIMED_OUT); "-" when there are none. false if cap is too small. */
bool record_format_moves(const game_record *r, char *buf, size_t cap);
/* Reads what record_format_moves wrote into r->move / r->nmoves; false (r unchanged) if malformed
 * (bad token, a card or seat out of range, times going back, too many moves). */
bool record_parse_moves(game_record *r, const char *text);

/* Whether a computer player took seat over from its leaver (a RECORD_REPLACED move): its name,
 * who played the seat to the end, then in name. */
bool record_replacer(const game_record *r, int seat, char *name, size_t cap);
/* Whether the durak r's result names ("durak 2") is a computer player that took the seat over
 * from its leaver: its name then in name. The seat is the leaver's forfeit, so no seat of the
 * game's is the durak. */
bool record_durak_replacer(const game_record *r, char *name, size_t cap);

/* Deals r's game and applies its moves: true if every move is legal (the game is then in *out).
 * A neighbours game an older version recorded may replay only with its R10 order (durak.h): then
 * out->opt.r10_old is set, for the pages and the export to replay it so. */
bool record_replay(const game_record *r, durak_game *out);
/* The same with the first n moves only (n at most r->nmoves): the game as it was then. */
bool record_replay_to(const game_record *r, int n, durak_game *out);

/* The durak-cli command that deals r's game: "new players=3 variant=classic ... seed=N". */
void record_cli_new(const game_record *r, char *buf, size_t cap);
/* The durak-cli command of one move: "play 6H", "beat 7H 6H", "take", "resign 2"; a comment
 * for a RECORD_REPLACED ("# seat 2 plays on as Normal[bot]"). */
void record_cli_move(const record_move *m, char *buf, size_t cap);

#endif
