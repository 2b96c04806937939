/* tables_info.c — what the tables tell on request: !table, !rules, !help, !stats, !top.
 * Reads the game and the stats; changes nothing. */
#include <stdio.h>
#include <string.h>

#include "tables_internal.h"

void info_table(tables *t, table_t *tb, outbox *o)
{
    if (!tb->playing) {
        char opts[RENDER_OPTIONS_MAX], seats[512], next[TABLES_LINE_MAX];
        render_opts r = tables_ropts_to(t, tb->channel);
        render_options(&r, &tb->opt, opts, sizeof opts); /* the game it will be */
        lobby_seats(t, tb, seats, sizeof seats);
        tables_say(o, tb->channel, MSG_LOBBY_STATUS, opts, seats, tb->nseats,
                   lobby_next(t, tb, next, sizeof next));
        return;
    }
    tables_say_table(t, tb, o);
}

/* The rules of the game in play, or of a new one: three lines to `to` (the channel where it
 * was asked, or the person), and a fourth for teams of two (R19). */
void info_rules(tables *t, const char *to, const table_t *tb, outbox *o)
{
    durak_options opt = tb ? tb->opt : durak_default_options();
    if (!tb) {
        opt.variant = (uint8_t)t->cfg.game.variant;
        opt.throwin = (uint8_t)t->cfg.game.throwin;
        opt.first5 = t->cfg.game.first5;
    }
    render_opts r = tables_ropts_to(t, to);
    tables_say(o, to, MSG_RULES_1, render_variant(&r, &opt));
    tables_say(o, to,
               opt.throwin == DURAK_THROWIN_NEIGHBOURS ? MSG_RULES_2_NEIGHBOURS : MSG_RULES_2_ALL,
               opt.first5 ? msg_in(r.lang, MSG_RULES_FIRST5) : "");
    tables_say(o, to,
               opt.variant == DURAK_VARIANT_TRANSFER ? MSG_RULES_3_TRANSFER : MSG_RULES_3_CLASSIC);
    if (opt.teams)
        tables_say(o, to, MSG_RULES_TEAMS);
}

/* In the order of MSG_TOPIC_COMMANDS ... MSG_TOPIC_TEAMS. */
enum {
    TOPIC_NONE,
    TOPIC_COMMANDS,
    TOPIC_MOVES,
    TOPIC_CARDS,
    TOPIC_BOTS,
    TOPIC_STATS,
    TOPIC_SOLO,
    TOPIC_TEAMS
};

/* A help topic by its English name (the parser gives the other languages' names so). */
static int help_topic(const char *topic)
{
    static const struct {
        const char *name;
        int topic;
    } names[] = {
        { "commands", TOPIC_COMMANDS }, { "moves", TOPIC_MOVES }, { "cards", TOPIC_CARDS },
        { "bots", TOPIC_BOTS },         { "bot", TOPIC_BOTS },    { "stats", TOPIC_STATS },
        { "top", TOPIC_STATS },         { "solo", TOPIC_SOLO },   { "watch", TOPIC_SOLO },
        { "play", TOPIC_SOLO },         { "teams", TOPIC_TEAMS }, { "team", TOPIC_TEAMS },
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(topic, names[i].name))
            return names[i].topic;
    return TOPIC_NONE;
}

/* The private games' help, with game.private_per_hour when there is one, in the reader's words. */
static void help_solo(tables *t, const tables_who *w, const char *p, outbox *o)
{
    char cap[64] = "";
    if (t->cfg.game.private_per_hour > 0)
        snprintf(cap, sizeof cap, msg_in(tables_lang_of(t, w->nick), MSG_HELP_SOLO_CAP),
                 t->cfg.game.private_per_hour);
    tables_notice(o, w->nick, MSG_HELP_SOLO, t->own_nick, cap, p, p, p);
}

