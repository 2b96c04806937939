/* tables_internal.h — the tables module's own types (seats, a channel's table, the tables) and
 * the functions its files share, by layer, each calling only the layers below it. */
#ifndef DURAK_TABLES_INTERNAL_H
#define DURAK_TABLES_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "durak.h"
#include "messages.h"
#include "parser.h"
#include "ratelimit.h"
#include "record.h"
#include "render.h"
#include "render_game.h"
#include "render_teams.h"
#include "rng.h"
#include "tables.h"

/* SOLO_MAX private games on top of the channels' tables; WATCH_MAX spectators a
 * table; GONE_MAX closed private games whose late lines still go to their people;
 * TABLES_BACKLOG_MAX the most seconds of send queue a timer waits out; SOLO_STARTS the private
 * games' starts remembered for game.private_per_hour (over CONFIG_PRIVATE_PER_HOUR_MAX, so
 * that each of many people at the cap is still counted whole). */

enum {
    SOLO_MAX = 64,
    TABLES_MAX = 2 * CONFIG_MAX_CHANNELS + SOLO_MAX,
    NICK_MAX = 64,
    TABLES_LINE_MAX = 1024,
    WATCH_MAX = 16,
    GONE_MAX = 16,
    TABLES_BACKLOG_MAX = 300,
    SOLO_STARTS = 1024,
};

/* A seat's person is their services account where the network told one, else nick +
 * user@host; a computer player is no IRC user at all (its name matches no nick). */
typedef struct {
    char nick[NICK_MAX], user[64], host[128], account[64];
    /* The nick at the game's start: the stats key without an account. The seat follows its
     * person's renames; their record does not (under CASEMAPPING=ascii Ann[x] and ann{X} are
     * different nicks, and the record stays with Ann[x]). A computer player that took a leaver's
     * seat (game.replace_leavers) keeps the leaver's here and in account: the seat's result is
     * their forfeit (tables_seat_replaced). */
    char seated[NICK_MAX];
    bool absent; /* parted or quit: held for rejoin_grace */
    /* absent because its person, still here, took a computer player's name: that nick (any other
     * nick it changes to takes the seat back); not in snapshots */
    char renamed[NICK_MAX];
    bool split;       /* absent in a netsplit: their turn timer stands still meanwhile */
    bool unconfirmed; /* restored after a restart: hand sent once its person is seen again */
    bool unlisted;    /* the bot joined and reads the channel's member list: not in it yet */
    double grace_deadline;
    double leave_asked; /* !leave typed in the game: when, to be typed again (not in snapshots) */
    int timeouts;       /* in a row */
    int ai;             /* -1: a person; else the ai_level of a computer player */
    int hints;          /* hints given this game (not in snapshots) */
    /* msg_lang + 1 of the words its person last typed, 0: none yet. Their private lines speak it
     * between their commands too (a computer player's move asks them), unless they chose one with
     * `set language`. Not in snapshots. */
    uint8_t words_lang;
    /* When a decision of theirs that may be passed was passed on time-out, 0: not lately. A move
     * typed soon after is told it came too late, not only refused. Not in snapshots. */
    double passed_late;
    uint32_t hinted;   /* the position (1 + table version) of the last hint counted, 0: none */
    durak_action hint; /* that hint's move, said again when asked again there */
    uint32_t asked;    /* what the seat was last asked (turn_fingerprint), 0: nothing */
    cards_t shown;     /* the hand as last shown privately (not in snapshots): new cards are not */
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
    bool dirty;          /* changed since tables_take_changes() */
    bool restored;       /* from a snapshot: announce when connected */
    uint32_t version;    /* bumped at every move: stale computer decisions are dropped */
    bool ai_pending;     /* a computer player's decision is being computed */
    uint8_t hint_wanted; /* seat + 1 of a person who asked for a hint, 0: none */
    bool hint_running;   /* that hint is being computed */
    double ai_due;       /* when a computer player to act may move (game.bot_delay) */
    bool rematch;        /* a lobby opened by !again: starts when every person agreed */
    uint8_t agreed;      /* rematch: seats whose person typed !again */
    uint8_t stop_votes;  /* running game: seats whose person typed !stop (saved) */
    double stop_deadline;
    bool solo; /* a private game: channel is a key (tables_private_key) that never reaches IRC */
    char watcher[WATCH_MAX][NICK_MAX]; /* spectators (!watch), saved with the table */
    bool watcher_away[WATCH_MAX];      /* that spectator left the channel: copies follow them */
    bool watcher_unlisted[WATCH_MAX];  /* as seat_t.unlisted */
    int nwatchers;
    game_record rec; /* the deal and every move so far (tables_record.c) */
    /* The language (msg_lang) of the words that opened it ("!дурак", "играю"), -1: English or
     * none. Its lines speak it unless the channel has a configured language. Saved. */
    int lang;
    double rec_start; /* when it was dealt: move times are counted from there */
    /* A private game: what happened since its person's last line, said with their next one
     * (tables_play.c); news_bout: a bout ended meanwhile (the status goes with it); news_trump:
     * the news names the trump card (the last card drawn), so the status does not. Not saved. */
    char news[512];
    bool news_bout, news_trump;
    int forfeit_why; /* a private game its person forfeited: the reason's msg_id + 1 (0: stop) */
    /* When the bot went out of the channel (kicked, its join refused), 0 while it is in: nobody
     * would hear the game, so its timers stand still and moves wait. Not saved: after a restart
     * the join decides again. */
    double bot_out_at;
    /* Out although in it: the channel refuses the bot's lines (404: +m, a ban); a change of its
     * modes tries again (tables_on_modes). Not saved. */
    bool bot_muted;
} table_t;

