/* tables_lobby.c — a channel's lobby: !durak opens it, !join and !leave, !bot seats computer
 * players, !start deals, !stop ends it, !again opens a rematch with the last game's seats. */

/* !stop ends a running game too: an admin's, or its players' vote. */
#include <stdio.h>
#include <string.h>

#include "tables_internal.h"

#define STOP_VOTE_SECONDS 30.0 /* tables_snapshot.c keeps a restored vote to it (SNAP_STOP_MAX) */
#define LEAVE_AGAIN 30.0       /* seconds to type !leave again to leave a running team game */

/* Frees a lobby seat; a leaving creator hands over to the first person seated. */
static void unseat(table_t *tb, int s)
{
    tables_touch(tb);
    memmove(&tb->seat[s], &tb->seat[s + 1], sizeof tb->seat[0] * (size_t)(tb->nseats - s - 1));
    tb->nseats--;
    /* a rematch's agreements are by seat: the seats after s move down one, and so do theirs */
    tb->agreed = (uint8_t)((tb->agreed & ((1u << s) - 1)) | ((tb->agreed >> (s + 1)) << s));
    if (tb->creator > s)
        tb->creator--;
    else if (tb->creator == s)
        for (tb->creator = 0; tb->creator < tb->nseats - 1 && tables_is_ai(tb, tb->creator);)
            tb->creator++;
}

void lobby_seats(const tables *t, const table_t *tb, char *buf, size_t cap)
{
    render_seats names = tables_names(tb);
    render_opts r = tables_ropts_to(t, tb->channel);
    durak_game as_now = { .opt = tb->opt }; /* the teams a deal now would make (R19) */
    as_now.opt.players = (uint8_t)tb->nseats;
    as_now.opt.teams = tb->opt.teams && (tb->nseats == 4 || tb->nseats == 6);
    render_team_seats(&r, &names, &as_now, buf, cap);
}

void lobby_tell_seated(const tables *t, const table_t *other, const char *nick, outbox *o)
{
    char opts[RENDER_OPTIONS_MAX];
    render_opts r = tables_ropts_to(t, nick);
    render_options(&r, &other->opt, opts, sizeof opts);
    if (other->solo)
        tables_notice(o, nick, MSG_SOLO_ALREADY, t->own_nick);
    else if (other->playing)
        tables_notice(o, nick, MSG_ALREADY_PLAYING, other->channel, opts, tables_prefix(t));
    else
        tables_notice(o, nick, MSG_ALREADY_SEATED, other->channel, opts, tables_prefix(t),
                      tables_prefix(t));
}

bool lobby_refuse_account(tables *t, const tables_who *w, outbox *o)
{
    int s;
    const table_t *tb = tables_of_account(t, w->account, &s);
    if (tb)
        tables_notice(o, w->nick, MSG_ACCOUNT_SEATED, tables_where(t, tb, w->nick),
                      tb->seat[s].nick);
    return tb != NULL;
}

/* A lobby is open in tb: what game it is (a different one may have been asked for), and how to
 * sit at it. */
static void say_open(const tables *t, const tables_who *w, const table_t *tb, outbox *o)
{
    char opts[RENDER_OPTIONS_MAX];
    render_opts r = tables_ropts_to(t, w->nick);
    render_options(&r, &tb->opt, opts, sizeof opts);
    tables_notice(o, w->nick, MSG_LOBBY_EXISTS, tb->channel, opts, tables_prefix(t));
}

void lobby_open(tables *t, const tables_who *w, const char *channel, const parsed_cmd *p,
                double now, outbox *o)
{
    int s;
    table_t *tb = tables_find(t, channel), *other = tables_of_nick(t, w->nick, &s);
    if (tb && other == tb && !tables_refuse_stranger(t, tb, s, w, o))
        lobby_tell_seated(t, tb, w->nick, o); /* seated at it: what it is, how to change it */
    else if (tb && other != tb && tb->playing)
        tables_notice(o, w->nick, MSG_GAME_RUNNING, channel, tables_prefix(t));
    else if (tb && other != tb)
        say_open(t, w, tb, o);
    if (tb)
        return;
    if (other && !tables_refuse_stranger(t, other, s, w, o))
        lobby_tell_seated(t, other, w->nick, o);
    if (other || lobby_refuse_account(t, w, o))
        return;
    if (!(tb = tables_open(t, channel)))
        return;
    tb->opt = durak_default_options();
    tb->opt.variant = (uint8_t)(p->variant >= 0 ? p->variant : t->cfg.game.variant);
    tb->opt.throwin = (uint8_t)(p->throwin >= 0 ? p->throwin : t->cfg.game.throwin);
    tb->opt.first5 = (uint8_t)(p->first5 >= 0 ? p->first5 : t->cfg.game.first5);
    tb->opt.teams = p->teams > 0; /* R19 */
    /* "!дурак" speaks Russian; "!durak", every language's word, the opener's chosen language */
    tb->lang = p->lang >= 0 ? p->lang : tables_chosen_lang(t, w->nick);
    tb->lobby_deadline = now + t->cfg.game.lobby_timeout;
    tables_add_seat(tb, w);
    char opts[RENDER_OPTIONS_MAX];
    render_opts r = tables_ropts_to(t, channel);
    render_options(&r, &tb->opt, opts, sizeof opts);
    tables_say(o, channel, MSG_LOBBY_OPEN, w->nick, opts, tables_prefix(t), w->nick,
               tables_prefix(t));
}