/* What the moves' help says of `hint`: only where game.hints lets the reader have one. */
static const char *hint_help(const tables *t, const tables_who *w)
{
    static const msg_id said[] = {
        [CONFIG_HINTS_PRIVATE] = MSG_HELP_HINT_SOLO, [CONFIG_HINTS_ALWAYS] = MSG_HELP_HINT
    };
    if (t->cfg.game.hints == CONFIG_HINTS_OFF)
        return "";
    return msg_in(tables_lang_of(t, w->nick), said[t->cfg.game.hints]);
}

/* help [topic]: in private, the topic's lines (the moves by default). In a channel: !help alone,
 * or with a word that is no topic, is one line there that names the topics (never the word: "!help
 * alice you are a durak" must not make the bot say it); a topic goes privately, with a one-line
 * pointer in the channel. */
void info_help(tables *t, const tables_who *w, const char *channel, const char *topic, outbox *o)
{
    const char *p = tables_prefix(t);
    int which = help_topic(topic[0] ? topic : "moves");
    if (channel && (!topic[0] || which == TOPIC_NONE)) {
        tables_say(o, channel, MSG_HELP_SHORT, w->nick, p, t->own_nick);
        return;
    }
    if (channel) /* the topic by its name in the channel's language */
        tables_say(o, channel, MSG_HELP_SENT, w->nick,
                   tables_text(t, channel, (msg_id)(MSG_TOPIC_COMMANDS + which - 1)));
    switch (which) {
    case TOPIC_COMMANDS:
        tables_notice(o, w->nick, MSG_HELP_1, p);
        tables_notice(o, w->nick, MSG_HELP_2, t->own_nick);
        break;
    case TOPIC_MOVES:
        tables_notice(o, w->nick, MSG_PRIVATE_HELP_1, hint_help(t, w));
        tables_notice(o, w->nick, MSG_PRIVATE_HELP_2);
        break;
    case TOPIC_CARDS: tables_notice(o, w->nick, MSG_HELP_CARDS); break;
    case TOPIC_BOTS: tables_notice(o, w->nick, MSG_HELP_BOTS, p, p); break;
    case TOPIC_STATS: tables_notice(o, w->nick, MSG_HELP_STATS, p, p, p); break;
    case TOPIC_SOLO: help_solo(t, w, p, o); break;
    case TOPIC_TEAMS: /* R19: how to open one, then the rules !rules gives in a team game */
        tables_notice(o, w->nick, MSG_HELP_TEAMS, p);
        tables_notice(o, w->nick, MSG_RULES_TEAMS);
        break;
    default: tables_notice(o, w->nick, MSG_HELP_TOPICS, topic); break;
    }
}

/* The record under prefix ("" a person's, "+" their private games') + their stats key. Cut as
 * tables_end.c cuts the keys it records. */
static bool get_record(tables *t, const char *prefix, const char *nick, const char *account,
                       store_player *p)
{
    char key[NICK_MAX];
    size_t n = strlen(prefix);
    memcpy(key, prefix, n);
    tables_stats_key(t, nick, account, key + n, sizeof key - n);
    return store_get_player(t->db, key, p);
}

/* The stats of `nick`: a computer player's under its own key ('*', as tables_end.c keeps them);
 * yours by your account (or nick); a seated person's by theirs; else the account of that name,
 * then the nick. */
static bool find_stats(tables *t, const tables_who *w, const char *nick, const char *prefix,
                       store_player *p)
{
    int s;
    table_t *tb;
    char bots[4];
    if (tables_nick_like_bot(nick)) {
        snprintf(bots, sizeof bots, "%s*", prefix);
        return get_record(t, bots, nick, NULL, p);
    }
    if (casemap_equal(t->cm, nick, w->nick))
        return get_record(t, prefix, w->nick, w->account, p);
    if ((tb = tables_of_nick(t, nick, &s)))
        return get_record(t, prefix, tables_seat_key_nick(&tb->seat[s]), tb->seat[s].account, p);
    /* renamed during their last game: it was kept under the nick they sat down with */
    const seat_t *last = end_last_seat_of(t, nick);
    if (last && get_record(t, prefix, tables_seat_key_nick(last), last->account, p))
        return true;
    return get_record(t, prefix, nick, nick, p) || get_record(t, prefix, nick, NULL, p);
}