/* Who still hears a closed game (tables_route.c): a private game's player, as at its end, and a
 * channel game's spectators. Kept until GONE_MAX later closures take the slot, not one round: the
 * game's page address is said only once its record is saved, which may be rounds later (a
 * group-commit hold, a retry of a failed write). */
typedef struct {
    char key[64];
    char nick[NICK_MAX]; /* a private game's player; "" when they were not there at the end */
    /* a channel game's spectators as "+carol -dave ": + one who had left the channel, - one in
     * it; as many as fit (a nick is rarely over 16 bytes) */
    char watchers[512];
} gone_route;

/* A person's preferences, by the stats key they are saved and found under. */
typedef struct {
    bool used;
    char key[NICK_MAX + 1];
    store_prefs p;
} pref_entry;

enum { PREFS_CACHED = 128 };

/* A private game started by a person at a time: the last SOLO_STARTS of them, in a ring, count
 * towards game.private_per_hour. Not saved: a restart forgets them. */
typedef struct {
    uint64_t who; /* a hash of their account, else of their user@host; 0 for a free entry */
    double at;
} solo_start;

/* The seats and options of a channel's last finished game, for !again; saved under the key
 * TABLES_LAST_KEY channel, beside the channel's table if it has one. */
typedef struct {
    bool used;
    bool dirty; /* changed since tables_take_changes() */
    char channel[64];
    durak_options opt;
    seat_t seat[DURAK_MAX_PLAYERS];
    int nseats, creator;
    int lang; /* the table's: a rematch speaks it too */
} last_game;

/* A finished game waiting for tables_take_games: the result and the strings it points to. */
typedef struct {
    store_result r;
    char key[DURAK_MAX_PLAYERS][NICK_MAX], display[DURAK_MAX_PLAYERS][NICK_MAX];
    game_record rec; /* the game's record, written with the result (r.record points here) */
} pending_result;

