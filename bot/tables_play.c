/* tables_play.c — the game flow of a running game: the deal, a move applied and what the channel
 * and players hear, forfeits (R18). */

/* Calls down into turn, end, record and the output side. */
#include <stdio.h>
#include <string.h>

#include "strcopy.h"
#include "log.h"
#include "outq.h"
#include "tables_internal.h"

/* What happened, written in each reader's language: a move made in the game `before`, or a
 * forfeit (why != 0) of a seat. */
typedef struct {
    const durak_game *before;
    durak_action a; /* a forfeit: a pass of no card */
    bool timed_out;
    msg_id why;
    int seat;
} happened;

/* The first letter of s in lower case, if it is a capital Latin or Russian one: "You take" after
 * "Time is up: " reads as one sentence, "Время вышло: вы берёте" as Russian writes it. */
static void lower_first(char *s)
{
    unsigned char *u = (unsigned char *)s;
    if (u[0] >= 'A' && u[0] <= 'Z')
        u[0] = (unsigned char)(u[0] + 32);
    else if (u[0] == 0xD0 && u[1] >= 0x90 && u[1] <= 0x9F) /* А..П */
        u[1] = (unsigned char)(u[1] + 0x20);
    else if (u[0] == 0xD0 && u[1] >= 0xA0 && u[1] <= 0xAF) /* Р..Я */
        u[0] = 0xD1, u[1] = (unsigned char)(u[1] - 0x20);
}

static void say_what(const table_t *tb, const render_opts *r, const happened *h, char *out,
                     size_t cap)
{
    render_seats names = tables_names(tb); /* the channel's line names them without a highlight */
    char what[512];
    if (h->why) {
        size_t len = 0;
        out[0] = '\0';
        render_said(r, &names, h->seat, -1, out, cap, &len, h->why, render_told(&names, h->seat));
        return;
    }
    render_move(r, &names, h->before, &tb->g, h->a, what, sizeof what);
    if (h->timed_out && names.you[h->before->actor]) /* "You ..." goes on the prefix's sentence */
        lower_first(what);
    snprintf(out, cap, "%s%s", h->timed_out && what[0] ? msg_in(r->lang, MSG_TIMEOUT_PREFIX) : "",
             what);
}

/* The public line of what changed between h->before and the game now; "" when none. */
/* The defender took and the bout stays open for cards to add: the question to add them names the
 * take ("alice: add cards for bob to take, or pass"). */
static bool take_asked_on(const durak_game *before, const durak_game *g)
{
    return before->phase == DURAK_PHASE_DEFEND && g->phase == DURAK_PHASE_TAKING;
}

static void report_line(const tables *t, const table_t *tb, const render_opts *r, const void *arg,
                        char *line, size_t cap)
{
    (void)t;
    const happened *h = arg;
    render_seats names = tables_names(tb);
    char what[600];
    say_what(tb, r, h, what, sizeof what);
    /* asked in the channel, "bob takes" after the question says it twice; a take made on a
     * time-out is news */
    if (r->ask_public && !h->timed_out && !h->why && take_asked_on(h->before, &tb->g))
        what[0] = '\0';
    if (!render_report(r, &names, h->before, &tb->g, h->a, what, line, cap))
        line[0] = '\0';
}

/* A private game's person hears it all in one window: what happened is said with their next line
 * (the question to them, or the end), never their own move back to them (`own`: the move was
 * theirs, typed by them), nor a take the question to add cards says already. */
static void solo_news(const tables *t, table_t *tb, const happened *h, bool own)
{
    const durak_game *g = &tb->g, *before = h->before;
    render_opts r = tables_ropts_to(t, tb->channel);
    render_seats names = tables_names(tb);
    char what[600], line[2 * TABLES_LINE_MAX];
    bool known = own || (take_asked_on(before, g) && !tables_is_ai(tb, g->actor));
    say_what(tb, &r, h, what, sizeof what);
    render_events(&r, &names, before, g, h->a, known ? "" : what, line, sizeof line);
    turn_news_add(tb, line, g->phase != DURAK_PHASE_OVER && render_needs_status(before, g),
                  render_trump_drawn(before, g));
}

/* What changed, said in (at most) one public line; the hands that changed privately, the next
 * actor's merged into their turn line; the end. */
