/* tables_snapshot.c — a channel's table as one text line and back (persistence): seats,
 * options, the engine's line and seconds left on each timer; and handing changes over. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tables_internal.h"

/* "T5 playing p,v,t,f,d[,1][/ll] creator nseats lobby_left turn_left warned" then per seat
 * " =nick =user =host =account absent grace_left timeouts ai =seated", then the spectators
 * " W n" and per spectator " =nick away", then when playing " V votes left" while a !stop vote
 * is under way (the seats that voted, a bit mask, and its seconds left; none in older lines),
 * " R seed salt elapsed truncated moves" (the game's record, record.h; " R -" when it has none)
 * and " G <engine line>" (seated: the nick at the game's start, the stats key). T4 (no
 * spectators), T3 (no record either), T2 (no seated either: it is the nick) and T1 (no account
 * either) are read too. ",1" after the deck: teams (R19); "/ll" last: the language of the words
 * that opened it (table_t.lang).
 * A channel's last finished game, for !again after a restart, has a line of its own under the
 * key TABLES_LAST_KEY channel: "L5" and a lobby's head (timers 0) and seats, nothing after them.
 * A lobby opened by !again ends in " A agreed" (the seats whose person typed it, a bit mask).
 * Times are seconds left when the table was saved, which is when it last changed (or when the
 * bot left its channel, if it is still out): a restart resumes each timer from there, never with
 * less time than it had then. */

static double left(double deadline, double now) { return deadline > now ? deadline - now : 0; }

/* " R seed salt elapsed truncated moves", or " R -". */
static bool write_record(const table_t *tb, double at, char *buf, size_t cap, size_t *len)
{
    const game_record *r = &tb->rec;
    if (!r->known) {
        render_appendf(buf, cap, len, " R -");
        return true;
    }
    render_appendf(buf, cap, len, " R %" PRIu64 " %s %.3f %d ", r->seed, r->salt,
                   at > tb->rec_start ? at - tb->rec_start : 0.0, r->truncated);
    if (*len + 1 >= cap || !record_format_moves(r, buf + *len, cap - *len))
        return false;
    *len += strlen(buf + *len);
    return true;
}

/* What the head and the seats are written from: a table's, or a last game's (no timers, and
 * seats neither absent nor in their grace: who is here is learnt again after a restart). */
typedef struct {
    const char *tag; /* "T5", "L5" */
    const durak_options *opt;
    int lang, creator, nseats;
    const seat_t *seat;
    bool playing, warned, here;
    double lobby_left, turn_left;
} snap_head;

/* The head ("T5" or "L5" and the rest) and the seats; timers as seconds left at `at`. */
static void write_seats(const snap_head *h, double at, char *buf, size_t cap, size_t *len)
{
    const durak_options *o = h->opt;
    render_appendf(buf, cap, len, "%s %d %d,%d,%d,%d,%d%s%s%s %d %d %.3f %.3f %d", h->tag,
                   h->playing, o->players, o->variant, o->throwin, o->first5, o->deck,
                   o->teams ? ",1" : "", h->lang >= 0 ? "/" : "",
                   h->lang >= 0 ? msg_lang_code((msg_lang)h->lang) : "", h->creator, h->nseats,
                   h->lobby_left, h->turn_left, h->warned);
    for (int s = 0; s < h->nseats; s++) {
        const seat_t *st = &h->seat[s];
        render_appendf(buf, cap, len, " =%s =%s =%s =%s %d %.3f %d %d =%s", st->nick, st->user,
                       st->host, st->account, h->here ? 0 : st->absent,
                       h->here ? 0 : left(st->grace_deadline, at), st->timeouts, st->ai,
                       st->seated);
    }
}

/* The last game's line: its seats and options as a lobby's, no timers. */
static bool last_snapshot(const last_game *l, char *buf, size_t cap)
{
    snap_head h = { .tag = "L5",
                    .opt = &l->opt,
                    .lang = l->lang,
                    .creator = l->creator,
                    .nseats = l->nseats,
                    .seat = l->seat,
                    .here = true };
    size_t len = 0;
    buf[0] = '\0';
    write_seats(&h, 0, buf, cap, &len);
    return len + 1 < cap;
}

