/* tables_presence.c — who is there: nick changes (a computer player's name holds the seat), joins,
 * parts, quits and kicks (a seat held for the rejoin grace), tables after a reconnect, a channel gone. */
#include <stdio.h>
#include <string.h>

#include "tables_internal.h"

/* "bob: beat 7♦ or take · ann is back and plays on.": whose turn it is, first (arg: the nick). */
static void rejoined_line(const tables *t, const table_t *tb, const render_opts *r, const void *arg,
                          char *line, size_t cap)
{
    (void)t;
    render_seats names = tables_names(tb);
    char head[512];
    render_head(r, &names, &tb->g, head, sizeof head);
    snprintf(line, cap, msg_in(r->lang, MSG_REJOINED), head, (const char *)arg);
}

/* "ann left; their seat is held for 60 seconds", and in a team game what it may cost (arg: the
 * nick). */
static void away_line(const tables *t, const table_t *tb, const render_opts *r, const void *arg,
                      char *line, size_t cap)
{
    int grace = t->cfg.game.rejoin_grace;
    snprintf(line, cap,
             msg_in(r->lang, tables_forfeit_loses_team(t, tb) ? MSG_AWAY_TEAM : MSG_AWAY),
             (const char *)arg, grace, msg_plural(r->lang, grace, MSG_WORD_SECONDS_ONE));
}

/* Why a table is said again: restored, resumed, the bot back in, or the server silent for
 * `seconds` (MSG_STALLED). */
typedef struct {
    msg_id id;
    int seconds;
} back_why;

/* "I am back after a restart; the game goes on. <status>" (arg: a back_why). On a private game's
 * person's turn their turn line follows and says what to do: the state alone (as solo_seen
 * does). */
static void back_line(const tables *t, const table_t *tb, const render_opts *r, const void *arg,
                      char *line, size_t cap)
{
    const back_why *why = arg;
    char status[TABLES_LINE_MAX], move[TABLES_LINE_MAX], said[TABLES_LINE_MAX];
    char both[2 * TABLES_LINE_MAX + 2];
    render_seats names = tables_names(tb);
    if (tb->solo && !tables_is_ai(tb, tb->g.actor))
        render_status(r, &names, &tb->g, false, status, sizeof status);
    else
        tables_status_line(t, tb, r, NULL, status, sizeof status);
    const char *shown = status;
    /* the line of the last move may be among those lost (refused, or sent as the link went) */
    if (record_last_move(tb, r, move, sizeof move)) {
        snprintf(said, sizeof said, msg_in(r->lang, MSG_BACK_LAST_MOVE), move);
        snprintf(both, sizeof both, "%s %s", said, status);
        shown = both;
    }
    if (why->id == MSG_STALLED)
        snprintf(line, cap, msg_in(r->lang, MSG_STALLED), why->seconds,
                 msg_plural(r->lang, why->seconds, MSG_WORD_SECONDS_ONE), shown);
    else
        snprintf(line, cap, msg_in(r->lang, why->id), shown);
}

/* "ann is now Ann[bot], a name kept for computer players: …" (arg: the two nicks). */
static void renamed_line(const tables *t, const table_t *tb, const render_opts *r, const void *arg,
                         char *line, size_t cap)
{
    (void)tb;
    const char *const *nicks = arg;
    int grace = t->cfg.game.rejoin_grace;
    snprintf(line, cap, msg_in(r->lang, MSG_AWAY_BOT_NAME), nicks[0], nicks[1], grace,
             msg_plural(r->lang, grace, MSG_WORD_SECONDS_ONE));
}

static bool hold_seat(tables *t, table_t *tb, int s, bool split, double now);

/* A person seated in a channel game takes a computer player's name ("Hard[bot]"): every line
 * would then read them as one. Their seat is held as if they had left, under the nick they sat
 * with, until any other nick of theirs takes it back (or the grace ends, as for a part). */
static void renamed_like_bot(tables *t, table_t *tb, int s, const char *new_nick, double now,
                             outbox *o)
{
    if (!tb->playing) {
        lobby_unseat(t, tb, s, now, o);
        tables_notice(o, new_nick, MSG_NICK_LIKE_BOT);
        return;
    }
    const char *nicks[2] = { tb->seat[s].nick, new_nick };
    if (!hold_seat(t, tb, s, false, now))
        return;
    snprintf(tb->seat[s].renamed, sizeof tb->seat[s].renamed, "%s", new_nick);
    tables_public(t, tb, o, renamed_line, nicks);
}

