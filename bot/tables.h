/* tables.h — the per-channel games and their seats: lobby, play, timers, presence. Driven by events
 * that carry the time; writes what to say into an outbox; no I/O, no clock, no store writes. */

/* Changed snapshots and results are taken by the loop (persist.c). */
#ifndef DURAK_TABLES_H
#define DURAK_TABLES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ai.h"
#include "casemap.h"
#include "config.h"
#include "outbox.h"
#include "record.h"
#include "store.h"

typedef struct tables tables;

/* Who sent an event (user and host may be "" when unknown); account is the services account
 * the network says they are logged in to (NULL or "" for none or unknown); listed: a join that is
 * a line of the channel's member list (WHO) after the bot joined, not the person joining. */
typedef struct {
    const char *nick, *user, *host;
    const char *account;
    bool listed;
} tables_who;

/* `cfg` is copied; `seed` drives the shuffles (main passes getrandom() bytes). */
tables *tables_new(const bot_config *cfg, uint64_t seed);
/* Fills buf with n random bytes (getrandom()). */
typedef void (*tables_entropy)(void *buf, size_t n);
/* Where each deal's seed and salt come from (they are revealed after the game, so they must not
 * come from the shuffling PRNG, whose later outputs they would give away); NULL (the default,
 * for tests): from the PRNG seeded by tables_new. */
void tables_set_entropy(tables *t, tables_entropy fill);
void tables_free(tables *t);
/* New settings (SIGHUP): prefix, timeouts, defaults, ui, admins. Running games go on. */
void tables_reconfigure(tables *t, const bot_config *cfg);
/* From ISUPPORT CASEMAPPING (default rfc1459). */
void tables_set_casemapping(tables *t, casemap m);
/* The server charges each line seconds (IRCnet's ircd, ISUPPORT PENALTY): a channel game's public line
 * then asks every decision (throw-ins too), and a player hears privately only a hand with new
 * cards, not the turn line, unless they said `set turn on` (a private game is unchanged). */
void tables_set_penalty(tables *t, bool on);
/* Whether the web pages are not being written (site_worker_behind): asked as an address is
 * about to be given (!stats, !top, !last), which is then left out. NULL (the default): never. */
typedef bool (*tables_site_behind_fn)(void *ctx);
void tables_set_site_behind(tables *t, tables_site_behind_fn fn, void *ctx);
/* Seconds until a game line to target queued now would be sent (outq_backlog): a turn's timer
 * and a computer player's pause start counting after the line that tells it, as nobody can read
 * a line before it goes. NULL (the default): lines go at once. */
typedef double (*tables_backlog_fn)(void *ctx, const char *target);
void tables_set_backlog(tables *t, tables_backlog_fn fn, void *ctx);
/* Where stats are read (!stats, !top); NULL: none kept, and then no results are queued for
 * tables_take_games. Not owned; never written here. */
void tables_set_store(tables *t, store *db);
/* The bot's own nick: its own lines and joins are ignored. */
void tables_set_own_nick(tables *t, const char *nick);

void tables_on_channel(tables *t, double now, const tables_who *w, const char *channel,
                       const char *text, outbox *o);
void tables_on_private(tables *t, double now, const tables_who *w, const char *text, outbox *o);
/* Someone's nick changed; the bot's own come through tables_set_own_nick, before (bot/conn.c). */
void tables_on_nick(tables *t, double now, const char *old_nick, const char *new_nick, outbox *o);
void tables_on_join(tables *t, double now, const tables_who *w, const char *channel, outbox *o);
/* The channel's member list, asked for when the bot joined (WHO), is complete: whoever of its
 * table was not in it left while the bot was away (a restart, a reconnect): gone, as by a PART. */
void tables_on_listed(tables *t, double now, const char *channel, outbox *o);
/* A part or a kick of `nick` from `channel`; the bot's own kick is tables_on_bot_out's. */
void tables_on_part(tables *t, double now, const char *nick, const char *channel, outbox *o);
/* The bot is out of `channel` (kicked, or its join refused: banned, invite only...): the game there
 * waits, its timers still and its moves refused, until the bot's own join (tables_on_join),
 * where it goes on with the time each had and the table is said again. */
void tables_on_bot_out(tables *t, double now, const char *channel);
/* The channel refuses the bot's lines though the bot is in it (404: +m without voice, a ban): its
 * game waits as for tables_on_bot_out, until a change of the channel's modes (tables_on_modes)
 * says it again, and a refusal of that holds it again. */
void tables_on_bot_muted(tables *t, double now, const char *channel);
void tables_on_modes(tables *t, double now, const char *channel, outbox *o);
/* reason: the QUIT message (NULL: none); "a.example b.example" (two host names) is a netsplit:
 * the seat is held as for any quit, and the turn timer stops while its player is away. */
void tables_on_quit(tables *t, double now, const char *nick, const char *reason, outbox *o);
/* The server said nick is on no server (401) to a line of the bot's: a spectator outside the
 * channel quit unseen, and stops watching before someone else takes the nick. */
void tables_on_gone(tables *t, const char *nick);
/* Does a QUIT reason look like a netsplit's: two host names ("hub.example leaf.example")? */
bool tables_netsplit_reason(const char *reason);
/* Timers: call at (or after) tables_next_deadline(). */
void tables_on_tick(tables *t, double now, outbox *o);
/* The earliest timer as an absolute time, or -1 when none runs (all paused or no games). */
double tables_next_deadline(const tables *t);
/* The connection dropped (or the bot stops): every timer stops where it is, and every
 * table counts as changed so that it is saved with its timers stopped. */
void tables_on_disconnect(tables *t, double now);
/* Connected (again) and channels joined: timers resume; each game repeats its table.
 * The tables start paused: call this after the first registration too. */