struct tables {
    bot_config cfg;
    casemap cm;
    char own_nick[NICK_MAX];
    rng_t rng;
    tables_entropy entropy; /* the deals' seeds and salts; NULL: from rng (tests) */
    ratelimit rl;
    store *db;   /* stats to read; NULL when none is kept (then no results are queued) */
    bool paused; /* not connected: timers stand still */
    /* The server charges each line seconds (ISUPPORT PENALTY): a channel game's public line
     * asks every decision, and its players hear privately only what it cannot show (new cards). */
    bool scarce;
    tables_site_behind_fn site_behind; /* the web pages are not being written: no addresses */
    void *site_behind_ctx;
    double paused_at;
    tables_backlog_fn backlog; /* seconds until a line queued now goes (tables_set_backlog) */
    void *backlog_ctx;
    table_t tab[TABLES_MAX];
    int ntab; /* every used slot is below it: scans stop there (reading an unused slot's flags
                 cost a page of memory and a cache miss each) */
    uint32_t opened;             /* tables opened: each numbers its versions from its own base */
    char closed[TABLES_MAX][80]; /* keys whose line goes at the next tables_take_changes() */
    int nclosed;
    pending_result results[TABLES_MAX]; /* finished since tables_take_games() */
    /* Ratings said at games' ends, not saved yet, by stats key (tables_end.c); -1: not known */
    char unsaved_key[TABLES_MAX * DURAK_MAX_PLAYERS][NICK_MAX];
    double unsaved[TABLES_MAX * DURAK_MAX_PLAYERS];
    int nunsaved;
    int nresults;
    last_game last[TABLES_MAX];
    bool last_dirty; /* some last game is: tables_take_changes looks at them only then */
    pref_entry prefs[PREFS_CACHED]; /* people's preferences, loaded when first needed */
    int prefs_next;
    pref_entry prefs_dirty[PREFS_CACHED]; /* changed by set, for tables_take_prefs */
    int nprefs_dirty;
    char event_channel[64]; /* where the event being handled was said; "" for none */
    /* The event's sender and the language of the words they used (parsed_cmd.lang, -1: none):
     * what is said to them alone is in it unless they chose one; event_asked: the command is a
     * question (help, rules, stats...) whose answer in the channel is in it too. */
    char event_nick[NICK_MAX];
    char event_account[64]; /* the sender's services account, "" for none */
    int event_lang;
    bool event_asked;
    gone_route gone[GONE_MAX]; /* a ring: the next closure goes to gone[gone_next] */
    int gone_next;
    solo_start starts[SOLO_STARTS]; /* a ring: the next start overwrites starts[starts_next] */
    int starts_next;
};

/* The layers, bottom up; a file calls only into its own layer and the ones below:
 *  1. tables.c — lookups, seats, open and close;
 *  2. the output side — tables_prefs (the cache), tables_lang, tables_prio, tables_emit,
 *     tables_route;
 *  3. the game flow — tables_record, tables_hint, tables_turn, tables_end, tables_play,
 *     tables_typed;
 *  4. the commands — tables_info, tables_set, tables_watch, tables_lobby, tables_solo;
 *  5. the entry points — tables_cmd (the command rows), tables_presence, tables_tick, and
 *     tables_snapshot (persistence). */

/* ==== 1. tables.c: lookups, seats, open and close ==== */

/* The table of a channel, or NULL. */
table_t *tables_find(tables *t, const char *channel);
/* A new, empty table for channel (marked changed), or NULL when all are in use. */
table_t *tables_open(tables *t, const char *channel);
/* Ends a table (no result): its saved line is deleted at the next tables_take_changes(). */
void tables_close(tables *t, table_t *tb);
/* Frees tb's slot and nothing else: its saved line stays (a restore that refused the line). */
void tables_drop(tables *t, table_t *tb);
/* The saved line of key is deleted at the next tables_take_changes(), unless a table has it. */
void tables_saved_line_gone(tables *t, const char *key);
static inline void tables_touch(table_t *tb) { tb->dirty = true; }
/* The person's seat under `nick` at tb, or -1: computer players have none, nor has one who
 * forfeited a running game (R18: they left it, and may play elsewhere). A player who took the
 * nick of a seat held for someone away has two there: theirs, present, is the one meant. */
int tables_seat_of(const tables *t, const table_t *tb, const char *nick);
/* nick's place among tb's spectators, or -1. */
int tables_watcher_of(const tables *t, const table_t *tb, const char *nick);
/* The first channel game nick watches, or NULL. */
const table_t *tables_watched_by(const tables *t, const char *nick);
/* The table where a person sits under `nick`, and the seat; NULL if none. A present seat comes
 * before one held for its person (who may sit elsewhere now under that nick). */
table_t *tables_of_nick(tables *t, const char *nick, int *seat);
/* The table where someone logged in to `account` sits, under any nick, and the seat; or NULL. */
table_t *tables_of_account(tables *t, const char *account, int *seat);
/* Is `w` the seat's person: the same account where both have one, else the same user@host (a
 * seat with an account: only while its nick has been here all along, as after a logout). A
 * nick alone never is. */
