/* tables_cmd.c — the commands as data: one row per parsed command kind (its handler, where it may
 * be said, what it needs), and the two entry points that check a row and run it. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "tables_internal.h"

/* One command being handled: who said it, where, and the table it concerns. */
typedef struct {
    tables *t;
    const tables_who *w;
    const char *channel; /* where it was said; NULL: privately */
    const char *to;      /* where a public answer goes: the channel, or the sender */
    table_t *tb;         /* the channel's table; privately: the one the sender sits at (or NULL) */
    int seat;            /* privately: the sender's seat at tb */
    const parsed_cmd *p;
    double now;
    outbox *o;
} cmd_ctx;

enum {
    CMD_CHANNEL = 1 << 0,   /* may be said in a channel (with the prefix) */
    CMD_PRIVATE = 1 << 1,   /* may be said privately */
    CMD_TABLE = 1 << 2,     /* in a channel: needs that channel's table */
    CMD_SEAT = 1 << 3,      /* privately: needs the sender's seat, theirs as a person */
    CMD_RUNNING = 1 << 4,   /* privately (with CMD_SEAT): needs that game started */
    CMD_TURN_FREE = 1 << 5, /* not rate-limited on the sender's turn */
    CMD_MOVE = 1 << 6,      /* a move: typed in a channel by a player, they hear where moves go */
    CMD_ASKED = 1 << 7,     /* a question: answered in the words it was asked in (tables_lang) */
    CMD_SEATS = 1 << 8,     /* seats the sender: not under a computer player's kind of name */
};

typedef struct {
    void (*run)(const cmd_ctx *c);
    unsigned flags;
} cmd_row;

/* A refused line; a move's word typed by a player on their turn is answered from the game
 * (only to the seat's own person: the moves tell what the hand holds). */
static void run_error(const cmd_ctx *c)
{
    bool mine = c->tb && c->seat >= 0 && tables_same_person(c->t, &c->tb->seat[c->seat], c->w);
    if (!(mine && play_mistyped(c->t, c->tb, c->seat, c->p, c->now, c->o)))
        outbox_add(c->o, OUT_NOTICE, c->w->nick, "%s", c->p->error);
}
static void run_rules(const cmd_ctx *c) { info_rules(c->t, c->to, c->tb, c->o); }
static void run_help(const cmd_ctx *c)
{
    if (!strcmp(c->p->arg, "rules")) /* "помощь правила": the rules, as !rules gives them */
        run_rules(c);
    else
        info_help(c->t, c->w, c->channel, c->p->arg, c->o);
}
/* After an answer from the store: games ended whose results still wait in memory (persist.c)
 * are not in it yet. */
static void results_wait(const cmd_ctx *c, const char *to)
{
    if (c->t->nunsaved)
        tables_say(c->o, to, MSG_RESULTS_WAIT);
}
static void run_stats(const cmd_ctx *c)
{
    info_stats(c->t, c->w, c->to, c->p->arg, c->o);
    results_wait(c, c->to);
}
static void run_top(const cmd_ctx *c)
{
    info_top(c->t, c->to, c->p->number, c->p->arg, c->o);
    results_wait(c, c->to);
}
static void run_last(const cmd_ctx *c)
{
    info_last(c->t, c->channel, c->o);
    results_wait(c, c->channel);
}
static void run_durak(const cmd_ctx *c) { lobby_open(c->t, c->w, c->channel, c->p, c->now, c->o); }
static void run_again(const cmd_ctx *c) { lobby_again(c->t, c->w, c->channel, c->now, c->o); }
static void run_join(const cmd_ctx *c) { lobby_join(c->t, c->w, c->tb, c->now, c->o); }
static void run_leave(const cmd_ctx *c) { lobby_leave(c->t, c->w, c->tb, c->now, c->o); }
static void run_start(const cmd_ctx *c) { lobby_start(c->t, c->w, c->tb, c->now, c->o); }
static void run_bot(const cmd_ctx *c) { lobby_bot(c->t, c->w, c->tb, c->p, c->o); }
static void run_table(const cmd_ctx *c) { info_table(c->t, c->tb, c->o); }
static void run_watch(const cmd_ctx *c) { watch_command(c->t, c->w, c->tb, true, c->o); }
/* In a channel with no game, what one watches elsewhere: "no game here" would send them to open one. */
static void run_unwatch(const cmd_ctx *c)
{
    if (c->channel && c->tb)
        watch_command(c->t, c->w, c->tb, false, c->o);
    else
        watch_stop_all(c->t, c->w, c->o);
}
static void run_set(const cmd_ctx *c) { prefs_command(c->t, c->w, c->p->arg, c->o); }
static void run_solo(const cmd_ctx *c) { solo_play(c->t, c->w, c->p, c->now, c->o); }
static void run_hand(const cmd_ctx *c) { tables_show_hand(c->t, c->tb, c->seat, c->o); }
static void run_moves(const cmd_ctx *c) { play_list_moves(c->t, c->tb, c->seat, c->o); }
static void run_hint(const cmd_ctx *c) { hint_request(c->t, c->tb, c->seat, c->o); }