bool tables_snapshot(const tables *t, const char *channel, double now, char *buf, size_t cap)
{
    const table_t *tb = tables_find((tables *)t, channel);
    if (!tb)
        return false;
    /* the timers stand still while the bot is away, or out of this channel (kicked, banned,
     * muted): seconds left are counted to then, not to a save made while it waits */
    double at = t->paused ? t->paused_at : now;
    if (tb->bot_out_at > 0 && tb->bot_out_at < at)
        at = tb->bot_out_at;
    snap_head h = { .tag = "T5",
                    .opt = &tb->opt,
                    .lang = tb->lang,
                    .creator = tb->creator,
                    .nseats = tb->nseats,
                    .seat = tb->seat,
                    .playing = tb->playing,
                    .warned = tb->warned,
                    .lobby_left = left(tb->lobby_deadline, at),
                    .turn_left = tb->turn_paused ? tb->turn_left : left(tb->turn_deadline, at) };
    size_t len = 0;
    buf[0] = '\0';
    write_seats(&h, at, buf, cap, &len);
    render_appendf(buf, cap, &len, " W %d", tb->nwatchers);
    for (int i = 0; i < tb->nwatchers; i++)
        render_appendf(buf, cap, &len, " =%s %d", tb->watcher[i], tb->watcher_away[i]);
    if (!tb->playing && tb->rematch)
        render_appendf(buf, cap, &len, " A %d", tb->agreed);
    if (tb->playing) {
        char game[DURAK_SERIAL_MAX];
        if (tb->stop_votes)
            render_appendf(buf, cap, &len, " V %d %.3f", tb->stop_votes,
                           left(tb->stop_deadline, at));
        if (durak_serialize(&tb->g, game, sizeof game) < 0 || !write_record(tb, at, buf, cap, &len))
            return false;
        render_appendf(buf, cap, &len, " G %s", game);
    }
    return len + 1 < cap;
}

/* Next space-separated token of *p (NUL-terminates it in place), or NULL. */
static char *token(char **p)
{
    while (**p == ' ')
        (*p)++;
    if (!**p)
        return NULL;
    char *start = *p;
    while (**p && **p != ' ')
        (*p)++;
    if (**p)
        *(*p)++ = '\0';
    return start;
}

/* The limits a restored table must keep (config.c's ranges for the timers). */
#define SNAP_LOBBY_MAX 86400.0                      /* game.lobby_timeout */
#define SNAP_TURN_MAX (3600.0 + TABLES_BACKLOG_MAX) /* game.turn_timeout, after the send queue */
#define SNAP_GRACE_MAX 3600.0                       /* game.rejoin_grace */
#define SNAP_TIMEOUTS_MAX 10                        /* game.max_timeouts */
#define SNAP_STOP_MAX 30.0                          /* a !stop vote (tables_lobby.c) */

/* A whole token as an int in lo..hi (no sign games, no trailing junk). */
static bool read_int(const char *tok, int lo, int hi, int *out)
{
    char *end;
    errno = 0;
    long v = tok ? strtol(tok, &end, 10) : 0;
    if (!tok || !*tok || *end || errno || v < lo || v > hi)
        return false;
    *out = (int)v;
    return true;
}

/* Seconds left on a timer, as written ("%.3f": digits and a point only, so no nan, inf, sign,
 * exponent or hex): a finite number in 0..max. */
static bool read_seconds(const char *tok, double max, double *out)
{
    char *end;
    if (!tok || !*tok || tok[strspn(tok, "0123456789.")] != '\0')
        return false;
    double v = strtod(tok, &end);
    if (*end || !isfinite(v) || v < 0 || v > max)
        return false;
    *out = v;
    return true;
}

/* A "=text" token: no control characters (they would reach IRC lines), shorter than cap. */
static bool read_string(char **p, char *out, size_t cap)
{
    char *tok = token(p);
    if (!tok || tok[0] != '=' || strlen(tok + 1) >= cap)
        return false;
    for (const char *c = tok + 1; *c; c++)
        if ((unsigned char)*c < ' ' || *c == 0x7f)
            return false;
    memcpy(out, tok + 1, strlen(tok + 1) + 1);
    return true;
}