table_t *tables_held_under_bot_name(tables *t, const char *nick, int *seat)
{
    for (int i = 0; i < t->ntab; i++) {
        table_t *tb = &t->tab[i];
        for (int s = 0; tb->used && tb->playing && s < tb->nseats; s++) {
            const seat_t *st = &tb->seat[s];
            if (st->absent && st->renamed[0] && casemap_equal(t->cm, st->renamed, nick)) {
                *seat = s;
                return tb;
            }
        }
    }
    return NULL;
}

/* old_nick was a computer player's name a seated person took: their new nick, unless it is one
 * too, takes the seat back. */
static void renamed_back(tables *t, double now, const char *old_nick, const char *new_nick,
                         outbox *o)
{
    int s;
    table_t *tb = tables_held_under_bot_name(t, old_nick, &s);
    if (!tb)
        return;
    seat_t *st = &tb->seat[s];
    if (tables_nick_like_bot(new_nick)) {
        snprintf(st->renamed, sizeof st->renamed, "%s", new_nick);
        return;
    }
    st->absent = false;
    st->renamed[0] = '\0';
    snprintf(st->nick, sizeof st->nick, "%s", new_nick);
    if (tb->g.actor == s)
        turn_resume(tb, now);
    tables_touch(tb);
    tables_public(t, tb, o, rejoined_line, st->nick);
    turn_tell_hand(t, tb, s, o);
}

void tables_on_nick(tables *t, double now, const char *old_nick, const char *new_nick, outbox *o)
{
    tables_bind(t, o);
    /* A present seat's nick is its person's: the seat follows. A held seat's person is gone, so
     * whoever holds that nick now is someone else. Stats are keyed by account or by nick and do
     * not follow nick changes (taking a nick and renaming must not move its record). */
    int s;
    table_t *tb = tables_of_nick(t, old_nick, &s);
    watch_renamed(t, old_nick, new_nick);
    end_last_renamed(t, old_nick, new_nick);
    if (!tb || tb->seat[s].absent) {
        renamed_back(t, now, old_nick, new_nick, o);
        return;
    }
    if (!tb->solo && !tables_is_ai(tb, s) && tables_nick_like_bot(new_nick)) {
        renamed_like_bot(t, tb, s, new_nick, now, o);
        return;
    }
    snprintf(tb->seat[s].nick, sizeof tb->seat[s].nick, "%s", new_nick);
    tables_touch(tb);
}

/* The bot joined channel and asks who is in it: until the list ends (tables_on_listed), every
 * person of its table who is there unlisted. */
static void listing_starts(tables *t, const char *channel)
{
    table_t *tb = tables_find(t, channel);
    for (int s = 0; tb && s < tb->nseats; s++)
        tb->seat[s].unlisted = !tables_is_ai(tb, s) && !tb->seat[s].absent;
    for (int i = 0; tb && i < tb->nwatchers; i++)
        tb->watcher_unlisted[i] = !tb->watcher_away[i];
}

/* Every timer of tb later by `shift` seconds: the time nobody could play in. */
static void shift_timers(table_t *tb, double shift)
{
    tb->lobby_deadline += shift;
    tb->turn_deadline += shift;
    tb->stop_deadline += shift; /* nobody could vote meanwhile */
    tb->ai_due += shift;
    for (int s = 0; s < tb->nseats; s++)
        tb->seat[s].grace_deadline += shift;
    tables_touch(tb);
}

void tables_on_bot_out(tables *t, double now, const char *channel)
{
    table_t *tb = tables_find(t, channel);
    if (!tb || tb->solo)
        return;
    tb->bot_muted = false; /* out of it: only its own join brings it back */
    if (tb->bot_out_at > 0)
        return;
    tb->bot_out_at = now;
    tables_touch(tb);
}

void tables_on_bot_muted(tables *t, double now, const char *channel)
{
    table_t *tb = tables_find(t, channel);
    if (!tb || tb->solo || tb->bot_out_at > 0)
        return;
    tables_on_bot_out(t, now, channel);
    tb->bot_muted = true;
}

static void announce_back(tables *t, table_t *tb, back_why why, outbox *o);