/* "X is a channel command: type it in #chan": X as it works there, with the prefix and in the
 * sender's language ("!стоп"); a bare "stop" typed in the channel does nothing. */
static void channel_only(tables *t, const char *nick, parse_kind kind, const char *where, outbox *o)
{
    char word[64];
    snprintf(word, sizeof word, "%s%s", tables_prefix(t),
             msg_command(tables_lang_of(t, nick), parse_kind_name(kind)));
    tables_notice(o, nick, MSG_CHANNEL_ONLY, word, where);
}

/* In a channel: the lobby's !stop, or a vote in a running game. Privately: the sender's private
 * game ends; a channel game's !stop is a vote in its channel. */
static void run_stop(const cmd_ctx *c)
{
    if (c->channel)
        lobby_stop(c->t, c->w, c->tb, c->now, c->o);
    else if (!c->tb || c->tb->solo)
        solo_stop(c->t, c->w, c->now, c->o);
    else
        channel_only(c->t, c->w->nick, c->p->kind, c->tb->channel, c->o);
}

static void run_move(const cmd_ctx *c)
{
    play_typed_move(c->t, c->tb, c->seat, c->p, c->now, c->o);
}

#define ANYWHERE (CMD_CHANNEL | CMD_PRIVATE)
#define AT_TABLE (CMD_CHANNEL | CMD_TABLE)
#define PLAYER (CMD_PRIVATE | CMD_SEAT | CMD_RUNNING)
#define MOVE (PLAYER | CMD_TURN_FREE | CMD_MOVE)

/* A kind without a row (PC_IGNORED) is no command; one not allowed where it was said gets
 * "private only" in a channel (after the table check) and "channel only" privately (after the
 * seat checks). */
static const cmd_row rows[PC_KIND_COUNT] = {
    /* a mistyped move on one's turn, not a word that is no move (parsed_cmd.no_move) */
    [PC_ERROR] = { run_error, ANYWHERE | CMD_TURN_FREE },
    [PC_HELP] = { run_help, ANYWHERE | CMD_ASKED },
    [PC_RULES] = { run_rules, ANYWHERE | CMD_ASKED },
    [PC_STATS] = { run_stats, ANYWHERE | CMD_ASKED },
    [PC_TOP] = { run_top, ANYWHERE | CMD_ASKED },
    [PC_DURAK] = { run_durak, CMD_CHANNEL | CMD_SEATS },
    [PC_AGAIN] = { run_again, CMD_CHANNEL | CMD_SEATS },
    [PC_LAST] = { run_last, CMD_CHANNEL | CMD_ASKED },
    [PC_JOIN] = { run_join, AT_TABLE | CMD_SEATS },
    [PC_LEAVE] = { run_leave, AT_TABLE },
    [PC_START] = { run_start, AT_TABLE },
    [PC_STOP] = { run_stop, AT_TABLE | CMD_PRIVATE },
    [PC_BOT] = { run_bot, AT_TABLE },
    [PC_TABLE] = { run_table, AT_TABLE },
    [PC_WATCH] = { run_watch, AT_TABLE },
    [PC_UNWATCH] = { run_unwatch, ANYWHERE },
    [PC_SET] = { run_set, ANYWHERE }, /* answered privately: one's own settings */
    [PC_SOLO] = { run_solo, CMD_PRIVATE | CMD_SEATS },
    [PC_HAND] = { run_hand, PLAYER | CMD_TURN_FREE },
    [PC_MOVES] = { run_moves, PLAYER | CMD_TURN_FREE },
    [PC_HINT] = { run_hint, PLAYER },
    [PC_PLAY] = { run_move, MOVE },
    [PC_BEAT] = { run_move, MOVE },
    [PC_TAKE] = { run_move, MOVE },
    [PC_PASS] = { run_move, MOVE },
    [PC_TRANSFER] = { run_move, MOVE },
    [PC_CARD] = { run_move, MOVE },
};