static void report(tables *t, table_t *tb, const happened *h, bool own, double now, outbox *o)
{
    const durak_game *g = &tb->g, *before = h->before;
    bool over = g->phase == DURAK_PHASE_OVER;
    /* the actor's new hand before the public line that asks (a private game's question carries
     * this move's news: after it) */
    bool ask_first = t->scarce && !tb->solo && !over;
    if (ask_first) {
        turn_arm(t, tb, now);
        turn_ask(t, tb, o);
    }
    if (tb->solo)
        solo_news(t, tb, h, own);
    else
        tables_public(t, tb, o, report_line, h);
    /* The defender of a bout a computer player leads is asked in a moment, with the hand: the
     * same hand said twice a second apart is one line too many. */
    int asked_soon =
        !over && g->phase == DURAK_PHASE_ATTACK && tables_is_ai(tb, g->actor) ? g->defender : -1;
    for (int s = 0; !tb->solo && s < tb->nseats; s++) { /* new cards: the hand again */
        cards_t fresh = g->hand[s] & ~before->hand[s];
        if (t->scarce) /* not the cards taken from the table: the channel saw them */
            fresh &= ~g->known[s];
        if (fresh && (over || (s != g->actor && s != asked_soon)))
            tables_send_hand(t, tb, s, o);
    }
    if (over) {
        turn_news_flush(t, tb, o);
        record_result(tb);
        end_announce(t, tb, o);
        record_reveal(tb, o); /* after "Game over", as it reads */
        tables_close(t, tb);
        return;
    }
    if (!ask_first) {
        turn_arm(t, tb, now);
        turn_ask(t, tb, o);
    }
}

/* a applied and told; own: the mover typed it whole, so a private game does not say it back. A
 * move not made by the turn timer ends the seat's time-outs in a row (game.max_timeouts). */
void play_apply(tables *t, table_t *tb, durak_action a, bool timed_out, bool own, double now,
                outbox *o)
{
    durak_game before = tb->g;
    if (durak_apply(&tb->g, a) != DURAK_OK)
        return;
    if (!timed_out)
        tb->seat[before.actor].timeouts = 0;
    for (int s = 0; s < tb->nseats; s++) /* a refusal after another's move is not "too late" */
        if (s != before.actor)
            tb->seat[s].passed_late = 0;
    record_played(tb, a, before.actor, timed_out, now);
    happened h = { &before, a, timed_out, 0, 0 };
    report(t, tb, &h, own, now, o);
}

void play_move(tables *t, table_t *tb, durak_action a, bool timed_out, double now, outbox *o)
{
    play_apply(t, tb, a, timed_out, !timed_out && !tables_is_ai(tb, tb->g.actor), now, o);
}

/* Who left (why, with their nick) and who took the seat over, and the table now. */
typedef struct {
    msg_id why;
    const char *left;
    int seat;
} replaced;

static void replaced_line(const tables *t, const table_t *tb, const render_opts *r, const void *arg,
                          char *line, size_t cap)
{
    const replaced *x = arg;
    char what[256], status[TABLES_LINE_MAX];
    snprintf(what, sizeof what, msg_in(r->lang, x->why), x->left);
    tables_status_line(t, tb, r, NULL, status, sizeof status);
    snprintf(line, cap, msg_in(r->lang, MSG_REPLACED), what, tb->seat[x->seat].nick, status);
}

/* game.replace_leavers: a computer player takes over the seat, hand and all. The leaver's record
 * stays with the seat (its seated nick and account): the seat's result is their forfeit, or
 * leaving would be the way out of every lost game. */
static void replace_by_ai(tables *t, table_t *tb, int s, msg_id why, double now, outbox *o)
{
    char left[NICK_MAX], name[NICK_MAX], seated[NICK_MAX], account[sizeof tb->seat[s].account];
    snprintf(left, sizeof left, "%s", tb->seat[s].nick);
    snprintf(seated, sizeof seated, "%s", tables_seat_key_nick(&tb->seat[s]));
    snprintf(account, sizeof account, "%s", tb->seat[s].account);
    int number = tables_ai_name(tb, AI_NORMAL, name, sizeof name);
    record_resign(tb, s, number, false, now); /* the pages say who played the seat from then on */
    seat_t *st = &tb->seat[s];
    memset(st, 0, sizeof *st);
    snprintf(st->nick, sizeof st->nick, "%s", name);
    snprintf(st->seated, sizeof st->seated, "%s", seated);
    snprintf(st->account, sizeof st->account, "%s", account);
    st->ai = AI_NORMAL;
    turn_arm(t, tb, now);
    replaced x = { why, left, s };
    tables_public(t, tb, o, replaced_line, &x);
    turn_ask(t, tb, o);
}