static const char *read_seat(char **p, seat_t *st, double now, int version)
{
    int absent;
    double grace;
    if (!read_string(p, st->nick, sizeof st->nick) || !st->nick[0])
        return "a seat's nick is missing, too long or holds control characters";
    if (!read_string(p, st->user, sizeof st->user) || !read_string(p, st->host, sizeof st->host))
        return "a seat's user or host is missing, too long or holds control characters";
    if (version >= 2 && !read_string(p, st->account, sizeof st->account))
        return "a seat's account is missing, too long or holds control characters";
    char *a = token(p), *g = token(p), *n = token(p), *ai = token(p);
    if (!read_int(a, 0, 1, &absent))
        return "a seat's absent flag is not 0 or 1";
    if (!read_seconds(g, SNAP_GRACE_MAX, &grace))
        return "a seat's rejoin grace is not a number of seconds in 0..3600";
    if (!read_int(n, 0, SNAP_TIMEOUTS_MAX, &st->timeouts))
        return "a seat's time-out count is not in 0..10";
    if (!read_int(ai, -1, AI_PLAYER_LEVELS - 1, &st->ai))
        return "a seat's computer level is not -1..3";
    if (version >= 3 && !read_string(p, st->seated, sizeof st->seated))
        return "a seat's nick at the game's start is missing, too long or holds control characters";
    if (absent && st->ai >= 0)
        return "a computer player is marked absent";
    st->absent = absent != 0;
    st->grace_deadline = now + grace;
    return NULL;
}

/* The head: "T5 playing p,v,t,f,d creator nseats lobby_left turn_left warned" (or T4 .. T1);
 * *version tells which; a last game's "L5" is version 5 and sets *last. */
static const char *read_head(table_t *tb, char **p, double now, int *version, bool *last)
{
    int playing, pl, v, th, f5, deck, warned, n;
    double lobby, turn;
    char *head[8];
    for (int i = 0; i < 8; i++)
        if (!(head[i] = token(p)))
            return "the line is cut short";
    *last = !strcmp(head[0], "L5");
    *version = !strcmp(head[0], "T5") || *last ? 5
               : !strcmp(head[0], "T4")        ? 4
               : !strcmp(head[0], "T3")        ? 3
               : !strcmp(head[0], "T2")        ? 2
                                               : !strcmp(head[0], "T1");
    if (!*version)
        return "it is not a snapshot of version 1 to 5 (T1 .. T5) nor a last game's (L5)";
    if (*last && strcmp(head[1], "0") != 0)
        return "a last game's line is not a lobby's (playing 0)";
    if (!read_int(head[1], 0, 1, &playing))
        return "the playing flag is not 0 or 1";
    char *lang = strchr(head[2], '/'); /* the language, last */
    if (lang)
        *lang++ = '\0';
    tb->lang = lang ? msg_lang_of_code(lang) : -1;
    if (lang && tb->lang < 0)
        return "the language is not one of en, ru, fr, es";
    if (sscanf(head[2], "%d,%d,%d,%d,%d%n", &pl, &v, &th, &f5, &deck, &n) != 5
        || (head[2][n] && strcmp(head[2] + n, ",1")) || pl < 2 || pl > DURAK_MAX_PLAYERS || v < 0
        || v > 1 || th < 0 || th > 1 || f5 < 0 || f5 > 1
        || (deck != 24 && deck != 36 && deck != 52))
        return "the game options are out of range";
    if (!read_int(head[4], 1, DURAK_MAX_PLAYERS, &tb->nseats))
        return "the number of seats is not 1..6";
    if (!read_int(head[3], 0, tb->nseats - 1, &tb->creator))
        return "the creator is not one of the seats";
    if (!read_seconds(head[5], SNAP_LOBBY_MAX, &lobby))
        return "the lobby timer is not a number of seconds in 0..86400";
    if (!read_seconds(head[6], SNAP_TURN_MAX, &turn))
        return "the turn timer is not a number of seconds in 0..3600";
    if (!read_int(head[7], 0, 1, &warned))
        return "the warned flag is not 0 or 1";
    tb->opt = (durak_options){ .players = (uint8_t)pl,
                               .variant = (uint8_t)v,
                               .throwin = (uint8_t)th,
                               .first5 = (uint8_t)f5,
                               .deck = (uint8_t)deck,
                               .teams = head[2][n] != '\0' };
    tb->playing = playing != 0;
    tb->lobby_deadline = now + lobby;
    tb->turn_deadline = now + turn;
    tb->warned = warned != 0;
    return NULL;
}