bool tables_same_person(const tables *t, const seat_t *st, const tables_who *w);
/* w, the person of seat s at tb (tables_of_nick's), logged in to a services account after sitting
 * down: the seat (and so their stats) follows the account from now on, as if they had sat down
 * with it. Nothing for no table or no account. */
void tables_seat_account(tables *t, table_t *tb, int s, const tables_who *w);
/* A person's stats key: "@account" where there is an account, else the nick; casefolded. */
void tables_stats_key(const tables *t, const char *nick, const char *account, char *key,
                      size_t cap);
/* The nick a seat's stats are kept under (without an account): the one it started with. */
static inline const char *tables_seat_key_nick(const seat_t *st)
{
    return st->seated[0] ? st->seated : st->nick;
}
/* A computer player that took over a leaver's seat mid-game: every game's start sets seated to the
 * seat's nick, so only a takeover leaves them different. */
static inline bool tables_seat_replaced(const seat_t *st)
{
    return st->ai >= 0 && st->seated[0] && strcmp(st->seated, st->nick) != 0;
}
/* Does nick end as computer players' names do ("[bot]", or "{bot}", the same under rfc1459)? */
bool tables_nick_like_bot(const char *nick);
/* The game whose seat (*seat) a person holds while renamed to nick, a computer player's name. */
table_t *tables_held_under_bot_name(tables *t, const char *nick, int *seat);
bool tables_is_admin(const tables *t, const tables_who *w);
static inline bool tables_is_ai(const table_t *tb, int s) { return tb->seat[s].ai >= 0; }
/* Whether seat s's nick may be sent its hand and turn unasked: only while its person is there and
 * seen since any restart (whoever holds the nick meanwhile may be someone else; durak(7)). */
static inline bool tables_hears(const table_t *tb, int s)
{
    return !(tb->seat[s].absent || tb->seat[s].unconfirmed);
}
/* People (not computer players) seated and not gone for good. */
int tables_humans(const table_t *tb);
/* Does a forfeit in tb lose the game for the forfeiter's team (R19), rather than hand the seat to
 * a computer player (game.replace_leavers)? What warnings and "left" lines say. */
static inline bool tables_forfeit_loses_team(const tables *t, const table_t *tb)
{
    return tb->opt.teams && !t->cfg.game.replace_leavers;
}
/* A private game's person: its one seat no computer player holds; -1: none, or a channel game. */
int tables_solo_seat(const table_t *tb);
static inline const char *tables_prefix(const tables *t) { return t->cfg.game.prefix; }
/* Seats the person w, or a computer player of level, in tb. */
void tables_add_seat(table_t *tb, const tables_who *w);
void tables_add_ai(table_t *tb, ai_level level);
/* A computer player's name, after its level: "Hard[bot]", "Hard2[bot]"; returns its number (0, 2…). */
int tables_ai_name(const table_t *tb, ai_level level, char *name, size_t cap);
/* tables_set_backlog's answer for target, at most TABLES_BACKLOG_MAX seconds. */
double tables_backlog(const tables *t, const char *target);

/* ==== 2. the output side ==== */

/* ---- tables_prefs.c: each person's preferences, cached ---- */

/* The settings of the person under `nick`, by their key (tables_stats_key), loaded from the store
 * the first time: with `account` (the sender's own, for `set`), else the account of whom the
 * nick is known to be now (the event's sender, else a present seat's), else the nick's. */
pref_entry *prefs_entry(tables *t, const char *nick, const char *account);
/* e was changed: handed over by tables_take_prefs, to be saved. */
void prefs_changed(tables *t, const pref_entry *e);

/* ---- tables_lang.c: the language of each line ---- */

/* A channel's language: its channel_settings entry, else game.language. */
msg_lang tables_channel_lang(const tables *t, const char *channel);
/* The language of a target: a channel's; a private game's key (tables_private_key): its
 * player's. A person's, the first there is of: their `set language`; the language of the words
 * they are typing now; the one their private game was opened in; the channel's of the game they
 * sit at; the channel's of a game they watch; the channel's where they said what is being
 * answered (tables_bind_channel); game.language. */
msg_lang tables_lang_of(const tables *t, const char *target);
/* Did the person under nick choose their language (`set language`)? Else the words they type
 * choose the language of the errors they get. */