const char *lobby_next(const tables *t, const table_t *tb, char *buf, size_t cap)
{
    const char *creator = tb->seat[tb->creator].nick, *pre = tables_prefix(t);
    msg_id id = MSG_LOBBY_CAN_START;
    if (tb->opt.teams && tb->nseats != 4 && tb->nseats != 6) /* R19: a team game needs 4 or 6 */
        id = MSG_LOBBY_CAN_START_TEAMS;
    else if (tb->nseats < 2)
        id = MSG_LOBBY_CAN_START_2;
    snprintf(buf, cap, tables_text(t, tb->channel, id), creator, pre, pre);
    return buf;
}

static void agree(tables *t, table_t *tb, int s, bool opened, double now, outbox *o);

void lobby_join(tables *t, const tables_who *w, table_t *tb, double now, outbox *o)
{
    int s;
    table_t *other = tables_of_nick(t, w->nick, &s);
    if (other && !tables_refuse_stranger(t, other, s, w, o)) {
        if (other == tb && tb->rematch && !((tb->agreed >> s) & 1))
            agree(t, tb, s, false, now, o); /* a rematch's seat: !join says yes as !again does */
        else if (other == tb)
            tables_notice(o, w->nick, MSG_ALREADY_HERE, other->channel, tables_prefix(t));
        else
            lobby_tell_seated(t, other, w->nick, o);
    }
    if (other || lobby_refuse_account(t, w, o))
        return;
    if (tb->playing) {
        tables_notice(o, w->nick, MSG_GAME_RUNNING, tb->channel, tables_prefix(t));
        return;
    }
    if (tb->nseats == DURAK_MAX_PLAYERS) {
        tables_notice(o, w->nick, MSG_LOBBY_FULL, tb->channel);
        return;
    }
    tables_add_seat(tb, w);
    watch_seated(t, tb, w->nick);
    char seats[512];
    lobby_seats(t, tb, seats, sizeof seats);
    char next[TABLES_LINE_MAX];
    tables_say(o, tb->channel, MSG_LOBBY_JOINED, w->nick, seats, tb->nseats,
               lobby_next(t, tb, next, sizeof next));
}

void lobby_leave(tables *t, const tables_who *w, table_t *tb, double now, outbox *o)
{
    int s = tables_seat_of(t, tb, w->nick);
    if (s < 0) /* a running game takes no seat: not "!join" */
        tables_notice(o, w->nick, tb->playing ? MSG_NOT_PLAYING_HERE : MSG_NOT_SEATED_HERE,
                      tb->channel, tables_prefix(t));
    else if (tables_refuse_stranger(t, tb, s, w, o))
        return;
    else if (tb->playing && tb->opt.teams && durak_in_game(&tb->g, s)
             && !(tb->seat[s].leave_asked > 0 && now - tb->seat[s].leave_asked <= LEAVE_AGAIN)) {
        /* R19: a forfeit loses the whole game for three others too; a slip is asked about once */
        tb->seat[s].leave_asked = now;
        tables_notice(o, w->nick, MSG_LEAVE_ASK_TEAM, tb->channel, tables_prefix(t),
                      (int)LEAVE_AGAIN);
    } else
        lobby_unseat(t, tb, s, now, o);
}

/* A rematch lobby's people all typed !again. */
static bool all_agreed(const table_t *tb)
{
    for (int s = 0; s < tb->nseats; s++)
        if (!tables_is_ai(tb, s) && !((tb->agreed >> s) & 1))
            return false;
    return true;
}