/* Seats against each other and against the game. */
static const char *check_table(const tables *t, const table_t *tb)
{
    for (int s = 0; s < tb->nseats; s++)
        for (int o = 0; o < s; o++)
            if (casemap_equal(t->cm, tb->seat[s].nick, tb->seat[o].nick))
                return "two seats have the same nick";
    if (tables_is_ai(tb, tb->creator) && !tb->playing)
        return "the creator of the lobby is a computer player";
    if (!tb->playing)
        return NULL;
    const durak_options *a = &tb->opt, *b = &tb->g.opt;
    if (a->players != b->players || a->variant != b->variant || a->throwin != b->throwin
        || a->first5 != b->first5 || a->deck != b->deck || a->teams != b->teams)
        return "the table's options and its game's differ";
    if (b->players != tb->nseats)
        return "the game has another number of players than the table has seats";
    if (durak_over(&tb->g))
        return "the game is over (a finished game is never saved)";
    for (int s = 0; s < tb->nseats; s++)
        if ((tb->stop_votes >> s) & 1 && (tables_is_ai(tb, s) || (tb->g.forfeited >> s) & 1))
            return "a computer player or one who forfeited votes to stop the game";
    return NULL;
}

/* " V votes left" (T5): a !stop vote under way goes on with the time it had left; a line
 * without it (none under way, or saved before votes were) has none. */
static const char *read_stop_vote(table_t *tb, char **p, double now)
{
    int votes;
    double secs;
    while (**p == ' ')
        (*p)++;
    if (strncmp(*p, "V ", 2) != 0)
        return NULL;
    token(p);
    if (!read_int(token(p), 1, (1 << tb->nseats) - 1, &votes)
        || !read_seconds(token(p), SNAP_STOP_MAX, &secs))
        return "the stop vote (V, the seats that voted and its seconds left) is malformed";
    tb->stop_votes = (uint8_t)votes;
    tb->stop_deadline = now + secs;
    return NULL;
}

/* " R seed salt elapsed truncated moves" or " R -" (T4). */
static const char *read_record(table_t *tb, char **p, double now)
{
    game_record *r = &tb->rec;
    char *tag = token(p), *seed = token(p), *salt, *elapsed, *trunc, *moves, *end;
    double secs;
    int truncated;
    if (!tag || strcmp(tag, "R") != 0 || !seed)
        return "a running game has no record (R)";
    if (!strcmp(seed, "-"))
        return NULL;
    salt = token(p), elapsed = token(p), trunc = token(p), moves = token(p);
    errno = 0;
    r->seed = strtoull(seed, &end, 10);
    if (!*seed || *end || errno || seed[0] < '0' || seed[0] > '9')
        return "the record's seed is not a number";
    if (!salt || strlen(salt) != RECORD_SALT_HEX - 1
        || salt[strspn(salt, "0123456789abcdef")] != '\0')
        return "the record's salt is not 32 hex digits";
    if (!read_seconds(elapsed, 4e6, &secs) || !read_int(trunc, 0, 1, &truncated))
        return "the record's time or truncated flag is out of range";
    if (!moves || !record_parse_moves(r, moves))
        return "the record's moves are malformed";
    memcpy(r->salt, salt, RECORD_SALT_HEX);
    r->opt = tb->opt;
    r->known = true;
    r->truncated = truncated != 0;
    tb->rec_start = now - secs;
    return NULL;
}

/* Does the record, replayed from its seed, give exactly the game g? (Not checkable when
 * truncated: then it is only kept.) */
static bool replays_to(const game_record *r, durak_game *g)
{
    durak_game replayed;
    char a[DURAK_SERIAL_MAX], b[DURAK_SERIAL_MAX];
    if (r->truncated)
        return true;
    if (!record_replay(r, &replayed) || durak_serialize(&replayed, a, sizeof a) < 0
        || durak_serialize(g, b, sizeof b) < 0 || strcmp(a, b))
        return false;
    g->opt.r10_old = replayed.opt.r10_old; /* an older version's game goes on as it began */
    return true;
}

