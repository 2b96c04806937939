/* tables_internal.h — the tables module's own types (seats, a channel's table, the tables) and
 * the helpers its files share (tables, lobby, play, presence, info, snapshot); no other module. */
#ifndef DURAK_TABLES_INTERNAL_H
#define DURAK_TABLES_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "durak.h"
#include "messages.h"
#include "parser.h"
#include "ratelimit.h"
#include "render.h"
#include "render_game.h"
#include "rng.h"
#include "tables.h"

enum { TABLES_MAX = 2 * CONFIG_MAX_CHANNELS, NICK_MAX = 64, TABLES_LINE_MAX = 1024 };

/* A seat's person is their services account where the network told one, else nick +
 * user@host; a computer player is no IRC user at all (its name matches no nick). */
typedef struct {
    char nick[NICK_MAX], user[64], host[128], account[64];
    /* The nick at the game's start: the stats key without an account. The seat follows its
     * person's renames; their record does not (under CASEMAPPING=ascii Ann[x] and ann{X} are
     * different nicks, and the record stays with Ann[x]). */
    char seated[NICK_MAX];
    bool absent;      /* parted or quit: held for rejoin_grace */
    bool split;       /* absent in a netsplit: their turn timer stands still meanwhile */
    bool unconfirmed; /* restored after a restart: hand sent once its person is seen again */
    double grace_deadline;
    int timeouts; /* in a row */
    int ai;       /* -1: a person; else the ai_level of a computer player */
} seat_t;

typedef struct {
    bool used, playing;
    char channel[64];
    durak_options opt;
    seat_t seat[DURAK_MAX_PLAYERS];
    int nseats;
    int creator; /* seat index */
    double lobby_deadline;
    durak_game g;
    double turn_deadline;
    bool turn_paused; /* the actor is away in a netsplit: turn_left seconds stay on the timer */
    double turn_left;
    bool warned;
    bool dirty;         /* changed since tables_take_changes() */
    bool restored;      /* from a snapshot: announce when connected */
    uint32_t version;   /* bumped at every move: stale computer decisions are dropped */
    bool ai_pending;    /* a computer player's decision is being computed */
    double ai_due;      /* when a computer player to act may move (game.bot_delay) */
    bool rematch;       /* a lobby opened by !again: starts when every person agreed */
    uint8_t agreed;     /* rematch: seats whose person typed !again */
    uint8_t stop_votes; /* running game: seats whose person typed !stop */
    double stop_deadline;
} table_t;

/* A person's preferences, by nick, with the stats key they are saved under. */
typedef struct {
    bool used;
    char nick[NICK_MAX], key[NICK_MAX + 1];
    store_prefs p;
} pref_entry;

enum { PREFS_CACHED = 128 };

/* The seats and options of a channel's last finished game, for !again. */
typedef struct {
    bool used;
    char channel[64];
    durak_options opt;
    seat_t seat[DURAK_MAX_PLAYERS];
    int nseats, creator;
} last_game;

/* A finished game waiting for tables_take_results: the result and the strings it points to. */
typedef struct {
    store_result r;
    char key[DURAK_MAX_PLAYERS][NICK_MAX], display[DURAK_MAX_PLAYERS][NICK_MAX];
} pending_result;

struct tables {
    bot_config cfg;
    casemap cm;
    char own_nick[NICK_MAX];
    rng_t rng;
    ratelimit rl;
    store *db;   /* stats to read; NULL when none is kept (then no results are queued) */
    bool paused; /* not connected: timers stand still */
    double paused_at;
    table_t tab[TABLES_MAX];
    char closed[TABLES_MAX][64]; /* channels whose table closed since tables_take_changes() */
    int nclosed;
    pending_result results[TABLES_MAX]; /* finished since tables_take_results() */
    int nresults;
    last_game last[TABLES_MAX];
    pref_entry prefs[PREFS_CACHED]; /* people's preferences, loaded when first needed */
    int prefs_next;
    pref_entry prefs_dirty[PREFS_CACHED]; /* changed by set, for tables_take_prefs */
    int nprefs_dirty;
    char event_channel[64]; /* where the event being handled was said; "" for none */
};

/* ---- tables.c: lookup, output, the shared pieces ---- */