/* !stats [nick]: one line in the channel, and one for private games against computer players
 * when there are some (their rating is kept apart: a win over computer players is not a win over people). */
void info_stats(tables *t, const tables_who *w, const char *channel, const char *nick, outbox *o)
{
    store_player p, q;
    if (!t->db) {
        tables_notice(o, w->nick, MSG_NO_STATS);
        return;
    }
    if (!nick[0])
        nick = w->nick;
    bool found = find_stats(t, w, nick, "", &p), solo = find_stats(t, w, nick, "+", &q);
    if (!found && !solo && store_error(t->db)[0]) /* unread, not missing */
        tables_say(o, channel, MSG_LAST_STORE);
    else if (!found && !solo)
        tables_say(o, channel, MSG_STATS_NONE, nick);
    msg_lang lang = tables_lang_of(t, channel);
    char teams[TABLES_LINE_MAX] = ""; /* R19: said by those who played in teams only */
    if (found && (p.team_wins || p.team_losses))
        snprintf(teams, sizeof teams, msg_in(lang, MSG_STATS_TEAMS), p.team_wins, p.team_losses);
    if (found)
        tables_say(o, channel, MSG_STATS, p.display, p.games,
                   msg_plural(lang, p.games, MSG_WORD_GAMES_ONE), p.firsts, p.duraks, p.draws,
                   p.forfeits, teams, (int)(p.rating + 0.5));
    if (solo)
        tables_say(o, channel, tables_nick_like_bot(nick) ? MSG_STATS_BOT_SOLO : MSG_STATS_SOLO,
                   q.display, q.games, msg_plural(lang, q.games, MSG_WORD_GAMES_ONE), q.firsts,
                   q.duraks, q.draws, q.forfeits, (int)(q.rating + 0.5));
    if (found || solo)
        tables_site_page(t, channel, 'p', store_site_person_id(t->db, found ? p.key : q.key), o);
}

/* !top [n] [bots|solo]: the best n people (5 by default, TOP_MOST at most: a larger n that more
 * would fill is told so), computer players, or people in private games against computer players. */
void info_top(tables *t, const char *channel, int n, const char *which, outbox *o)
{
    enum { TOP_MOST = 20 };
    store_player best[TOP_MOST + 1]; /* one more, to tell whether there are more */
    char line[TABLES_LINE_MAX];
    size_t len = 0;
    bool solo = !strcmp(which, "solo"), bots = !strcmp(which, "bots");
    if (!t->db) {
        tables_say(o, channel, MSG_NO_STATS);
        return;
    }
    bool cut = n > TOP_MOST;
    n = cut ? TOP_MOST : n > 0 ? n : 5;
    int k = store_top(t->db, cut ? n + 1 : n,
                      solo   ? STORE_TOP_SOLO
                      : bots ? STORE_TOP_BOTS
                             : STORE_TOP_PEOPLE,
                      best);
    bool more = k > n; /* asked for more than TOP_MOST, and there are */
    k = more ? n : k;
    line[0] = '\0';
    for (int i = 0; i < k; i++)
        render_appendf(line, sizeof line, &len, "%s%d. %s %d (%d)", i ? ", " : "", i + 1,
                       best[i].display, (int)(best[i].rating + 0.5), best[i].games);
    if (more)
        render_appendf(line, sizeof line, &len, tables_text(t, channel, MSG_TOP_AT_MOST), TOP_MOST);
    if (k > 0) {
        tables_say(o, channel, solo ? MSG_TOP_SOLO : bots ? MSG_TOP_BOTS : MSG_TOP, line);
        tables_site_page(t, channel, 0, 0, o); /* the index: every board, longer */
    } else if (k < 0)                          /* not "no players yet": they are there, unread */
        tables_say(o, channel, MSG_LAST_STORE);
    else if (solo)
        tables_say(o, channel, MSG_TOP_SOLO_NONE, t->own_nick);
    else if (bots)
        tables_say(o, channel, MSG_TOP_BOTS_NONE, tables_prefix(t));
    else
        tables_say(o, channel, MSG_TOP_NONE, tables_prefix(t));
}