void tables_on_reconnect(tables *t, double now, outbox *o);
/* The server was silent from `since` until now while a timer was due (conn_answering), so
 * nobody could play: every timer goes on `now - since` later, and each game says so. */
void tables_on_stall(tables *t, double since, double now, outbox *o);
/* The channel is no longer served (config reload): its table ends, no result. */
void tables_close_channel(tables *t, const char *channel, outbox *o);
/* Before the outbox goes to the send queue: replies to people seated in a running game become
 * game lines (tables_prio.c says which lines are which). */
void tables_rank_lines(tables *t, outbox *o);
/* The language (an msg_lang, bot/messages.h) of the lines to target: a channel's
 * (channel_settings, else game.language), or a person's (set language, else the channel's of
 * their game, else game.language). */
int tables_language(const tables *t, const char *target);
/* Private games are tables keyed "~solo <stats key>": such a key holds a space, so it
 * is neither a channel nor a nick, and the send queue refuses it as a target. Is key one? */
bool tables_private_key(const char *key);
/* Before tables_rank_lines: lines to a private game's key go to its player (or are dropped when
 * nobody is there to hear them); a running channel game's lines are copied to its spectators.
 * After it no target is a private key. */
void tables_route_lines(tables *t, outbox *o);
/* A finished game's page address (url), said once its record is saved, where it was played (a
 * channel, or a private game's key) in its language (lang; -1: that place's): a channel's
 * spectators get their copy as they got the game's lines, though its table is gone. */
void tables_game_page(tables *t, const char *where, int lang, const char *url, outbox *o);
/* Recorded game `id`, played at where (a channel, or a private game's key), ended while its last
 * lines may not have reached its players (the bot was killed with them queued, PERSIST_ENDED_KEY):
 * its number and result, as !last sums them up, said there (a private game's: to its person's
 * nick) in that place's language. */
void tables_tell_ended(tables *t, long long id, const char *where, outbox *o);
/* Games (lobbies included) now open, for status lines. */
size_t tables_count(const tables *t);

/* Computer players, and hints (the hard player's move for a person who asked). A decision to make: the seat's view only (no hidden cards), the
 * level's parameters and a seed. `version` ties the answer to the position it is for. */
typedef struct {
    char channel[64];
    uint32_t version;
    durak_view view;
    ai_params params;
    int hint_seat; /* -1: a computer player's move; else the seat of a person asking for a hint */
} tables_ai_job;
/* A computer player must move now (game.bot_delay after its turn began): fills job and
 * returns true; the table waits for tables_ai_result. Call until it returns false. */
bool tables_ai_next_job(tables *t, double now, tables_ai_job *job);
/* The decision for job (ai_choose on job->view, made on any thread). Dropped if the
 * game moved on meanwhile (a forfeit, !stop). */
void tables_ai_result(tables *t, double now, const tables_ai_job *job, durak_action a, outbox *o);

/* The room a snapshot may need: a table, its game and its record (record.h). */
#define TABLES_SNAPSHOT_MAX (2 * DURAK_SERIAL_MAX + RECORD_TEXT_MAX)

/* Persistence. A snapshot is one text line holding a channel's whole table (seats,
 * options, engine state, time left on each timer). false if there is no such table. */
bool tables_snapshot(const tables *t, const char *channel, double now, char *buf, size_t cap);
/* Recreates a table from its snapshot (before connecting); timers resume from `now`
 * once connected, and the channel is told that the game goes on. false if malformed. The bot
 * itself uses tables_restore_checked; this is the tests'. */
bool tables_restore(tables *t, const char *channel, const char *snapshot, double now);
/* The same, refusing anything inconsistent (non-finite or out-of-range timers, options, seats,
 * a game over or at odds with its table, what the engine refuses); why gets the reason. */
bool tables_restore_checked(tables *t, const char *channel, const char *snapshot, double now,
                            char *why, size_t cap);
/* A channel's last finished game, for !again after a restart, is saved under this prefix and the
 * channel's name ("~again #durak"), beside the channel's table; tables_last_key_channel gives the
 * channel of such a key, NULL for any other. Restored, it opens no table. */
#define TABLES_LAST_KEY "~again "
const char *tables_last_key_channel(const char *key);
/* Hands over what changed since the last call, by key: each changed table's snapshot and last
 * game's line, and NULL for each key whose line goes. Call after every event. A snapshot cb
 * returns false for (no memory to keep it) is handed over again at the next call. */
void tables_take_changes(tables *t, double now,
                         bool (*cb)(void *ctx, const char *channel, const char *snapshot),
                         void *ctx);
/* Each person's preferences for their private lines (`set`): applied to the outbox (NOTICE or
 * PRIVMSG, colours) just before its lines are queued. */
void tables_apply_prefs(tables *t, outbox *o);
/* The preferences of the person with `nick` (all 0: the defaults). */
const store_prefs *tables_prefs_of(tables *t, const char *nick);
/* Hands over the preferences changed since the last call, to be saved. */
void tables_take_prefs(tables *t, void (*cb)(void *ctx, const char *key, const store_prefs *p),
                       void *ctx);
/* Hands over each game finished since the last call, for the stats, with its record (NULL when the
 * game has none: restored from an old snapshot); the strings live until the call returns. A game
 * cb returns false for (no memory to keep it) and those after it wait for the next call. */
void tables_take_games(tables *t,
                       bool (*cb)(void *ctx, const store_result *r, const game_record *rec),
                       void *ctx);
/* Every game handed over is in the store now, or given up: the ratings a game's last line says
 * count from the store's again, no longer from those said at the ends of games not yet saved. */
void tables_results_saved(tables *t);

#endif