/* The flags of kind's row where it was said (`where`: CMD_CHANNEL or CMD_PRIVATE); 0: none. */
static unsigned row_flags(parse_kind kind, unsigned where)
{
    const cmd_row *r = kind < PC_KIND_COUNT ? &rows[kind] : NULL;
    return r && r->run && (r->flags & where) ? r->flags : 0;
}

/* "Hard[bot]" names a computer player in every line: a person under such a nick ("[bot]", or
 * "{bot}", the same nick to a server folding rfc1459) would read as one, and gets no seat. */
static bool refuse_bot_like(const char *nick, unsigned need, outbox *o)
{
    bool like = tables_nick_like_bot(nick);
    if (like && (need & CMD_SEATS))
        tables_notice(o, nick, MSG_NICK_LIKE_BOT);
    return like && (need & CMD_SEATS);
}

/* May nick run a command now? The first refusal of a run is told, with the wait: a newcomer
 * typing fast would otherwise take the silence for a broken bot. */
static bool rate_ok(tables *t, const char *nick, double now, outbox *o)
{
    char key[NICK_MAX];
    double wait;
    casemap_fold(t->cm, nick, key, sizeof key);
    if (ratelimit_allow(&t->rl, key, now))
        return true;
    if (ratelimit_tell(&t->rl, key, &wait))
        tables_notice(o, nick, MSG_TOO_FAST, (int)wait + 1);
    return false;
}

/* How the sender's words are read: the prefix, the card style, the sender's language (chosen,
 * or else theirs to change with the words they type); no_transfer: their game is classic. */
static parse_opts opts_for(const tables *t, const char *nick, bool no_transfer)
{
    return (parse_opts){ tables_prefix(t),
                         config_suit_symbols(&t->cfg),
                         no_transfer,
                         (int)tables_lang_of(t, nick),
                         tables_lang_chosen(t, nick),
                         false,
                         false,
                         false,
                         0 };
}

/* "durakbot: joue 6♠", "durakbot, take": a line addressed to the bot by its nick, as clients
 * complete it; the text after the nick and its ':' or ',', else the line as it is. */
static const char *past_own_nick(const tables *t, const char *text)
{
    char head[NICK_MAX];
    size_t n = strlen(t->own_nick);
    if (!n || n >= sizeof head || strlen(text) <= n || !strchr(":, ", text[n]))
        return text;
    memcpy(head, text, n);
    head[n] = '\0';
    if (!casemap_equal(t->cm, head, t->own_nick))
        return text;
    text += n + (text[n] != ' ');
    return text + strspn(text, " ");
}

/* A move, or a player's private question (hand, moves, hint), typed in the channel by a player of
 * its game (to the channel, or to the bot by its nick there): where it goes, and how. */