bool tables_lang_chosen(const tables *t, const char *nick);
/* The language nick chose with `set language` (msg_lang), or -1. */
int tables_chosen_lang(const tables *t, const char *nick);
/* How cards are written for target: the ui keys and target's language. */
render_opts tables_ropts_to(const tables *t, const char *target);
/* A fragment (MSG_WORD_..., MSG_WARN_...) in target's language. */
const char *tables_text(const tables *t, const char *target, msg_id id);
/* How lines to target (the player) name where tb's game is: its channel, or "your private game"
 * in target's language. */
const char *tables_where(const tables *t, const table_t *tb, const char *target);
/* Every tables_say/tables_notice into o from now on is in its target's language: call at each
 * event's start. */
void tables_bind(tables *t, outbox *o);
/* The same for an event said in `channel`. */
void tables_bind_channel(tables *t, outbox *o, const char *channel);
/* The event's sender, the language of their words (parsed_cmd.lang) and whether it is a question
 * answered in those words even where a game speaks another (help, rules, stats, top, last). A
 * seated sender's private lines speak that language from now on (English words, everyone's, tell
 * none). */
void tables_bind_words(tables *t, const tables_who *w, int lang, bool asked);
/* The tables o is bound to (tables_bind), or NULL. */
const tables *tables_bound(const outbox *o);

/* ---- tables_prio.c ---- */

/* The priority of a line of message id. */
out_prio tables_line_prio(out_kind kind, msg_id id);

/* ---- tables_emit.c: the lines ---- */

/* The seat names of tb for render_game. */
render_seats tables_names(const table_t *tb);
/* A message by PRIVMSG (public lines, hands, moves), in target's language (tables_bind). */
void tables_say(outbox *o, const char *target, msg_id id, ...);
/* The same in reader's language: a reply to one person said in a channel. */
void tables_say_as(outbox *o, const char *reader, const char *target, msg_id id, ...);
/* With site.url: "Page: <site.url>/<kind>/<id>.html" (kind 'g' a game, 'p' a person; 0 the
 * index, whatever the id) to target; nothing without it, for id 0 or while the pages are not
 * being written (tables_record.c). */
void tables_site_page(const tables *t, const char *target, char kind, long long id, outbox *o);
/* A reply that concerns one user only, by NOTICE. */
void tables_notice(outbox *o, const char *target, msg_id id, ...);
/* The seat's hand by private message, unasked: not to computer players, nor to a nick whose
 * person is away or not seen since a restart (tables_hears). */
void tables_send_hand(const tables *t, table_t *tb, int s, outbox *o);
/* The same asked for (`hand`): the command layer has matched the asker to the seat's person. */
void tables_show_hand(const tables *t, table_t *tb, int s, outbox *o);
/* How one public line of a game is written for a reader whose render options are r (the
 * channel's, or a spectator's language): into line (cap bytes), "" for none. */
typedef void (*tables_line_fn)(const tables *t, const table_t *tb, const render_opts *r,
                               const void *arg, char *line, size_t cap);
/* A game's public line, written by `write` for its channel (a private game's: its player), and
 * again for each spectator who does not read it there as it is (tables_emit.c), in their
 * language. A tables_say to a channel copies the same way. */
void tables_public(const tables *t, const table_t *tb, outbox *o, tables_line_fn write,
                   const void *arg);
/* The status line (table, trump, stock, hands): a tables_line_fn; arg not NULL: the actor's nick
 * that heads it is written not to highlight them. */
void tables_status_line(const tables *t, const table_t *tb, const render_opts *r, const void *arg,
                        char *line, size_t cap);
/* The public status line of a running game into the channel: its head asks the actor. */
void tables_say_status(const tables *t, const table_t *tb, outbox *o);
/* The same as !table shows it to whoever asked: the actor's nick not highlighting them. */
void tables_say_table(const tables *t, const table_t *tb, outbox *o);
/* When `w` holds the nick of seat s but is not its person: tells them so and returns true. */
bool tables_refuse_stranger(const tables *t, const table_t *tb, int s, const tables_who *w,
                            outbox *o);

/* ==== 3. the game flow ==== */

/* ---- tables_record.c: the game's record, the deal's fingerprint, !last ---- */