void lobby_unseat(tables *t, table_t *tb, int s, double now, outbox *o)
{
    char nick[NICK_MAX];
    snprintf(nick, sizeof nick, "%s", tb->seat[s].nick);
    if (tb->playing && !durak_in_game(&tb->g, s)) { /* R14: out already, their place stands */
        tables_notice(o, nick, MSG_LEAVE_OUT, tables_where(t, tb, nick));
        return;
    }
    if (tb->playing) {
        play_forfeit(t, tb, s, MSG_FORFEIT_LEFT, now, o);
        return;
    }
    unseat(tb, s);
    if (!tables_humans(tb)) {
        tables_say(o, tb->channel, MSG_LOBBY_EMPTY, nick);
        tables_close(t, tb);
        return;
    }
    char seats[512], next[TABLES_LINE_MAX] = "";
    lobby_seats(t, tb, seats, sizeof seats);
    bool starts = tb->rematch && tb->nseats >= 2 && all_agreed(tb); /* the one it waited for left */
    tables_say(o, tb->channel, MSG_LOBBY_LEFT, nick, seats,
               starts ? "" : lobby_next(t, tb, next, sizeof next)); /* said before it starts */
    if (starts)
        play_start(t, tb, now, o);
}

/* The creator (the person, not a holder of their nick) or an admin; else a refusal (`only`
 * names the creator) is sent and false returned. */
static bool may_manage(const tables *t, const table_t *tb, const tables_who *w, msg_id only,
                       outbox *o)
{
    const seat_t *c = &tb->seat[tb->creator];
    if (tables_is_admin(t, w)
        || (casemap_equal(t->cm, c->nick, w->nick) && tables_same_person(t, c, w)))
        return true;
    if (casemap_equal(t->cm, c->nick, w->nick))
        tables_notice(o, w->nick, MSG_SEAT_HELD, c->nick, tb->channel);
    else
        tables_notice(o, w->nick, only, c->nick);
    return false;
}

/* A game runs in tb: its own players hear that it is theirs, the others to wait for its end. */
static void say_running(tables *t, const tables_who *w, const table_t *tb, outbox *o)
{
    int s;
    bool mine = tables_of_nick(t, w->nick, &s) == tb;
    tables_notice(o, w->nick, mine ? MSG_GAME_RUNNING_YOURS : MSG_GAME_RUNNING, tb->channel,
                  tables_prefix(t));
}

void lobby_start(tables *t, const tables_who *w, table_t *tb, double now, outbox *o)
{
    if (tb->playing) {
        say_running(t, w, tb, o);
    } else if (!may_manage(t, tb, w, MSG_ONLY_CREATOR_START, o)) {
        return;
    } else if (tb->nseats < 2) {
        tables_notice(o, w->nick, MSG_NEED_PLAYERS, tables_prefix(t));
    } else {
        play_start(t, tb, now, o);
    }
}

/* !stop by the one person left against computer players: as !leave, a forfeit, asked once (a
 * private game's stop is the same); the game ends there, rated (play_forfeit). */
static void stop_alone(tables *t, const tables_who *w, table_t *tb, int s, double now, outbox *o)
{
    seat_t *st = &tb->seat[s];
    if (!(st->leave_asked > 0 && now - st->leave_asked <= LEAVE_AGAIN)) {
        char word[64];
        st->leave_asked = now;
        snprintf(word, sizeof word, "%s%s", tables_prefix(t),
                 msg_command(tables_lang_of(t, w->nick), "stop"));
        tables_notice(o, w->nick, MSG_STOP_ASK_ALONE, word, (int)LEAVE_AGAIN);
        return;
    }
    play_forfeit(t, tb, s, MSG_FORFEIT_LEFT, now, o);
}

/* !stop of a running game by a player: a vote, passed by more than half of the people in. */
static void stop_vote(tables *t, const tables_who *w, table_t *tb, double now, outbox *o)
{
    int s = tables_seat_of(t, tb, w->nick); /* none for one who forfeited */
    if (s < 0) {
        tables_notice(o, w->nick, MSG_STOP_NOT_SEATED, tables_prefix(t));
        return;
    }
    if (tables_refuse_stranger(t, tb, s, w, o))
        return;
    int people = tables_humans(tb);
    if (people == 1) { /* no vote: a forfeit, or it would be the way out of every lost game */
        stop_alone(t, w, tb, s, now, o);
        return;
    }
    if ((tb->stop_votes >> s) & 1) { /* counted already: the channel heard it once */
        tables_notice(o, w->nick, MSG_STOP_VOTED_ALREADY, __builtin_popcount(tb->stop_votes),
                      people);
        return;
    }
    if (!tb->stop_votes)
        tb->stop_deadline = now + STOP_VOTE_SECONDS;
    tb->stop_votes |= (uint8_t)(1u << s);
    tables_touch(tb);
    if (!play_stop_if_agreed(t, tb, o))
        tables_say(o, tb->channel, MSG_STOP_VOTE, w->nick, __builtin_popcount(tb->stop_votes),
                   people, tables_prefix(t));
}