/* The table of a channel, or NULL. */
table_t *tables_find(tables *t, const char *channel);
/* A new, empty table for channel (marked changed), or NULL when all are in use. */
table_t *tables_open(tables *t, const char *channel);
/* Ends a table (no result): its snapshot is deleted at the next tables_take_changes(). */
void tables_close(tables *t, table_t *tb);
static inline void tables_touch(table_t *tb) { tb->dirty = true; }
/* The person's seat under `nick` at tb (computer players have none), or -1. */
int tables_seat_of(const tables *t, const table_t *tb, const char *nick);
/* The table where a person sits under `nick`, and the seat; NULL if none. */
table_t *tables_of_nick(tables *t, const char *nick, int *seat);
/* Is `w` the seat's person: the same account where the seat has one, else the same
 * user@host. A nick alone never is. */
bool tables_same_person(const tables *t, const seat_t *st, const tables_who *w);
/* When `w` holds the nick of seat s but is not its person: tells them so and returns true. */
bool tables_refuse_stranger(const tables *t, const table_t *tb, int s, const tables_who *w,
                            outbox *o);
/* The stats key of a person: "@account" (casefolded) where there is an account, else the
 * casefolded nick. */
void tables_stats_key(const tables *t, const char *nick, const char *account, char *key,
                      size_t cap);
/* The nick a seat's stats are kept under (without an account): the one it started the game
 * with. */
static inline const char *tables_seat_key_nick(const seat_t *st)
{
    return st->seated[0] ? st->seated : st->nick;
}
bool tables_is_admin(const tables *t, const tables_who *w);
static inline bool tables_is_ai(const table_t *tb, int s) { return tb->seat[s].ai >= 0; }
/* People (not computer players) seated and not gone for good. */
int tables_humans(const table_t *tb);
static inline const char *tables_prefix(const tables *t) { return t->cfg.game.prefix; }
/* ---- tables_lang.c: the language of each line ---- */

/* A channel's language: its channel_settings entry, else game.language. */
msg_lang tables_channel_lang(const tables *t, const char *channel);
/* The language of a target: a channel's; a person's: their `set language`, else the channel's
 * of the game they sit at, else the channel's where they said what is being answered
 * (tables_bind_channel), else game.language. */
msg_lang tables_lang_of(const tables *t, const char *target);
/* How cards are written for target: the ui keys and target's language. */
render_opts tables_ropts_to(const tables *t, const char *target);
/* A fragment (MSG_WORD_..., MSG_WARN_...) in target's language. */
const char *tables_text(const tables *t, const char *target, msg_id id);
/* Every tables_say/tables_notice into o from now on is in its target's language: call at each
 * event's start. */
void tables_bind(tables *t, outbox *o);
/* The same for an event said in `channel`. */
void tables_bind_channel(tables *t, outbox *o, const char *channel);

/* The seat names of tb for render_game. */
render_seats tables_names(const table_t *tb);
/* A message by PRIVMSG (public lines, hands, moves), in target's language (tables_bind). */
void tables_say(outbox *o, const char *target, msg_id id, ...);
/* A reply that concerns one user only, by NOTICE. */
void tables_notice(outbox *o, const char *target, msg_id id, ...);
/* The seat's hand by private message (not to computer players). */
void tables_send_hand(const tables *t, const table_t *tb, int s, outbox *o);
/* The public status line of a running game into the channel. */
void tables_say_status(const tables *t, const table_t *tb, outbox *o);
/* The priority of a line of message id (tables_prio.c). */
out_prio tables_line_prio(out_kind kind, msg_id id);

/* ---- tables_lobby.c: open, join, leave, bots, start, stop ---- */

void lobby_open(tables *t, const tables_who *w, const char *channel, const parsed_cmd *p,
                double now, outbox *o);