/* The bot is in its game's channel again: the game goes on with the time each had, and the
 * channel hears the table again (what it said meanwhile was lost). */
static void bot_back_in(tables *t, table_t *tb, double now, outbox *o)
{
    msg_id why = tb->bot_muted ? MSG_UNMUTED : MSG_BACK_IN;
    shift_timers(tb, now - tb->bot_out_at);
    tb->bot_out_at = 0;
    tb->bot_muted = false;
    announce_back(t, tb, (back_why){ why, 0 }, o);
}

void tables_on_modes(tables *t, double now, const char *channel, outbox *o)
{
    tables_bind(t, o);
    table_t *tb = tables_find(t, channel);
    if (tb && tb->bot_muted && tb->bot_out_at > 0) /* +v, -m, -b: said again, to try */
        bot_back_in(t, tb, now, o);
}

/* A lobby seat held since the member list missed its person (tables_on_listed): theirs again,
 * and they hear what they missed. */
static void lobby_back(tables *t, table_t *tb, const tables_who *w, outbox *o)
{
    for (int s = 0; s < tb->nseats; s++) {
        seat_t *st = &tb->seat[s];
        if (!st->absent || !casemap_equal(t->cm, st->nick, w->nick)
            || !tables_same_person(t, st, w))
            continue;
        st->absent = false;
        tables_touch(tb);
        char seats[512], next[TABLES_LINE_MAX];
        lobby_seats(t, tb, seats, sizeof seats);
        tables_notice(o, w->nick, MSG_LOBBY_SEAT_KEPT, tb->channel, seats,
                      lobby_next(t, tb, next, sizeof next));
        return;
    }
}

void tables_on_join(tables *t, double now, const tables_who *w, const char *channel, outbox *o)
{
    tables_bind(t, o);
    if (casemap_equal(t->cm, w->nick, t->own_nick)) {
        table_t *mine = tables_find(t, channel);
        listing_starts(t, channel);
        if (mine && mine->bot_out_at > 0)
            bot_back_in(t, mine, now, o);
        return;
    }
    table_t *tb = tables_find(t, channel);
    for (int s = 0; tb && s < tb->nseats; s++) /* in the member list, or joining: here */
        if (casemap_equal(t->cm, tb->seat[s].nick, w->nick)
            && tables_same_person(t, &tb->seat[s], w))
            tb->seat[s].unlisted = false;
    solo_seen(t, w, now, o); /* a private game follows its person wherever they show up */
    watch_back(t, w->nick, channel);
    end_last_seen(t, channel, w->nick, w);
    if (tb && !tb->playing)
        lobby_back(t, tb, w, o);
    if (!tb || !tb->playing)
        return;
    for (int s = 0; s < tb->nseats; s++) {
        seat_t *st = &tb->seat[s];
        if (!durak_in_game(&tb->g, s)) /* out, or forfeited while away: nothing to play on */
            continue;
        if (st->unconfirmed && !st->absent && tables_same_person(t, st, w)
            && casemap_equal(t->cm, st->nick, w->nick)) {
            st->unconfirmed = false; /* seen again after a restart: the hand is theirs */
            turn_tell_hand(t, tb, s, o);
            return;
        }
        if (!st->absent && !st->unconfirmed && !w->listed && tables_same_person(t, st, w)
            && casemap_equal(t->cm, st->nick, w->nick)) {
            /* a player the bot thought present joins: they left unseen (a server restart, a
             * split the bot was not told of), and what went to them meanwhile may be lost */
            turn_tell_hand(t, tb, s, o);
            return;
        }
        if (!st->absent || !tables_same_person(t, st, w))
            continue;
        /* that nick sits elsewhere: one game at a time. tables_of_nick gives a present seat
         * first, so it is another table's if its person sat down there under another nick */
        int other;
        const table_t *sits = tables_of_nick(t, w->nick, &other);
        if (sits && (!casemap_equal(t->cm, st->nick, w->nick) || !sits->seat[other].absent))
            continue;
        st->absent = st->unconfirmed = st->split = false;
        st->renamed[0] = '\0';
        if (tb->g.actor == s)
            turn_resume(tb, now);
        tables_touch(tb);
        snprintf(st->nick, sizeof st->nick, "%s", w->nick);
        tables_public(t, tb, o, rejoined_line, st->nick);
        turn_tell_hand(t, tb, s, o);
        return;
    }
}