void lobby_stop(tables *t, const tables_who *w, table_t *tb, double now, outbox *o)
{
    if (tb->playing && !tables_is_admin(t, w)) { /* a running game stops when its players agree */
        stop_vote(t, w, tb, now, o);
        return;
    }
    if (!may_manage(t, tb, w, MSG_ONLY_CREATOR_STOP, o))
        return;
    tables_say(o, tb->channel, tb->playing ? MSG_GAME_STOPPED : MSG_LOBBY_STOPPED, w->nick);
    if (!tb->playing) {
        tables_close(t, tb);
        return;
    }
    char why[NICK_MAX + 32];
    snprintf(why, sizeof why, "stopped by %s%s", w->nick,
             tables_is_admin(t, w) ? " (an admin)" : "");
    end_no_result(t, tb, why, o);
}

static void remove_bot(tables *t, const tables_who *w, table_t *tb, outbox *o)
{
    char seats[512], name[NICK_MAX];
    int s = tb->nseats - 1;
    while (s >= 0 && !tables_is_ai(tb, s))
        s--;
    if (s < 0) {
        tables_notice(o, w->nick, MSG_BOT_NONE, tables_prefix(t));
        return;
    }
    snprintf(name, sizeof name, "%s", tb->seat[s].nick);
    unseat(tb, s);
    lobby_seats(t, tb, seats, sizeof seats);
    tables_say(o, tb->channel, MSG_BOT_REMOVED, name, seats, tb->nseats);
}

/* !bot [easy|normal|hard|expert] seats a computer player in the lobby; !bot remove the last one. */
void lobby_bot(tables *t, const tables_who *w, table_t *tb, const parsed_cmd *p, outbox *o)
{
    char seats[512];
    if (tb->playing) {
        tables_notice(o, w->nick, MSG_BOT_LOBBY_ONLY, tables_prefix(t));
    } else if (!may_manage(t, tb, w, MSG_ONLY_CREATOR_BOT, o)) {
        return;
    } else if (p->bot_remove) {
        remove_bot(t, w, tb, o);
    } else if (tb->nseats == DURAK_MAX_PLAYERS) {
        tables_notice(o, w->nick, MSG_BOT_FULL, tables_prefix(t));
    } else {
        tables_add_ai(tb, p->bot_level >= 0 ? (ai_level)p->bot_level : AI_NORMAL);
        lobby_seats(t, tb, seats, sizeof seats);
        char next[TABLES_LINE_MAX];
        tables_say(o, tb->channel, MSG_BOT_ADDED, tb->seat[tb->nseats - 1].nick, seats, tb->nseats,
                   lobby_next(t, tb, next, sizeof next));
    }
}

/* ---- !again: the same seats, computer players included ---- */

static void waiting_list(const table_t *tb, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int s = 0; s < tb->nseats; s++)
        if (!tables_is_ai(tb, s) && !((tb->agreed >> s) & 1))
            render_appendf(buf, cap, &len, "%s%s", len ? ", " : "", tb->seat[s].nick);
}

/* The rematch lobby: the last game's seats whose people are not seated elsewhere now; `elsewhere`
 * (cap bytes) gets the players of l left out as they sit at another game ("masha, olya"; ""). */
static table_t *open_rematch(tables *t, const last_game *l, double now, char *elsewhere, size_t cap)
{
    table_t *tb = tables_open(t, l->channel);
    if (!tb)
        return NULL;
    tb->opt = l->opt;
    tb->lang = l->lang;
    tb->rematch = true;
    tb->lobby_deadline = now + t->cfg.game.lobby_timeout;
    size_t len = 0;
    elsewhere[0] = '\0';
    for (int s = 0; s < l->nseats; s++) {
        int other;
        bool busy = l->seat[s].ai < 0 && tables_of_nick(t, l->seat[s].nick, &other);
        if (busy && !l->seat[s].absent && len < cap)
            len += (size_t)snprintf(elsewhere + len, cap - len, "%s%s", len ? ", " : "",
                                    l->seat[s].nick);
        if (l->seat[s].ai < 0 && (l->seat[s].absent || busy))
            continue; /* gone from the channel since, or seated elsewhere */
        seat_t *st = &tb->seat[tb->nseats++];
        *st = l->seat[s];
        st->absent = st->unconfirmed = st->unlisted = false;
        st->timeouts = 0;
        if (s == l->creator)
            tb->creator = tb->nseats - 1;
    }
    while (tables_is_ai(tb, tb->creator) && tb->creator + 1 < tb->nseats)
        tb->creator++;
    return tb;
}

