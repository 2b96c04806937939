/* tables_solo.c — private games against computer players: `play` deals one (so many a person an
 * hour), `stop` ends it (a forfeit), and a game held since a restart or a quit is theirs again. */

/* The game is kept under a key "~solo <stats key>" that is no IRC target. */
#include <stdio.h>
#include <string.h>

#include "tables_internal.h"

#define STOP_AGAIN 30.0 /* seconds to type stop again to stop a private game one still plays */

static int solo_count(const tables *t)
{
    int n = 0;
    for (int i = 0; i < t->ntab; i++)
        n += t->tab[i].used && t->tab[i].solo;
    return n;
}

/* A key no table has: "~solo alice", else "~solo alice#2", ... */
static bool solo_key(tables *t, const tables_who *w, char *key, size_t cap)
{
    char person[NICK_MAX];
    tables_stats_key(t, w->nick, w->account, person, sizeof person);
    for (int i = 1; i <= TABLES_MAX + 1; i++) {
        if (i == 1)
            snprintf(key, cap, RECORD_PRIVATE_PREFIX "%.48s", person);
        else
            snprintf(key, cap, RECORD_PRIVATE_PREFIX "%.48s#%d", person, i);
        if (!tables_find(t, key))
            return true;
    }
    return false;
}

/* game.private_per_hour: a private game stopped at once is still recorded (a forfeit: else one
 * could deal until they liked their hand), so starts are capped per person: their account, else
 * their user@host, which a nick change keeps (a known identity is one of them: known_identity).
 * The ring holds the last SOLO_STARTS starts of everyone; a refused play adds none. */
enum { SOLO_HOUR = 3600 };
_Static_assert(SOLO_STARTS >= 10 * CONFIG_PRIVATE_PER_HOUR_MAX,
               "the ring holds a whole hour of ten people at the highest cap");

/* The person as a number: FNV-1a over "@account", else over user@host with the host's case
 * folded (a user name never starts with '@'); never 0, a free entry. */
static uint64_t solo_person(const tables_who *w)
{
    char key[512];
    if (w->account && w->account[0]) {
        snprintf(key, sizeof key, "@%s", w->account);
    } else {
        snprintf(key, sizeof key, "%s@%s", w->user, w->host);
        for (char *c = strrchr(key, '@'); c && *c; c++)
            *c = (char)(*c >= 'A' && *c <= 'Z' ? *c + 32 : *c);
    }
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    for (const char *c = key; *c; c++)
        h = (h ^ (unsigned char)*c) * UINT64_C(0x100000001b3);
    return h ? h : 1;
}

/* When the person may start a private game again: 0 now, else the time at which their oldest
 * start of the cap's last hour turns an hour old. */
static double solo_next_start(const tables *t, uint64_t who, double now)
{
    int cap = t->cfg.game.private_per_hour, n = 0;
    for (int k = 1; cap > 0 && k <= SOLO_STARTS; k++) { /* newest first */
        const solo_start *st = &t->starts[(t->starts_next - k + SOLO_STARTS) % SOLO_STARTS];
        if (st->who == who && st->at > now - SOLO_HOUR && ++n == cap)
            return st->at + SOLO_HOUR;
    }
    return 0;
}

static void solo_note_start(tables *t, uint64_t who, double now)
{
    t->starts[t->starts_next] = (solo_start){ who, now };
    t->starts_next = (t->starts_next + 1) % SOLO_STARTS;
}

/* Over the cap: says so, and in how many minutes the next game may start (rounded up). */
static bool solo_capped(tables *t, const tables_who *w, uint64_t who, double now, outbox *o)
{
    double next = solo_next_start(t, who, now);
    if (next <= now)
        return false;
    int cap = t->cfg.game.private_per_hour, minutes = (int)((next - now) / 60);
    if (minutes * 60.0 < next - now)
        minutes++; /* 30 s is "1 minute", never "0" */
    msg_lang lang = tables_lang_of(t, w->nick);
    tables_notice(o, w->nick, MSG_SOLO_CAPPED, cap,
                  msg_plural(lang, cap, MSG_WORD_PRIVATE_GAMES_ONE), minutes,
                  msg_plural(lang, minutes, MSG_WORD_MINUTES_ONE), tables_prefix(t),
                  tables_prefix(t));
    return true;
}

/* Does the event say who its sender is (an account, or user@host)? */
static bool known_identity(const tables_who *w)
{
    return (w->account && w->account[0]) || (w->user && w->user[0] && w->host && w->host[0]);
}

/* The card of "play" alone's example, said to w at seat s of a running game: on their turn, the
 * first card they may play (CARD_NONE when they may play none); else one of their hand; 7♥ for
 * someone else under that nick, who is told nothing of the hand. */
static card_t example_card(const tables *t, const table_t *tb, int s, const tables_who *w)
{
    durak_action a[DURAK_MAX_ACTIONS];
    if (!tables_same_person(t, &tb->seat[s], w) || !tb->g.hand[s])
        return card_make(RANK_7, SUIT_HEARTS);
    if (tb->g.actor != s)
        return cards_first(tb->g.hand[s]);
    int n = turn_moves(&tb->g, a);
    for (int i = 0; i < n; i++)
        if (a[i].kind == DURAK_ACT_PLAY)
            return a[i].card;
    return CARD_NONE;
}