static void move_in_channel(tables *t, const tables_who *w, table_t *tb, const char *channel,
                            const char *text, double now, outbox *o)
{
    parse_opts po = opts_for(t, w->nick, false);
    po.no_game = true; /* "6" said in the channel is talk, not a card of the hand */
    parsed_cmd p;
    if (!tb || !tb->playing || tables_seat_of(t, tb, w->nick) < 0)
        return;
    text = past_own_nick(t, text);
    parse_private(text, strlen(text), &po, &p);
    char move[128], c[RENDER_CARD_MAX], x[RENDER_CARD_MAX];
    if (!(row_flags(p.kind, CMD_PRIVATE) & (CMD_MOVE | CMD_SEAT)) || !rate_ok(t, w->nick, now, o))
        return;
    tables_bind_words(t, w, p.lang, false);
    render_opts r = tables_ropts_to(t, w->nick); /* a reply to them: in their language */
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
    tables_say_as(o, w->nick, channel, MSG_MOVE_IN_CHANNEL, w->nick, t->own_nick, move);
}

/* A nick longer than a seat or a line's target holds (servers with NICKLEN 64 or more): seated or
 * answered, it would be its first 63 bytes, another nick. Such lines are not taken. */
static bool too_long(const tables_who *w) { return strlen(w->nick) >= NICK_MAX; }

/* "+#durak", "@#durak": a message to a configured channel's voiced or ops only (STATUSMSG), which
 * the bot reads when it has that status. Taken as a channel, it would open a second table there. */
static bool status_target(const tables *t, const char *channel)
{
    for (int i = 0; channel[0] && strchr("@%+~&!", channel[0]) && i < t->cfg.irc.nchannels; i++)
        if (casemap_equal(t->cm, t->cfg.irc.channels[i], channel + 1))
            return true;
    return false;
}

void tables_on_channel(tables *t, double now, const tables_who *w, const char *channel,
                       const char *text, outbox *o)
{
    tables_bind_channel(t, o, channel);
    if (casemap_equal(t->cm, w->nick, t->own_nick) || too_long(w) || status_target(t, channel))
        return;
    const char *bare = past_own_nick(t, text), *pre = tables_prefix(t);
    if (bare != text && !strncmp(bare, pre, strlen(pre)))
        text = bare; /* "durakbot: !join": the command, said to the bot by its nick */
    parse_opts po = opts_for(t, w->nick, false);
    table_t *here = tables_find(t, channel); /* one lookup for the whole line */
    po.game_here = here != NULL;
    parsed_cmd p;
    parse_channel(text, strlen(text), &po, &p);
    tables_bind_words(t, w, p.lang, row_flags(p.kind, CMD_CHANNEL) & CMD_ASKED);
    if (p.kind == PC_IGNORED) {
        move_in_channel(t, w, here, channel, text, now, o);
        return;
    }
    if (!rate_ok(t, w->nick, now, o))
        return;
    if (w->account && w->account[0]) { /* a command, not chatter: worth the look for a seat */
        int s;
        table_t *mine = tables_of_nick(t, w->nick, &s);
        tables_seat_account(t, mine, s, w);
    }
    cmd_ctx c = { t, w, channel, channel, here, -1, &p, now, o };
    unsigned need = row_flags(p.kind, CMD_CHANNEL);
    if (refuse_bot_like(w->nick, need, o))
        return;
    bool words_set = false;
    if (c.tb && !c.tb->playing && c.tb->lang < 0 && p.lang >= 0 && !(need & CMD_ASKED)) {
        c.tb->lang = p.lang; /* "!durak" then "!jugar": a lobby speaks its first words' language */
        tables_touch(c.tb);
        words_set = true;
    }
    if ((!need || (need & CMD_TABLE)) && !c.tb)
        tables_notice(o, w->nick, MSG_NO_GAME_HERE, channel, tables_prefix(t));
    else if (!need)
        tables_notice(o, w->nick, MSG_PRIVATE_ONLY, t->own_nick,
                      msg_command(tables_lang_of(t, w->nick), parse_kind_name(p.kind)));
    else
        rows[p.kind].run(&c);
    /* ... its players' words only: not a passer-by's refused "!играть" at a full table, or
     * "!стол" */
    if (words_set && tables_find(t, channel) == c.tb && tables_seat_of(t, c.tb, w->nick) < 0)
        c.tb->lang = -1;
}