/* The person's seat in the last game of the channel, or -1. */
static int played_last(const tables *t, const last_game *l, const tables_who *w)
{
    for (int s = 0; l && s < l->nseats; s++)
        if (casemap_equal(t->cm, l->seat[s].nick, w->nick) && tables_same_person(t, &l->seat[s], w))
            return s;
    return -1;
}

/* Seat s typed !again; opened: it opened this lobby. */
static void agree(tables *t, table_t *tb, int s, bool opened, double now, outbox *o)
{
    char waiting[512], seats[512];
    tb->agreed |= (uint8_t)(1u << s);
    tables_touch(tb);
    if (all_agreed(tb) && tb->nseats >= 2) {
        play_start(t, tb, now, o);
        return;
    }
    waiting_list(tb, waiting, sizeof waiting);
    if (!waiting[0] && opened) { /* alone: the others left; others may !join as to any lobby */
        render_opts r = tables_ropts_to(t, tb->channel);
        render_options(&r, &tb->opt, seats, sizeof seats);
        tables_say(o, tb->channel, MSG_LOBBY_OPEN, tb->seat[s].nick, seats, tables_prefix(t),
                   tb->seat[tb->creator].nick, tables_prefix(t));
        return;
    }
    if (!waiting[0]) { /* the last one left in a rematch lobby: it waits for !join or !start */
        info_table(t, tb, o);
        return;
    }
    lobby_seats(t, tb, seats, sizeof seats);
    if (__builtin_popcount(tb->agreed) > 1) {
        tables_say(o, tb->channel, MSG_AGAIN_AGREED, tb->seat[s].nick, waiting);
        return;
    }
    tables_say(o, tb->channel, MSG_AGAIN_OPEN, seats, tables_prefix(t), waiting,
               tb->seat[tb->creator].nick, tables_prefix(t));
    if (tb->opt.teams && tb->nseats != 4 && tb->nseats != 6) /* R19: it would not start as it is */
        tables_say(o, tb->channel, MSG_TEAMS_NEED_4_OR_6, tb->nseats, tables_prefix(t),
                   tables_prefix(t));
}

void lobby_again(tables *t, const tables_who *w, const char *channel, double now, outbox *o)
{
    table_t *tb = tables_find(t, channel);
    if (tb && tb->playing) {
        say_running(t, w, tb, o);
        return;
    }
    if (tb && !tb->rematch) {
        say_open(t, w, tb, o);
        return;
    }
    if (tb) {
        int s = tables_seat_of(t, tb, w->nick);
        if (s < 0)
            tables_notice(o, w->nick, MSG_NOT_SEATED_HERE, channel, tables_prefix(t));
        else if (!tables_refuse_stranger(t, tb, s, w, o))
            agree(t, tb, s, false, now, o);
        return;
    }
    last_game *l = end_last_game(t, channel);
    int other_seat, mine = played_last(t, l, w);
    const table_t *other = tables_of_nick(t, w->nick, &other_seat);
    if (!l || mine < 0 || other) {
        if (!l)
            tables_notice(o, w->nick, MSG_AGAIN_NONE, channel, tables_prefix(t));
        else if (mine < 0) /* not "no finished game": there is one, not theirs */
            tables_notice(o, w->nick, MSG_AGAIN_NOT_PLAYER, channel, tables_prefix(t));
        else
            lobby_tell_seated(t, other, w->nick, o);
        return;
    }
    if (lobby_refuse_account(t, w, o))
        return;
    l->seat[mine].absent = false; /* they speak in the channel, whatever its member list said */
    char elsewhere[DURAK_MAX_PLAYERS * (NICK_MAX + 2)]; /* every nick whole: one cut would spoil */
    if (!(tb = open_rematch(t, l, now, elsewhere, sizeof elsewhere)))
        return;
    agree(t, tb, tables_seat_of(t, tb, w->nick), true, now, o);
    if (elsewhere[0] && tb->used && !tb->playing) /* left out, not forgotten */
        tables_say(o, channel, MSG_AGAIN_ELSEWHERE, elsewhere, tables_prefix(t));
}