void solo_play(tables *t, const tables_who *w, const parsed_cmd *p, double now, outbox *o)
{
    int s;
    char key[64];
    table_t *tb = tables_of_nick(t, w->nick, &s);
    if (tb && tb->playing && p->variant < 0 && p->bot_level < 0 && p->number < 0) {
        card_t c = example_card(t, tb, s, w);
        if (c == CARD_NONE) { /* their turn, and no card to play: what they are to do */
            parsed_cmd alone = *p;
            alone.move = PC_PLAY;
            play_mistyped(t, tb, s, &alone, now, o);
            return;
        }
        char card[RENDER_CARD_MAX], example[64]; /* a bare play in a game: a card is missing */
        render_opts r = tables_ropts_to(t, w->nick);
        r.colors = false;
        const char *play = msg_command(r.lang, "play");
        snprintf(example, sizeof example, "%s %s", play, render_card(&r, c, card, sizeof card));
        tables_notice(o, w->nick, tb->solo ? MSG_PLAY_SEATED_SOLO : MSG_PLAY_SEATED,
                      tables_where(t, tb, w->nick), example, msg_command(r.lang, "moves"),
                      msg_command(r.lang, "stop")); /* where, how a move is typed (how to stop) */
        return;
    }
    if (tb) { /* one game at a time, private or not */
        if (!tables_refuse_stranger(t, tb, s, w, o))
            lobby_tell_seated(t, tb, w->nick, o);
        return;
    }
    if (lobby_refuse_account(t, w, o))
        return;
    if (!known_identity(w)) {
        tables_notice(o, w->nick, MSG_SOLO_UNKNOWN);
        return;
    }
    uint64_t person = solo_person(w);
    if (solo_capped(t, w, person, now, o))
        return;
    if (solo_count(t) >= SOLO_MAX || !solo_key(t, w, key, sizeof key)
        || !(tb = tables_open(t, key))) {
        tables_notice(o, w->nick, MSG_SOLO_FULL);
        return;
    }
    tb->opt = durak_default_options();
    tb->lang = p->lang;
    tb->opt.variant = (uint8_t)(p->variant >= 0 ? p->variant : t->cfg.game.variant);
    tb->opt.throwin = (uint8_t)t->cfg.game.throwin;
    tb->opt.first5 = (uint8_t)t->cfg.game.first5;
    tables_add_seat(tb, w);
    for (int i = 1; i < (p->number > 0 ? p->number : 2); i++)
        tables_add_ai(tb, p->bot_level >= 0 ? (ai_level)p->bot_level : AI_NORMAL);
    play_start(t, tb, now, o);
    if (!tb->playing) { /* never expected: the engine refused the options */
        tables_close(t, tb);
        tables_notice(o, w->nick, MSG_SOLO_FULL);
        return;
    }
    solo_note_start(t, person, now);
}

void solo_stop(tables *t, const tables_who *w, double now, outbox *o)
{
    int s;
    table_t *tb = tables_of_nick(t, w->nick, &s);
    if (!tb || !tb->solo) {
        tables_notice(o, w->nick, MSG_SOLO_NO_GAME, t->own_nick);
        return;
    }
    if (tables_refuse_stranger(t, tb, s, w, o))
        return;
    seat_t *st = &tb->seat[s];
    if (tb->playing && durak_in_game(&tb->g, s)
        && !(st->leave_asked > 0 && now - st->leave_asked <= STOP_AGAIN)) {
        /* a loss in their rating, by one word: asked once, as a team game's !leave is */
        st->leave_asked = now;
        tables_notice(o, w->nick, MSG_SOLO_STOP_ASK,
                      msg_command(tables_lang_of(t, w->nick), "stop"), (int)STOP_AGAIN);
        return;
    }
    end_abandon(t, tb, s, false, now, o); /* its end line says the stop counts as a forfeit */
}

/* The private game whose person is w, held for them (restored, or they quit), and the seat. */
static table_t *held_game(tables *t, const tables_who *w, int *seat)
{
    for (int i = 0; i < t->ntab; i++) {
        table_t *tb = &t->tab[i];
        for (int s = 0; tb->used && tb->solo && s < tb->nseats; s++) {
            const seat_t *st = &tb->seat[s];
            if ((st->absent || st->unconfirmed) && tables_same_person(t, st, w)) {
                *seat = s;
                return tb;
            }
        }
    }
    return NULL;
}

void solo_seen(tables *t, const tables_who *w, double now, outbox *o)
{
    int s, other;
    table_t *tb = held_game(t, w, &s);
    table_t *elsewhere = tb ? tables_of_nick(t, w->nick, &other) : NULL;
    if (!tb || (elsewhere && elsewhere != tb))
        return; /* nothing held, or that nick sits at another game */
    seat_t *st = &tb->seat[s];
    bool was_away = st->absent;
    st->absent = st->unconfirmed = st->split = false;
    snprintf(st->nick, sizeof st->nick, "%s", w->nick);
    if (tb->g.actor == s)
        turn_resume(tb, now);
    tables_touch(tb);
    render_opts r = tables_ropts_to(t, tb->channel); /* its player's language */
    render_seats names = tables_names(tb);
    char line[TABLES_LINE_MAX];
    /* "Hard[bot]: lead a card · You are back and play on."; on their own turn the state alone,
     * as their turn line follows and says what to do ("Your turn" once, not twice) */
    if (tb->g.actor == s)
        render_status(&r, &names, &tb->g, false, line, sizeof line);
    else if (was_away)
        render_head(&r, &names, &tb->g, line, sizeof line);
    else
        render_table_line(&r, &names, &tb->g, line, sizeof line);
    tables_say(o, tb->channel, was_away ? MSG_REJOINED_YOU : MSG_RESTORED, line);
    turn_tell_hand(t, tb, s, o);
}