/* Is w the person of seat s, tb's creator? Then "the creator can start it" is said to them as
 * "you can start it". */
static bool creator_asks(const tables *t, const table_t *tb, int s, const tables_who *w)
{
    return s == tb->creator && tables_same_person(t, &tb->seat[s], w);
}

void tables_on_private(tables *t, double now, const tables_who *w, const char *text, outbox *o)
{
    tables_bind(t, o);
    if (casemap_equal(t->cm, w->nick, t->own_nick) || too_long(w))
        return;
    solo_seen(t, w, now, o);
    int s = -1;
    table_t *tb = tables_of_nick(t, w->nick, &s);
    tables_seat_account(t, tb, s, w);
    parse_opts po = opts_for(t, w->nick, tb && tb->opt.variant == DURAK_VARIANT_CLASSIC);
    po.no_game = !tb || !tb->playing;
    po.no_seat = !tb;
    po.hand = tb && tb->playing && s >= 0 ? tb->g.hand[s] : 0;
    parsed_cmd p;
    parse_private(text, strlen(text), &po, &p);
    if (p.kind == PC_IGNORED)
        return; /* a blank line, the prefix alone, CTCP: no command */
    unsigned here = row_flags(p.kind, CMD_PRIVATE);
    tables_bind_words(t, w, p.lang, here & CMD_ASKED);
    bool my_turn = tb && tb->playing && tb->g.actor == s;
    if (!(my_turn && (here & CMD_TURN_FREE) && !p.no_move) && !rate_ok(t, w->nick, now, o))
        return; /* on your turn, moves (mistyped ones too), hand and moves are free */
    cmd_ctx c = { t, w, NULL, w->nick, tb, s, &p, now, o };
    unsigned need = here ? here : CMD_SEAT | CMD_RUNNING; /* then "channel only" */
    if (refuse_bot_like(w->nick, need, o))
        return;
    table_t *held = (need & CMD_SEAT) && !tb ? tables_held_under_bot_name(t, w->nick, &s) : NULL;
    const table_t *watched = (need & CMD_SEAT) && !tb ? tables_watched_by(t, w->nick) : NULL;
    /* held: their seat waits for a nick that is not a computer player's; watched: a spectator,
     * whose game holds no hand of theirs (not "you are not in a game") */
    if (held)
        tables_notice(o, w->nick, MSG_SEAT_HELD_BOT_NAME, held->channel);
    else if (watched)
        tables_notice(o, w->nick, MSG_WATCH_NO_CARDS, watched->channel, tables_prefix(t));
    else if ((need & CMD_SEAT) && !tb)
        tables_notice(o, w->nick, MSG_NOT_IN_GAME, tables_prefix(t), tables_prefix(t));
    else if ((need & CMD_RUNNING) && tb && !tb->playing && creator_asks(t, tb, s, w))
        tables_notice(o, w->nick, MSG_NOT_STARTED_YOU, tables_prefix(t), tb->channel);
    else if ((need & CMD_RUNNING) && tb && !tb->playing)
        tables_notice(o, w->nick, MSG_NOT_STARTED, tb->seat[tb->creator].nick, tables_prefix(t),
                      tb->channel);
    else if ((need & CMD_SEAT) && tables_refuse_stranger(t, tb, s, w, o))
        return;
    else if ((here & CMD_MOVE) && tb->bot_out_at > 0) /* nobody would see it */
        tables_notice(o, w->nick, tb->bot_muted ? MSG_WAITS_MUTED : MSG_WAITS_FOR_BOT, tb->channel);
    else if (!here && p.kind == PC_TABLE && tb && tb->solo && tb->playing)
        tables_say_status(t, tb, o); /* a private game has no channel to type !table in */
    else if (!here)
        channel_only(t, w->nick, p.kind, tables_where(t, tb, w->nick), o);
    else
        rows[p.kind].run(&c);
}