/* " W n" and n times " =nick away" (T5): the spectators. One who is seated at the table or listed
 * twice is left out (no such line is written; a spectator is not worth refusing a game for). */
static const char *read_watchers(const tables *t, table_t *tb, char **p)
{
    char *tag = token(p);
    int n;
    if (!tag || strcmp(tag, "W") != 0 || !read_int(token(p), 0, WATCH_MAX, &n))
        return "the spectators (W and their number, 0..16) are missing";
    tb->nwatchers = 0;
    for (int i = 0; i < n; i++) {
        char *nick = tb->watcher[tb->nwatchers];
        int away;
        if (!read_string(p, nick, sizeof tb->watcher[0]) || !nick[0]
            || !read_int(token(p), 0, 1, &away))
            return "a spectator's nick or away flag is missing, too long or malformed";
        bool extra = tables_seat_of(t, tb, nick) >= 0;
        for (int o = 0; o < tb->nwatchers; o++)
            extra |= casemap_equal(t->cm, tb->watcher[o], nick);
        if (!extra)
            tb->watcher_away[tb->nwatchers++] = away != 0;
    }
    return NULL;
}

/* A lobby's end: nothing, or " A agreed" for a rematch (agreed: seats only). */
static bool read_rematch(table_t *tb, char **p)
{
    char *tag = token(p);
    if (!tag)
        return true;
    int agreed;
    if (strcmp(tag, "A") != 0 || !read_int(token(p), 0, (1 << tb->nseats) - 1, &agreed) || token(p))
        return false;
    tb->rematch = true;
    tb->agreed = (uint8_t)agreed;
    return true;
}

static const char *read_snapshot(const tables *t, table_t *tb, char *p, double now, bool *last)
{
    int version = 0;
    const char *why = read_head(tb, &p, now, &version, last);
    for (int s = 0; !why && s < tb->nseats; s++)
        why = read_seat(&p, &tb->seat[s], now, version);
    if (!why && *last) {
        if (token(&p))
            return "there is more after the last seat of a last game";
        /* its creator may have left mid-game, their seat taken by a computer player
         * (game.replace_leavers): the rematch's creator is then its first person */
        for (int s = 0; s < tb->nseats && tables_is_ai(tb, tb->creator); s++)
            if (!tables_is_ai(tb, s))
                tb->creator = s;
        return check_table(t, tb);
    }
    if (!why && version >= 5)
        why = read_watchers(t, tb, &p);
    if (why)
        return why;
    if (!tb->playing)
        return read_rematch(tb, &p)
                   ? check_table(t, tb)
                   : "there is more after the last seat of a lobby than a rematch's A agreed";
    if (version >= 5 && (why = read_stop_vote(tb, &p, now)))
        return why;
    if (version >= 4 && (why = read_record(tb, &p, now)))
        return why;
    char *g = token(&p);
    while (*p == ' ')
        p++;
    if (!g || strcmp(g, "G") != 0)
        return "a running game has no engine state (G)";
    if (!durak_deserialize(&tb->g, p))
        return "the engine refuses the game's state";
    if ((why = check_table(t, tb)))
        return why;
    if (tb->rec.known && !replays_to(&tb->rec, &tb->g))
        return "the game's record does not replay to its state";
    return NULL;
}

/* A last game's line read into tb (a table of its own, in no slot): kept for !again, its people
 * absent until the channel's member list shows them; as saved, so not changed. */
static void restore_last(tables *t, const table_t *tb)
{
    end_remember(t, tb);
    last_game *l = end_last_game(t, tb->channel);
    for (int s = 0; l && s < l->nseats; s++)
        l->seat[s].absent = l->seat[s].ai < 0;
    if (l)
        l->dirty = false;
}

const char *tables_last_key_channel(const char *key)
{
    size_t n = strlen(TABLES_LAST_KEY);
    return strncmp(key, TABLES_LAST_KEY, n) == 0 ? key + n : NULL;
}

