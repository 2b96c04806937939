/* tables_lobby.c — a channel's lobby: !durak opens it, !join and !leave, !bot seats computer
 * players, !start deals, !stop ends; and the channel commands' dispatch. */
#include <stdio.h>
#include <string.h>

#include "tables_internal.h"

void lobby_seat(table_t *tb, const tables_who *w)
{
    tables_touch(tb);
    seat_t *s = &tb->seat[tb->nseats++];
    memset(s, 0, sizeof *s);
    snprintf(s->nick, sizeof s->nick, "%s", w->nick);
    snprintf(s->user, sizeof s->user, "%s", w->user);
    snprintf(s->host, sizeof s->host, "%s", w->host);
    snprintf(s->account, sizeof s->account, "%s", w->account ? w->account : "");
    s->ai = -1;
}

void lobby_ai_name(const table_t *tb, ai_level level, char *name, size_t cap)
{
    char word[16];
    snprintf(word, sizeof word, "%s", ai_level_name(level));
    word[0] = (char)(word[0] - 'a' + 'A');
    int same = 0;
    for (int s = 0; s < tb->nseats; s++)
        same += tb->seat[s].ai == (int)level;
    if (same)
        snprintf(name, cap, "%s%d[bot]", word, same + 1);
    else
        snprintf(name, cap, "%s[bot]", word);
}

void lobby_seat_ai(table_t *tb, ai_level level)
{
    char name[NICK_MAX];
    lobby_ai_name(tb, level, name, sizeof name);
    tables_who w = { name, "", "", "" };
    lobby_seat(tb, &w);
    tb->seat[tb->nseats - 1].ai = (int)level;
}

/* Frees a lobby seat; a leaving creator hands over to the first person seated. */
static void unseat(table_t *tb, int s)
{
    tables_touch(tb);
    memmove(&tb->seat[s], &tb->seat[s + 1], sizeof tb->seat[0] * (size_t)(tb->nseats - s - 1));
    tb->nseats--;
    if (tb->creator > s)
        tb->creator--;
    else if (tb->creator == s)
        for (tb->creator = 0; tb->creator < tb->nseats - 1 && tables_is_ai(tb, tb->creator);)
            tb->creator++;
}

static void seat_list(const table_t *tb, char *buf, size_t cap)
{
    render_seats names = tables_names(tb);
    render_seat_list(&names, buf, cap);
}