/* One host name of a netsplit's QUIT reason: labels of letters, digits, '-' (or "*", as servers
 * that hide their names say "*.net *.split"), at least two; [start, end). */
static bool split_host(const char *start, const char *end)
{
    int labels = 0;
    for (const char *p = start; p <= end; p++) {
        const char *label = p;
        while (p < end && *p != '.')
            p++;
        size_t n = (size_t)(p - label);
        if (n == 1 && *label == '*') {
            labels++;
            continue;
        }
        if (n == 0 || n > 63 || label[0] == '-' || label[n - 1] == '-')
            return false;
        for (const char *c = label; c < p; c++)
            if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9')
                  || *c == '-'))
                return false;
        labels++;
    }
    return labels >= 2;
}

bool tables_netsplit_reason(const char *reason)
{
    const char *space = reason ? strchr(reason, ' ') : NULL;
    return space && split_host(reason, space) && split_host(space + 1, space + strlen(space));
}

/* A game seat held for its person (absent, the grace running; in a netsplit (split) their turn
 * timer also stands still while they are away). True if it was not held before. */
static bool hold_seat(tables *t, table_t *tb, int s, bool split, double now)
{
    if (!durak_in_game(&tb->g, s) || tb->seat[s].absent)
        return false;
    tables_touch(tb);
    tb->seat[s].absent = true;
    tb->seat[s].split = split;
    tb->seat[s].renamed[0] = '\0';
    if (split && tb->g.actor == s)
        turn_pause(tb, now);
    tb->seat[s].grace_deadline = now + t->cfg.game.rejoin_grace;
    return true;
}

/* A seated player is gone from the channel: lobby seat freed, game seat held. True if a game
 * seat is held now that was not before. */
static bool player_gone(tables *t, table_t *tb, int s, bool split, double now, outbox *o)
{
    if (!tb->playing) {
        lobby_unseat(t, tb, s, now, o);
        return false;
    }
    if (!hold_seat(t, tb, s, split, now))
        return false;
    tables_public(t, tb, o, away_line, tb->seat[s].nick);
    return true;
}

/* A person who took a computer player's name and then left the game's channel (channel) or IRC
 * (NULL): the name may be anyone's next, so it no longer takes the seat back on a nick change
 * (renamed_back); the seat waits for its person under its own nick, as any absent seat. */
static void drop_bot_name(tables *t, const char *nick, const char *channel)
{
    int s;
    table_t *tb = tables_held_under_bot_name(t, nick, &s);
    if (tb && (!channel || casemap_equal(t->cm, tb->channel, channel))) {
        tb->seat[s].renamed[0] = '\0';
        tables_touch(tb);
    }
}

void tables_on_part(tables *t, double now, const char *nick, const char *channel, outbox *o)
{
    tables_bind(t, o);
    if (casemap_equal(t->cm, nick, t->own_nick)) { /* kicked */
        tables_on_bot_out(t, now, channel);
        return;
    }
    table_t *tb = tables_find(t, channel);
    int s = tb ? tables_seat_of(t, tb, nick) : -1;
    drop_bot_name(t, nick, channel);
    watch_gone(t, nick, channel);
    end_last_seen(t, channel, nick, NULL);
    /* told at once, while the nick is surely still theirs: later, it may be someone else's */
    if (s >= 0 && player_gone(t, tb, s, false, now, o) && !tables_is_ai(tb, s)) {
        int grace = t->cfg.game.rejoin_grace;
        tables_notice(
            o, nick, tables_forfeit_loses_team(t, tb) ? MSG_AWAY_TOLD_TEAM : MSG_AWAY_TOLD,
            tb->channel, grace, msg_plural(tables_lang_of(t, nick), grace, MSG_WORD_SECONDS_ONE));
    }
}

void tables_on_quit(tables *t, double now, const char *nick, const char *reason, outbox *o)
{
    tables_bind(t, o);
    int s;
    table_t *tb = tables_of_nick(t, nick, &s);
    drop_bot_name(t, nick, NULL);
    watch_gone(t, nick, NULL);
    end_last_seen(t, NULL, nick, NULL);
    if (tb)
        player_gone(t, tb, s, tables_netsplit_reason(reason), now, o);
}

void tables_on_gone(tables *t, const char *nick) { watch_gone(t, nick, NULL); }