void lobby_join(tables *t, const tables_who *w, table_t *tb, outbox *o);
/* !leave: the person's seat is freed; a running game forfeits. */
void lobby_leave(tables *t, const tables_who *w, table_t *tb, double now, outbox *o);
/* Seat s leaves (its person typed !leave or left the channel). */
void lobby_unseat(tables *t, table_t *tb, int s, double now, outbox *o);
void lobby_start(tables *t, const tables_who *w, table_t *tb, double now, outbox *o);
void lobby_stop(tables *t, const tables_who *w, table_t *tb, double now, outbox *o);
void lobby_bot(tables *t, const tables_who *w, table_t *tb, const parsed_cmd *p, outbox *o);
/* A computer player's name, after its level and marked as a bot: "Hard[bot]", "Hard2[bot]". */
void lobby_ai_name(const table_t *tb, ai_level level, char *name, size_t cap);

/* ---- tables_play.c: the deal, moves, time-outs, forfeits, results ---- */

void play_start(tables *t, table_t *tb, double now, outbox *o);
/* R18: a seat leaves the running game (or a computer player takes it over). */
void play_forfeit(tables *t, table_t *tb, int s, msg_id why, double now, outbox *o);
void play_move(tables *t, table_t *tb, durak_action a, bool timed_out, double now, outbox *o);
/* A move command (play, beat, take, pass, transfer, a bare card). */
bool play_is_move(parse_kind k);

/* ---- tables_turn.c: the turn timer, the private turn line, time-outs ---- */

/* A new decision: its timer (game.turn_timeout, or game.throwin_timeout when it may be passed),
 * and a new version (stale computer decisions are dropped). */
void turn_arm(const tables *t, table_t *tb, double now);
/* The actor is away in a netsplit: their timer stands still with what is left on it, until
 * turn_resume (they are back) or turn_arm (the turn passed on). */
void turn_pause(table_t *tb, double now);
void turn_resume(table_t *tb, double now);
/* "Your turn in #durak: beat 9♠ or take — beat 9♠ 7♠ | take · hand: …" to a human actor. */
void turn_tell(const tables *t, const table_t *tb, outbox *o);
/* The actor's legal moves in the order of the hand as shown (take and pass last). */
int turn_moves(const durak_game *g, durak_action *a);
/* The turn timer of tb: warning, then the bot's move, a pass, or a forfeit. */
void play_tick(tables *t, table_t *tb, double now, outbox *o);
/* When tb's turn timer next needs attention (its warning or its end), or -1. */
double play_deadline(const tables *t, const table_t *tb);
/* The bot's move for a player who timed out on a decision they must make. */
durak_action turn_timeout_action(const durak_game *g);

/* ---- tables_end.c: the result, the last line, !again, the stop vote ---- */

/* The game is over: its result queued for the stats and the last line said. */
void end_announce(tables *t, table_t *tb, outbox *o);
/* !again: a rematch with the last game's seats, or agreeing to the one open. */
void end_again(tables *t, const tables_who *w, const char *channel, double now, outbox *o);
/* !stop of a running game by a player: a vote, passed by more than half of the people in. */
void end_stop_vote(tables *t, const tables_who *w, table_t *tb, double now, outbox *o);
/* A stop vote that ran out fails. */
void end_tick(table_t *tb, double now, outbox *o);
double end_deadline(const table_t *tb);

/* ---- tables_prefs.c: set, and the preferences applied ---- */

/* set [notice|privmsg|colours on|off|turn on|off]: shows or changes the person's settings. */
void prefs_command(tables *t, const tables_who *w, const char *arg, outbox *o);

/* ---- tables_info.c: !table, !rules, !help, !stats, !top ---- */

void info_table(tables *t, table_t *tb, outbox *o);
/* The rules of the table's game (or of a new one) to `to`: a channel, or a person. */
void info_rules(tables *t, const char *to, const table_t *tb, outbox *o);
/* !help [topic] in `channel` (one line there; a topic privately), or help [topic] in private
 * (channel NULL): two lines at most. */
void info_help(tables *t, const tables_who *w, const char *channel, const char *topic, outbox *o);
/* One player's stats to `to` (the channel, or the person asking). */
void info_stats(tables *t, const tables_who *w, const char *to, const char *nick, outbox *o);
/* The best n people, or computer players (bots), to `to`. */
void info_top(tables *t, const char *to, int n, bool bots, outbox *o);

/* ---- tables_presence.c: nick, part, quit, rejoin grace ---- */

/* Seats whose rejoin grace ran out forfeit. */
void presence_tick(tables *t, table_t *tb, double now, outbox *o);

#endif