void lobby_tell_seated(const tables *t, const table_t *other, const char *nick, outbox *o)
{
    char opts[128];
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

void lobby_open(tables *t, const tables_who *w, const char *channel, const parsed_cmd *p,
                double now, outbox *o)
{
    int s;
    table_t *tb = tables_find(t, channel), *other = tables_of_nick(t, w->nick, &s);
    if (tb && other == tb && !tables_refuse_stranger(t, tb, s, w, o))
        lobby_tell_seated(t, tb, w->nick, o); /* seated at it: what it is, how to change it */
    else if (tb && other != tb)
        tables_notice(o, w->nick, tb->playing ? MSG_GAME_RUNNING : MSG_LOBBY_EXISTS, channel,
                      tables_prefix(t));
    if (tb)
        return;
    if (other && !tables_refuse_stranger(t, other, s, w, o))
        lobby_tell_seated(t, other, w->nick, o);
    if (other)
        return;
    if (!(tb = tables_open(t, channel)))
        return;
    tb->opt = durak_default_options();
    tb->opt.variant = (uint8_t)(p->variant >= 0 ? p->variant : t->cfg.game.variant);
    tb->opt.throwin = (uint8_t)(p->throwin >= 0 ? p->throwin : t->cfg.game.throwin);
    tb->opt.first5 = (uint8_t)(p->first5 >= 0 ? p->first5 : t->cfg.game.first5);
    tb->opt.teams = p->teams > 0; /* R19 */
    tb->lobby_deadline = now + t->cfg.game.lobby_timeout;
    lobby_seat(tb, w);
    char opts[128];
    render_opts r = tables_ropts_to(t, channel);
    render_options(&r, &tb->opt, opts, sizeof opts);
    tables_say(o, channel, MSG_LOBBY_OPEN, w->nick, opts, tables_prefix(t), w->nick,
               tables_prefix(t));
}

void lobby_join(tables *t, const tables_who *w, table_t *tb, outbox *o)
{
    int s;
    table_t *other = tables_of_nick(t, w->nick, &s);
    if (other && !tables_refuse_stranger(t, other, s, w, o)) {
        if (other == tb)
            tables_notice(o, w->nick, MSG_ALREADY_HERE, other->channel, tables_prefix(t));
        else
            lobby_tell_seated(t, other, w->nick, o);
    }
    if (other)
        return;
    if (tb->playing) {
        tables_notice(o, w->nick, MSG_GAME_RUNNING, tb->channel, tables_prefix(t));
        return;
    }
    if (tb->nseats == DURAK_MAX_PLAYERS) {
        tables_notice(o, w->nick, MSG_LOBBY_FULL, tb->channel);
        return;
    }
    lobby_seat(tb, w);
    char seats[512];
    seat_list(tb, seats, sizeof seats);
    tables_say(o, tb->channel, MSG_LOBBY_JOINED, w->nick, seats, tb->nseats,
               tb->seat[tb->creator].nick, tables_prefix(t));
}

void lobby_leave(tables *t, const tables_who *w, table_t *tb, double now, outbox *o)
{
    int s = tables_seat_of(t, tb, w->nick);
    if (s < 0)
        tables_notice(o, w->nick, MSG_NOT_SEATED_HERE, tb->channel, tables_prefix(t));
    else if (!tables_refuse_stranger(t, tb, s, w, o))
        lobby_unseat(t, tb, s, now, o);
}

void lobby_unseat(tables *t, table_t *tb, int s, double now, outbox *o)
{
    char nick[NICK_MAX];
    snprintf(nick, sizeof nick, "%s", tb->seat[s].nick);
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
    char seats[512];
    seat_list(tb, seats, sizeof seats);
    tables_say(o, tb->channel, MSG_LOBBY_LEFT, nick, seats, tb->seat[tb->creator].nick,
               tables_prefix(t));
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

void lobby_start(tables *t, const tables_who *w, table_t *tb, double now, outbox *o)
{
    if (tb->playing) {
        tables_notice(o, w->nick, MSG_GAME_RUNNING, tb->channel, tables_prefix(t));
    } else if (!may_manage(t, tb, w, MSG_ONLY_CREATOR_START, o)) {
        return;
    } else if (tb->nseats < 2) {
        tables_notice(o, w->nick, MSG_NEED_PLAYERS, tables_prefix(t));
    } else {
        play_start(t, tb, now, o);
    }
}

void lobby_stop(tables *t, const tables_who *w, table_t *tb, double now, outbox *o)
{
    if (tb->playing && !tables_is_admin(t, w)) { /* a running game stops when its players agree */
        end_stop_vote(t, w, tb, now, o);
        return;
    }
    if (!may_manage(t, tb, w, MSG_ONLY_CREATOR_STOP, o))
        return;
    tables_say(o, tb->channel, tb->playing ? MSG_GAME_STOPPED : MSG_LOBBY_STOPPED, w->nick);
    if (tb->playing)
        record_reveal(tb, o);
    tables_close(t, tb);
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
    seat_list(tb, seats, sizeof seats);
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
        tables_notice(o, w->nick, MSG_LOBBY_FULL, tb->channel);
    } else {
        lobby_seat_ai(tb, p->bot_level >= 0 ? (ai_level)p->bot_level : AI_NORMAL);
        seat_list(tb, seats, sizeof seats);
        tables_say(o, tb->channel, MSG_BOT_ADDED, tb->seat[tb->nseats - 1].nick, seats, tb->nseats,
                   tb->seat[tb->creator].nick, tables_prefix(t));
    }
}

/* Commands that need no table in the channel; true when `p` was one of them. */
static bool any_table_command(tables *t, const tables_who *w, const char *channel,
                              const parsed_cmd *p, table_t *tb, double now, outbox *o)
{
    switch (p->kind) {
    case PC_ERROR: outbox_add(o, OUT_NOTICE, w->nick, "%s", p->error); return true;
    case PC_DURAK: lobby_open(t, w, channel, p, now, o); return true;
    case PC_AGAIN: end_again(t, w, channel, now, o); return true;
    case PC_HELP: info_help(t, w, channel, p->arg, o); return true;
    case PC_RULES: info_rules(t, channel, tb, o); return true;
    case PC_STATS: info_stats(t, w, channel, p->arg, o); return true;
    case PC_TOP: info_top(t, channel, p->number, p->arg, o); return true;
    case PC_LAST: info_last(t, channel, o); return true;
    default: return false;
    }
}

/* A move typed in the channel by a player of its game: where moves go, and how. */
static void move_in_channel(tables *t, const tables_who *w, const char *channel, const char *text,
                            double now, outbox *o)
{
    parse_opts po = { tables_prefix(t), t->cfg.ui.unicode_suits, false,
                      (int)tables_lang_of(t, w->nick), tables_lang_chosen(t, w->nick) };
    parsed_cmd p;
    table_t *tb = tables_find(t, channel);
    if (!tb || !tb->playing || tables_seat_of(t, tb, w->nick) < 0)
        return;
    parse_private(text, strlen(text), &po, &p);
    char key[NICK_MAX], move[128], c[RENDER_CARD_MAX], x[RENDER_CARD_MAX];
    casemap_fold(t->cm, w->nick, key, sizeof key);
    if (!play_is_move(p.kind) || !ratelimit_allow(&t->rl, key, now))
        return;
    render_opts r = tables_ropts_to(t, channel);
    r.colors = false;
    render_card(&r, p.card, c, sizeof c);
    render_card(&r, p.target, x, sizeof x);
    const char *word = msg_command(r.lang, parse_kind_name(p.kind));
    if (p.kind == PC_CARD)
        snprintf(move, sizeof move, "%s", c);
    else if (p.kind == PC_BEAT && p.target != CARD_NONE)
        snprintf(move, sizeof move, "%s %s %s", word, c, x);
    else if (p.card != CARD_NONE)
        snprintf(move, sizeof move, "%s %s", word, c);
    else
        snprintf(move, sizeof move, "%s", word);
    tables_say(o, channel, MSG_MOVE_IN_CHANNEL, w->nick, t->own_nick, move);
}

void tables_on_channel(tables *t, double now, const tables_who *w, const char *channel,
                       const char *text, outbox *o)
{
    tables_bind_channel(t, o, channel);
    if (casemap_equal(t->cm, w->nick, t->own_nick))
        return;
    parse_opts po = { tables_prefix(t), t->cfg.ui.unicode_suits, false,
                      (int)tables_lang_of(t, w->nick), tables_lang_chosen(t, w->nick) };
    parsed_cmd p;
    parse_channel(text, strlen(text), &po, &p);
    if (p.kind == PC_IGNORED) {
        move_in_channel(t, w, channel, text, now, o);
        return;
    }
    char key[NICK_MAX];
    casemap_fold(t->cm, w->nick, key, sizeof key);
    if (!ratelimit_allow(&t->rl, key, now))
        return;
    table_t *tb = tables_find(t, channel);
    if (any_table_command(t, w, channel, &p, tb, now, o))
        return;
    if (!tb) {
        tables_notice(o, w->nick, MSG_NO_GAME_HERE, channel, tables_prefix(t));
        return;
    }
    switch (p.kind) {
    case PC_JOIN: lobby_join(t, w, tb, o); break;
    case PC_LEAVE: lobby_leave(t, w, tb, now, o); break;
    case PC_START: lobby_start(t, w, tb, now, o); break;
    case PC_STOP: lobby_stop(t, w, tb, now, o); break;
    case PC_BOT: lobby_bot(t, w, tb, &p, o); break;
    case PC_TABLE: info_table(t, tb, o); break;
    case PC_WATCH: watch_command(t, w, tb, true, o); break;
    case PC_UNWATCH: watch_command(t, w, tb, false, o); break;
    default:
        tables_notice(o, w->nick, MSG_PRIVATE_ONLY, t->own_nick,
                      msg_command(tables_lang_of(t, w->nick), parse_kind_name(p.kind)));
        break;
    }
}