void tables_on_listed(tables *t, double now, const char *channel, outbox *o)
{
    tables_bind(t, o);
    table_t *tb = tables_find(t, channel);
    for (int i = 0; tb && i < tb->nwatchers; i++)
        if (tb->watcher_unlisted[i]) { /* the copies follow them */
            tb->watcher_unlisted[i] = false;
            tb->watcher_away[i] = true;
            tables_touch(tb);
        }
    for (int s = tb ? tb->nseats - 1 : -1; s >= 0; s--) /* from the end: a lobby closes up */
        if (tb->seat[s].unlisted && !tb->playing) {
            /* back after a restart of the bot or the server: they may come back after it, and
             * the lobby is theirs for the rejoin grace (tables_tick.c frees the seat after) */
            tb->seat[s].unlisted = false;
            tb->seat[s].absent = true;
            tb->seat[s].grace_deadline = now + t->cfg.game.rejoin_grace;
            tables_touch(tb);
        } else if (tb->seat[s].unlisted) {
            tb->seat[s].unlisted = false;
            player_gone(t, tb, s, false, now, o);
        }
}

/* After a reconnect (why: MSG_RESUMED), a restart, the bot's return to the channel (MSG_BACK_IN)
 * or the server's silence (MSG_STALLED): the table again, and the turn where lines may have been
 * lost (a silent server delivers them late). After a restart each hand goes out when its person
 * is seen in the channel again (tables_on_join: the WHO after joining), never to whoever holds
 * the nick; a private game's nick is asked to speak, as its person may be in no channel. */
static void announce_back(tables *t, table_t *tb, back_why why, outbox *o)
{
    char seats[512];
    bool restored = tb->restored;
    tb->restored = false;
    if (!tb->playing) {
        if (restored) {
            lobby_seats(t, tb, seats, sizeof seats); /* the teams too, once 4 or 6 sit */
            char next[TABLES_LINE_MAX];
            tables_say(o, tb->channel, MSG_LOBBY_RESTORED, seats, tb->nseats,
                       lobby_next(t, tb, next, sizeof next));
        }
        return;
    }
    if (restored)
        why.id = MSG_RESTORED;
    int s = tb->solo ? tables_solo_seat(tb) : -1;
    if (restored && s >= 0 && tb->seat[s].unconfirmed) /* asked to speak: then it is theirs */
        tables_notice(o, tb->seat[s].nick, MSG_SOLO_RESTORED_ASK);
    tables_public(t, tb, o, back_line, &why);
    if (why.id != MSG_STALLED && (!restored || !tb->seat[tb->g.actor].unconfirmed))
        turn_tell(t, tb, o);
}

/* Every table the bot is in goes on `shift` seconds later, said as `why`. */
static void resume_all(tables *t, double shift, back_why why, outbox *o)
{
    for (int i = 0; i < t->ntab; i++) {
        table_t *tb = &t->tab[i];
        if (!tb->used || tb->bot_out_at > 0) /* its timers and table wait for the bot's join */
            continue;
        shift_timers(tb, shift);
        announce_back(t, tb, why, o);
    }
}

void tables_on_reconnect(tables *t, double now, outbox *o)
{
    tables_bind(t, o);
    if (!t->paused)
        return;
    t->paused = false;
    resume_all(t, now - t->paused_at, (back_why){ MSG_RESUMED, 0 }, o);
}

void tables_on_stall(tables *t, double since, double now, outbox *o)
{
    tables_bind(t, o);
    if (!t->paused)
        resume_all(t, now - since, (back_why){ MSG_STALLED, (int)(now - since + 0.5) }, o);
}

void tables_close_channel(tables *t, const char *channel, outbox *o)
{
    tables_bind(t, o);
    last_game *l = end_last_game(t, channel);
    if (l) { /* no rematch in a channel the bot leaves: its saved line goes */
        char key[80];
        end_last_key(l, key, sizeof key);
        memset(l, 0, sizeof *l);
        tables_saved_line_gone(t, key);
    }
    table_t *tb = tables_find(t, channel);
    if (!tb)
        return;
    tables_say(o, tb->channel, MSG_CHANNEL_DROPPED);
    if (tb->playing) /* no reveal and no rematch here: the bot leaves the channel */
        end_log_no_result(tb, "the channel is no longer in irc.channels");
    tables_close(t, tb);
}