/* The seed of a new deal (t->entropy, or rng without it). */
uint64_t record_new_seed(tables *t);
/* The deal is made from seed: its record starts (with a new salt); the start line says its
 * fingerprint (tables_play.c). */
void record_deal(tables *t, table_t *tb, uint64_t seed, double now);
/* A move applied by seat `actor` (record_add with the time since the deal), or made for them
 * when their time ran out. */
void record_played(table_t *tb, durak_action a, int actor, bool timed_out, double now);
/* Seat s resigned (R18; timed_out: for time-outs), or a computer player took it (number >= 0). */
void record_resign(table_t *tb, int s, int number, bool timed_out, double now);
/* The game is over, or ends with no result (stopped, only computer players left): the seed and
 * salt are said in the channel; the record gets the engine's result ("durak 1", "draw", "won 2"). */
void record_reveal(table_t *tb, outbox *o);
/* The record's result alone, for an end line that comes before the reveal. */
void record_result(table_t *tb);
/* tb's last move that had a line of its own (quiet passes skipped), as that line told it ("bob
 * picks up 3 cards · ...", "Time is up: ..."), in r's words, into buf: for a table said again,
 * whose channel may have missed it. false when there is none to tell (no move yet, a forfeit
 * since, a private game's person's own move, a record not kept or cut short). */
bool record_last_move(const table_t *tb, const render_opts *r, char *buf, size_t cap);
/* The language tb spoke at its end (tables_lang_of its channel or private key, as the end's
 * lines were written) into rec->language: its web page is written in it. */
void record_language(const tables *t, const table_t *tb, game_record *rec);
/* !last: the channel's last recorded game in one line. */
void info_last(tables *t, const char *channel, outbox *o);

/* ---- tables_hint.c: `hint` on one's turn ---- */

/* `hint` from seat s: worked out (hint_next_job), said again if given here, or told why not. */
void hint_request(const tables *t, table_t *tb, int s, outbox *o);
/* A hint to compute now: fills job (the asking seat's view, hard's parameters). */
bool hint_next_job(tables *t, table_t *tb, tables_ai_job *job);
/* The hard player's move for the hint job: the hint and its reason to its person, counted. */
void hint_result(tables *t, const tables_ai_job *job, durak_action a, outbox *o);
/* 0 (due at once) while a hint waits for the worker, else -1: the loop's timer then starts it. */
double hint_deadline(const table_t *tb);
/* "alice 2, bob 1": who took hints this game; "" when nobody did. */
void hint_counts(const table_t *tb, char *buf, size_t cap);

/* ---- tables_turn.c: the turn timer armed, the private turn line ---- */

/* A new decision: its timer (game.turn_timeout, or game.throwin_timeout when it may be passed),
 * and a new version (stale computer decisions are dropped). */
void turn_arm(const tables *t, table_t *tb, double now);
/* The actor is away in a netsplit: their timer stands still with what is left on it, until
 * turn_resume (they are back) or turn_arm (the turn passed on). */
void turn_pause(table_t *tb, double now);
void turn_resume(table_t *tb, double now);
/* "Your turn in #durak: beat 9♠ or take — beat 9♠ 7♠ | take · hand: …" to a human actor, or for a
 * decision that may be passed "In #durak you may throw in: play 9♦ or pass · hand: …"; in a
 * private game after what happened since their last line (tb->news). */
void turn_tell(const tables *t, table_t *tb, outbox *o);
/* Seat s's hand again (a rejoin, a restore): on their turn the turn line, which shows it, else
 * the hand line; never both, as they once came one after the other. */
void turn_tell_hand(const tables *t, table_t *tb, int s, outbox *o);
/* The same, unless the actor was asked this very question already (the same table, hand and
 * decision): a decision is asked once. */
void turn_ask(const tables *t, table_t *tb, outbox *o);
/* A private game: text (a move's events) is said with its person's next line; bout: a bout
 * ended (the status goes with it); trump: text names the trump card (the status leaves it out). */
void turn_news_add(table_t *tb, const char *text, bool bout, bool trump);
/* A private game's news said now as a line of its own (nothing when there is none). */
void turn_news_flush(const tables *t, table_t *tb, outbox *o);
/* The actor's legal moves in the order of the hand as shown (take and pass last). */
int turn_moves(const durak_game *g, durak_action *a);
/* The bot's move for a player who timed out on a decision they must make. */
durak_action turn_timeout_action(const durak_game *g);