bool tables_restore_checked(tables *t, const char *key, const char *snapshot, double now, char *why,
                            size_t cap)
{
    char copy[TABLES_SNAPSHOT_MAX];
    const char *reason = NULL, *last_of = tables_last_key_channel(key);
    const char *channel = last_of ? last_of : key;
    table_t *tb = NULL;
    bool last = false;
    if (!isfinite(now))
        reason = "the clock is not a number";
    else if (last_of && !casemap_is_channel(last_of))
        reason = "a last game's key names no channel";
    else if (!last_of && tables_find(t, channel))
        reason = "the channel already has a table";
    else if (strlen(snapshot) >= sizeof copy)
        reason = "the line is too long";
    else if (last_of && !(tb = calloc(1, sizeof *tb))) /* read aside: it becomes a last_game */
        reason = "out of memory";
    else if (!last_of && !(tb = tables_open(t, channel)))
        reason = "every table is in use";
    if (!reason) {
        snprintf(copy, sizeof copy, "%s", snapshot);
        snprintf(tb->channel, sizeof tb->channel, "%s", channel);
        reason = read_snapshot(t, tb, copy, now, &last);
        if (!reason && last != (last_of != NULL))
            reason = last ? "a last game's line (L5) is saved under a table's key"
                          : "a table's line is saved under a last game's key (" TABLES_LAST_KEY ")";
        if (last_of) {
            if (!reason) /* who is in the channel is known again from its member list (WHO) */
                restore_last(t, tb);
            free(tb);
        } else if (reason) {
            tables_drop(t, tb);
        }
    }
    if (reason) {
        if (why && cap)
            snprintf(why, cap, "%s", reason);
        return false;
    }
    if (last)
        return true;
    tb->restored = true;
    snprintf(tb->rec.channel, sizeof tb->rec.channel, "%s", channel);
    casemap_fold(t->cm, channel, tb->rec.channel_key, sizeof tb->rec.channel_key);
    for (int s = 0; s < tb->nseats; s++)
        tb->seat[s].unconfirmed = tb->playing && !tables_is_ai(tb, s);
    /* a spectator may have left while the bot was down: copies until WHO lists them */
    for (int i = 0; i < tb->nwatchers; i++)
        tb->watcher_away[i] = true;
    if (tb->solo && tb->playing && !tables_is_ai(tb, tb->g.actor))
        turn_pause(tb, now); /* a private game waits for its person to be seen (solo_seen) */
    tb->dirty = false;
    t->paused = true;
    t->paused_at = now;
    return true;
}

bool tables_restore(tables *t, const char *channel, const char *snapshot, double now)
{
    return tables_restore_checked(t, channel, snapshot, now, NULL, 0);
}

void tables_take_changes(tables *t, double now,
                         bool (*cb)(void *ctx, const char *channel, const char *snapshot),
                         void *ctx)
{
    for (int i = 0; i < t->nclosed; i++)
        if (!tables_find(t, t->closed[i]))
            cb(ctx, t->closed[i], NULL);
    t->nclosed = 0;
    bool again = false; /* a last game not taken: looked at next time too */
    for (int i = 0; i < TABLES_MAX && t->last_dirty; i++) { /* not after every event: rarely */
        last_game *l = &t->last[i];
        char key[80], snap[TABLES_SNAPSHOT_MAX];
        if (l->used && l->dirty && last_snapshot(l, snap, sizeof snap)) {
            end_last_key(l, key, sizeof key);
            l->dirty = !cb(ctx, key, snap);
            again |= l->dirty;
        }
    }
    t->last_dirty = again;
    for (int i = 0; i < t->ntab; i++) {
        table_t *tb = &t->tab[i];
        char snap[TABLES_SNAPSHOT_MAX];
        if (tb->used && tb->dirty && tables_snapshot(t, tb->channel, now, snap, sizeof snap))
            tb->dirty = !cb(ctx, tb->channel, snap);
    }
}

void tables_take_games(tables *t,
                       bool (*cb)(void *ctx, const store_result *r, const game_record *rec),
                       void *ctx)
{
    int i = 0;
    for (; i < t->nresults; i++) {
        pending_result *p = &t->results[i];
        for (int s = 0; s < p->r.n; s++) {
            p->r.seat[s].key = p->key[s];
            p->r.seat[s].display = p->display[s];
        }
        if (!cb(ctx, &p->r, p->rec.known ? &p->rec : NULL))
            break; /* it and those after it wait: the ratings take games in the order they ended */
    }
    memmove(t->results, t->results + i, (size_t)(t->nresults - i) * sizeof *t->results);
    t->nresults -= i;
}