/* "bob forfeits. Only computer players are left, so the game ends here." */
static void bots_left_line(const tables *t, const table_t *tb, const render_opts *r,
                           const void *arg, char *line, size_t cap)
{
    (void)t;
    char what[600];
    say_what(tb, r, arg, what, sizeof what);
    snprintf(line, cap, msg_in(r->lang, MSG_ONLY_BOTS_LEFT), what);
}

bool play_stop_if_agreed(tables *t, table_t *tb, outbox *o)
{
    int people = tb->used && tb->playing ? tables_humans(tb) : 0;
    /* one person left with computer players is no majority: their stop is a forfeit (stop_alone) */
    if (people < 2 || 2 * __builtin_popcount(tb->stop_votes) <= people)
        return false;
    tables_say(o, tb->channel, MSG_STOP_AGREED);
    end_no_result(t, tb, "its players voted to stop it", o);
    return true;
}

void play_forfeit(tables *t, table_t *tb, int s, msg_id why, double now, outbox *o)
{
    char mine[256];
    size_t len = 0;
    durak_game before = tb->g;
    happened h = { &before, { DURAK_ACT_PASS, CARD_NONE, CARD_NONE }, false, why, s };
    /* the record tells a forfeit for time-outs from a leave, for the replay to say which */
    bool late = why == MSG_FORFEIT_TIMEOUTS;
    tb->stop_votes &= (uint8_t) ~(1u << s); /* a stop vote counts the people still playing */
    render_opts r = tables_ropts_to(t, tb->seat[s].nick);
    render_seats names = tables_names(tb);
    names.you[s] = true; /* their own notice: "You timed out too often and forfeit" */
    mine[0] = '\0';
    render_said(&r, &names, s, -1, mine, sizeof mine, &len, why, tb->seat[s].nick);
    if (tb->solo && !tables_is_ai(tb, s)) { /* a private game ends with its person, rated: its */
        tb->forfeit_why = (int)why + 1;     /* end line says why, before anything else does */
        end_abandon(t, tb, s, late, now, o);
        return;
    }
    /* told privately too: they may not be watching the channel */
    if (!tables_is_ai(tb, s) && tables_hears(tb, s))
        tables_notice(o, tb->seat[s].nick, MSG_FORFEIT_YOU, tables_where(t, tb, tb->seat[s].nick),
                      mine);
    /* nobody left to play for: the forfeit counts, as a private game's stop does, or leaving
     * would be the way out of every lost game against computer players */
    if (tables_humans(tb) <= 1 && !tables_is_ai(tb, s) && durak_in_game(&tb->g, s)) {
        tables_public(t, tb, o, bots_left_line, &h);
        end_abandon(t, tb, s, late, now, o);
        return;
    }
    if (t->cfg.game.replace_leavers && !tables_is_ai(tb, s)) {
        replace_by_ai(t, tb, s, why, now, o);
    } else {
        if (durak_resign(&tb->g, s) != DURAK_OK)
            return;
        record_resign(tb, s, -1, late, now);
        report(t, tb, &h, false, now, o);
    }
    play_stop_if_agreed(t, tb, o);
}

/* "Durak (classic) starts: ... attacks first. ... Deal fingerprint: <hex> (...)": the deal and its
 * commitment (tables_record.c) in one line when they fit in one; else (Russian takes two bytes a
 * letter) the deal alone, and with a non-NULL arg the rest: the send queue would cut anywhere. */