/* ---- tables_end.c: the result, the last line ---- */

/* The game is over: its result queued for the stats and the last line said. */
void end_announce(tables *t, table_t *tb, outbox *o);
/* The person of seat s leaves a private game (stop, time-outs: timed_out, gone): it ends at once,
 * rated as their forfeit, or, if they were out already, with their place. */
void end_abandon(tables *t, table_t *tb, int s, bool timed_out, double now, outbox *o);
/* The game's seats and options, kept for !again once the table is gone (and saved under
 * end_last_key, tables_snapshot.c). */
void end_remember(tables *t, const table_t *tb);
/* The running game ends with no result (a !stop, a vote, everyone gone: `why`, for the log): its
 * deal revealed, its seats kept for !again, the table closed. */
void end_no_result(tables *t, table_t *tb, const char *why, outbox *o);
/* The operator's log line of a game that ends with no result, and why. */
void end_log_no_result(const table_t *tb, const char *why);
/* The seats and options of channel's last finished game (for !again), or NULL. */
last_game *end_last_game(tables *t, const char *channel);
/* nick left channel's last game's channel (here NULL; channel NULL: every channel, a QUIT), or
 * `here` came back under it: a rematch seats only those who are there. Whoever holds the nick
 * from another address or account is someone else (after a restart, all are gone until seen). */
void end_last_seen(tables *t, const char *channel, const char *nick, const tables_who *here);
/* A present person of a last game renamed from old_nick: their seat follows, as a table's does. */
void end_last_renamed(tables *t, const char *old_nick, const char *new_nick);
/* The seat of a channel's last game whose person is here under nick (renames followed), or NULL:
 * their record is the one that game was kept under. */
const seat_t *end_last_seat_of(const tables *t, const char *nick);
/* The key l's line is saved under: TABLES_LAST_KEY and its channel ("~again #durak"). */
void end_last_key(const last_game *l, char *key, size_t cap);

/* ---- tables_play.c: the deal, moves, forfeits ---- */

void play_start(tables *t, table_t *tb, double now, outbox *o);
/* R18: a seat leaves the running game (or a computer player takes it over). */
void play_forfeit(tables *t, table_t *tb, int s, msg_id why, double now, outbox *o);
/* A stop vote of more than half the people still playing: the game ends unrated (true). */
bool play_stop_if_agreed(tables *t, table_t *tb, outbox *o);
void play_move(tables *t, table_t *tb, durak_action a, bool timed_out, double now, outbox *o);
/* a applied and told; own: the mover typed it whole, so a private game does not say it back. */
void play_apply(tables *t, table_t *tb, durak_action a, bool timed_out, bool own, double now,
                outbox *o);

/* ---- tables_typed.c: a move typed by private message ---- */

/* A move typed by seat s (a player of a running game): checked, made, or refused with why. */
void play_typed_move(tables *t, table_t *tb, int s, const parsed_cmd *p, double now, outbox *o);
/* A move word the parser refused (parsed_cmd.move), typed by seat s: on its turn the one move of
 * its kind made, or said again with the position's moves, or why none of its kind is possible;
 * else whose turn it is; false (nothing said) when the parser's own sentence stands. */
bool play_mistyped(tables *t, table_t *tb, int s, const parsed_cmd *p, double now, outbox *o);
/* `moves`: seat s's legal moves, or whose turn it is. */
void play_list_moves(const tables *t, const table_t *tb, int s, outbox *o);

/* ==== 4. the commands ==== */

/* ---- tables_info.c: !table, !rules, !help, !stats, !top ---- */

void info_table(tables *t, table_t *tb, outbox *o);
/* The rules of the table's game (or of a new one) to `to`: a channel, or a person. */
void info_rules(tables *t, const char *to, const table_t *tb, outbox *o);
/* !help [topic] in `channel` (one line there; a topic privately), or help [topic] in private
 * (channel NULL): two lines at most. */
void info_help(tables *t, const tables_who *w, const char *channel, const char *topic, outbox *o);
/* One player's stats to `to` (the channel, or the person asking). */
void info_stats(tables *t, const tables_who *w, const char *to, const char *nick, outbox *o);
/* The best n people, computer players (which "bots") or people in private games ("solo"), to
 * `to`. */
void info_top(tables *t, const char *to, int n, const char *which, outbox *o);

/* ---- tables_set.c ---- */

/* set [notice|privmsg|colours on|off|turn on|off|site on|off|language xx]: shows or changes the
 * person's settings. */
void prefs_command(tables *t, const tables_who *w, const char *arg, outbox *o);

/* ---- tables_watch.c: spectators ---- */

void watch_command(tables *t, const tables_who *w, table_t *tb, bool on, outbox *o);
/* unwatch by private message: w stops watching every game they watch (one who left the channel
 * reads its lines privately, and may not be let back in to type it there). */
void watch_stop_all(tables *t, const tables_who *w, outbox *o);
/* nick left channel (its copies follow them), or quit (channel NULL: no longer a spectator). */
void watch_gone(tables *t, const char *nick, const char *channel);
/* nick (re)joined channel: a spectator there reads its lines in it again. */
void watch_back(tables *t, const char *nick, const char *channel);
void watch_renamed(tables *t, const char *old_nick, const char *new_nick);
/* nick took a seat at tb: a player, no longer its spectator. */
void watch_seated(tables *t, table_t *tb, const char *nick);

/* ---- tables_lobby.c: open, join, leave, bots, start, stop, again ---- */

void lobby_open(tables *t, const tables_who *w, const char *channel, const parsed_cmd *p,
                double now, outbox *o);
/* What tb's lobby waits for, said after its seats: who can start it, or what it lacks first (a
 * second player; 4 or 6 for teams, R19), in its channel's language, into buf. */
const char *lobby_next(const tables *t, const table_t *tb, char *buf, size_t cap);
/* tb's lobby seats, in its channel's language; with teams, once 4 or 6 sit, the teams a deal now
 * would make (R19: "alice, bob, carol, dave; teams alice+carol vs bob+dave"). */
void lobby_seats(const tables *t, const table_t *tb, char *buf, size_t cap);
/* !join: a seat in tb's lobby; in a rematch lobby, a seat's own !join is its !again. */
void lobby_join(tables *t, const tables_who *w, table_t *tb, double now, outbox *o);
/* !leave: the person's seat is freed; a running game forfeits. */
void lobby_leave(tables *t, const tables_who *w, table_t *tb, double now, outbox *o);
/* Seat s leaves (its person typed !leave or left the channel). */
void lobby_unseat(tables *t, table_t *tb, int s, double now, outbox *o);
void lobby_start(tables *t, const tables_who *w, table_t *tb, double now, outbox *o);
/* !stop: a lobby ends, a running game ends by an admin or by its players' vote. */
void lobby_stop(tables *t, const tables_who *w, table_t *tb, double now, outbox *o);
void lobby_bot(tables *t, const tables_who *w, table_t *tb, const parsed_cmd *p, outbox *o);
/* !again: a rematch with the last game's seats, or agreeing to the one open. */
void lobby_again(tables *t, const tables_who *w, const char *channel, double now, outbox *o);
/* "You already sit at the game in #x" (or "you already have a private game") to nick. */
/* One seat a person: w's services account already sits somewhere under another nick. Told how
 * it sits, and true; a second seat would split one person's hands, and the store refuses a game
 * with one key twice (its whole result lost). */
bool lobby_refuse_account(tables *t, const tables_who *w, outbox *o);
void lobby_tell_seated(const tables *t, const table_t *other, const char *nick, outbox *o);

/* ---- tables_solo.c: private games against computer players ---- */

/* play [classic|transfer] [easy|normal|hard] [N] by private message. */
void solo_play(tables *t, const tables_who *w, const parsed_cmd *p, double now, outbox *o);
/* stop by private message: the person's private game ends (their forfeit). */
void solo_stop(tables *t, const tables_who *w, double now, outbox *o);
/* w was seen (a private message, a join): a private game of theirs held since a restart or a
 * quit is theirs again, and they hear where it stands. */
void solo_seen(tables *t, const tables_who *w, double now, outbox *o);

/* ==== 5. the entry points: tables.h's events (tables_cmd, tables_presence, tables_tick) ==== */

#endif