static void start_line(const tables *t, const table_t *tb, const render_opts *rr, const void *arg,
                       char *out, size_t cap)
{
    (void)t;
    render_opts r = *rr;
    render_seats names = tables_names(tb);
    char opts[RENDER_OPTIONS_MAX], seats[768], card[RENDER_CARD_MAX], trump[128],
        low[RENDER_CARD_MAX];
    char line[TABLES_LINE_MAX], digest[RECORD_DIGEST_HEX];
    size_t len = 0;
    const char *first = tb->seat[tb->g.first_seat].nick;
    render_options(&r, &tb->opt, opts, sizeof opts);
    render_team_seats(&r, &names, &tb->g, seats,
                      sizeof seats); /* with teams: who plays with whom */
    render_card(&r, tb->g.trump_card, card, sizeof card);
    int holder = tb->g.trump_owner; /* R3: no stock after the deal, the last card dealt */
    if (holder < tb->nseats)
        snprintf(trump, sizeof trump, msg_in(r.lang, MSG_TRUMP_HELD), card, tb->seat[holder].nick);
    else
        snprintf(trump, sizeof trump, "%s", card);
    /* R5: the lowest trump decided who attacks first; without one the no-trump rows leave `low`
     * unread */
    bool lowest = tb->g.first_trump != CARD_NONE;
    low[0] = line[0] = '\0';
    if (lowest)
        render_card(&r, tb->g.first_trump, low, sizeof low);
    if (names.you[tb->g.first_seat]) /* a private game's person attacks first: "You hold..." */
        render_appendf(line, sizeof line, &len,
                       msg_in(r.lang, lowest ? MSG_GAME_START_YOU : MSG_GAME_START_NO_TRUMP_YOU),
                       opts, seats, trump, low);
    else
        render_appendf(line, sizeof line, &len,
                       msg_in(r.lang, lowest ? MSG_GAME_START : MSG_GAME_START_NO_TRUMP), opts,
                       seats, trump, first, low);
    size_t deal = len;
    if (tb->rec.known && record_fingerprint(&tb->rec, digest)) {
        render_appendf(line, sizeof line, &len, " ");
        render_appendf(line, sizeof line, &len, msg_in(r.lang, MSG_DEAL_FINGERPRINT), digest);
    }
    if (!tb->solo) /* a private game is played where its lines are read */
        render_appendf(line, sizeof line, &len, " %s", msg_in(r.lang, MSG_GAME_START_HOW));
    if (len <= OUTQ_MAX_TEXT || len == deal)
        snprintf(out, cap, "%s", arg ? "" : line);
    else if (arg)
        snprintf(out, cap, "%s", line + deal + 1); /* after the space */
    else
        snprintf(out, cap, "%.*s", (int)deal, line);
}

static void say_start(tables *t, table_t *tb, outbox *o)
{
    static const bool rest = true;
    tables_public(t, tb, o, start_line, NULL);
    tables_public(t, tb, o, start_line, &rest);
}

/* For the operator: where a game starts, its kind and its players. */
static void log_start(const table_t *tb)
{
    char who[DURAK_MAX_PLAYERS * (NICK_MAX + 2)];
    render_seats names = tables_names(tb);
    render_seat_list(&names, who, sizeof who); /* the nicks as they are, as the start line's */
    log_msg(LOG_INFO, "%s: a game starts (%s%s, %d players: %s)", tb->channel,
            tb->opt.variant == DURAK_VARIANT_TRANSFER ? "transfer" : "classic",
            tb->opt.teams ? ", teams" : "", tb->nseats, who);
}

void play_start(tables *t, table_t *tb, double now, outbox *o)
{
    tb->opt.players = (uint8_t)tb->nseats;
    if (tb->opt.teams && tb->nseats != 4 && tb->nseats != 6) { /* R19 */
        tables_say(o, tb->channel, MSG_TEAMS_NEED_4_OR_6, tb->nseats, tables_prefix(t),
                   tables_prefix(t));
        return;
    }
    uint64_t seed = record_new_seed(t);
    if (!durak_new(&tb->g, &tb->opt, seed))
        return;
    tb->playing = true;
    for (int s = 0; s < tb->nseats; s++) {
        /* not snprintf: gcc at -O0 takes two fields of one struct for overlapping (-Wrestrict) */
        copy_str(tb->seat[s].seated, sizeof tb->seat[s].seated, tb->seat[s].nick);
        if (tables_is_ai(tb, s)) /* a rematch's seat taken over last game: a computer's now */
            tb->seat[s].account[0] = '\0';
        tb->seat[s].hints = 0; /* a rematch copies the seats */
        tb->seat[s].passed_late = tb->seat[s].leave_asked = 0;
        tb->seat[s].hinted = tb->seat[s].asked = 0;
    }
    tb->hint_wanted = 0;
    tb->hint_running = false;
    tb->news[0] = '\0';
    tb->news_bout = tb->news_trump = false;
    record_deal(t, tb, seed, now);
    log_start(tb);
    say_start(t, tb, o);
    if (!tb->solo) { /* a private game's person gets their hand with their first question */
        for (int s = 0; s < tb->nseats; s++)
            if (s != tb->g.actor)
                tables_send_hand(t, tb, s, o);
        tables_say_status(t, tb, o);
    }
    turn_arm(t, tb, now);
    turn_tell(t, tb, o);
}
