/* test_refusals.c — a move the rules refuse is explained and never played: each refusal the
 * engine can give (durak_check) has its own sentence saying what was wrong and what to do; a
 * bare card, or a card named by its rank alone, is played only when it can mean one move. */
#include "tables_harness.h"

#include "tables_internal.h"

/* Each refusal's fixed words, in English. DURAK_ERR_TABLE_FULL is not among them: the turn
 * never stays with an attacker once the table holds the bout's limit (ask_throwers, R9). */
static const struct {
    durak_error e;
    const char *says;
} REFUSALS[] = {
    { DURAK_ERR_WRONG_PHASE, "That move is not possible now: you are to " },
    { DURAK_ERR_NOT_IN_HAND, "You have no " },
    { DURAK_ERR_RANK_NOT_ON_TABLE, " cannot be added: only ranks already on the table" },
    { DURAK_ERR_NO_SUCH_TARGET, " is not an uncovered card on the table" },
    { DURAK_ERR_DOES_NOT_BEAT, " does not beat " },
    { DURAK_ERR_NOT_TRANSFER_VARIANT, "This game is classic Durak, without transfers: " },
    { DURAK_ERR_TRANSFER_COVERED, "No transfer once a card is covered: beat or take." },
    { DURAK_ERR_TRANSFER_RANK, " cannot transfer: a transfer needs the rank of the attack" },
    { DURAK_ERR_TRANSFER_TOO_MANY, " could not answer that many cards; beat or take." },
    { DURAK_ERR_TRANSFER_NOBODY, "No transfer: nobody else is left to pass it to; beat or take." },
};
enum { NREFUSALS = sizeof REFUSALS / sizeof REFUSALS[0] };

/* Refusal e's row. */
static int refusal_of(durak_error e)
{
    int i = 0;
    while (i < NREFUSALS && REFUSALS[i].e != e)
        i++;
    assert_true(i < NREFUSALS);
    return i;
}

/* Its fixed words. */
static const char *refusal_says(durak_error e) { return REFUSALS[refusal_of(e)].says; }

/* A game in #durak with these options among the first `players` NICKS, started: its table. */
static table_t *deal(harness *h, const char *options, int players)
{
    lobby(h, "#durak", options, NICKS, players);
    chan(h, "alice", "#durak", "!start");
    table_t *tb = tables_find(h->t, "#durak");
    assert_true(tb && tb->playing);
    return tb;
}

/* A random card: mostly one of the actor's, else any of the deck's. */
static card_t some_card(rng_t *r, const durak_game *g)
{
    cards_t from = g->hand[g->actor];
    if (!from || rng_below(r, 4) == 0)
        from = deck_cards(g->opt.deck);
    int k = (int)rng_below(r, (uint64_t)cards_count(from));
    while (k--)
        from &= from - 1;
    return cards_first(from);
}

/* A move of any kind with random cards: often one the rules refuse. */
static durak_action some_move(rng_t *r, const durak_game *g)
{
    static const uint8_t kinds[] = { DURAK_ACT_PLAY, DURAK_ACT_BEAT, DURAK_ACT_TAKE, DURAK_ACT_PASS,
                                     DURAK_ACT_TRANSFER };
    durak_action a = { kinds[rng_below(r, sizeof kinds)], some_card(r, g), CARD_NONE };
    cards_t same = g->nattack ? g->hand[g->actor] & cards_of_rank(card_rank(g->attack[0])) : 0;
    if (g->phase == DURAK_PHASE_DEFEND && !g->ncovered && same && rng_below(r, 2))
        return (durak_action){ DURAK_ACT_TRANSFER, cards_first(same), CARD_NONE };
    if (a.kind == DURAK_ACT_BEAT) {
        cards_t table = durak_table_cards(g);
        if (table && rng_below(r, 4))
            for (int k = (int)rng_below(r, (uint64_t)cards_count(table)); k--;)
                table &= table - 1;
        a.target = table ? cards_first(table) : some_card(r, g);
    }
    return a;
}

/* The refusal the bot should explain for the typed move a, or DURAK_OK to skip it: legal moves,
 * and beats that read as "beat <covered> <cover>" (Russian word order: the bot swaps them). */
static durak_error expected(const durak_game *g, durak_action a)
{
    cards_t hand = g->hand[g->actor];
    if (a.kind == DURAK_ACT_BEAT && !cards_has(hand, a.card) && cards_has(hand, a.target)
        && cards_has(durak_uncovered(g), a.card))
        return DURAK_OK;
    return durak_check(g, a);
}

/* Random games of every shape; at each turn the actor first types a random move of any kind.
 * A refused one gets its sentence (naming the seat a transfer would go to, never the defender's
 * partner: R19) and changes nothing; then a random legal move is played. Every refusal is met. */
static void test_every_refusal_explained(void **state)
{
    (void)state;
    static const struct {
        int players;
        const char *options;
    } games[] = { { 2, "" },       { 2, "transfer" }, { 3, "transfer" }, { 4, "transfer teams" },
                  { 3, "first5" }, { 4, "transfer" } };
    int seen[NREFUSALS] = { 0 }, on_table = 0, not_defending = 0;
    rng_t r;
    rng_seed(&r, 12);
    for (int game = 0; game < 480; game++) {
        harness *h = h_new((uint64_t)game + 1);
        table_t *tb = deal(h, games[game % 6].options, games[game % 6].players);
        while (tb->used && !durak_over(&tb->g)) {
            const durak_game *g = &tb->g;
            const char *me = tb->seat[g->actor].nick;
            durak_action a = some_move(&r, g), acts[DURAK_MAX_ACTIONS];
            durak_error e = expected(g, a);
            char text[64], serial[DURAK_SERIAL_MAX], after[DURAK_SERIAL_MAX];
            if (e != DURAK_OK) {
                int i = refusal_of(e), to = durak_opponent_after(g, g->defender);
                assert_true(durak_serialize(g, serial, sizeof serial) > 0);
                priv(h, me, durak_action_format(a, text, sizeof text));
                /* a card of the table named as one's own by its defender: said to be there, with a
                 * way to cover it; by an attacker (the defender takes it), only not held */
                bool there = e == DURAK_ERR_NOT_IN_HAND && cards_has(durak_uncovered(g), a.card)
                             && g->phase == DURAK_PHASE_DEFEND;
                const char *line =
                    said(h, me, there ? " is on the table, not in your hand" : REFUSALS[i].says);
                on_table += there;
                if (!line)
                    fail_msg("\"%s\" (error %d) is not explained: %s", text, e,
                             h->o.len ? h->o.items[0].text : "(nothing said)");
                assert_true(durak_serialize(g, after, sizeof after) > 0);
                assert_string_equal(serial, after); /* nothing played */
                if (e
                    == DURAK_ERR_NOT_TRANSFER_VARIANT) { /* what to do: a leader does not defend */
                    char task[512], want[600];
                    render_opts ro = tables_ropts_to(h->t, me);
                    render_seats names = tables_names(tb);
                    render_task(&ro, &names, g, true, task, sizeof task);
                    snprintf(want, sizeof want, "without transfers: you are to %s.", task);
                    if (!reads(line, want))
                        fail_msg("wanted \"%s\" in: %s", want, line);
                    not_defending += g->phase != DURAK_PHASE_DEFEND;
                }
                if (e == DURAK_ERR_TRANSFER_TOO_MANY) {
                    char named[128];
                    snprintf(named, sizeof named, "No transfer: %s could", tb->seat[to].nick);
                    if (!reads(line, named))
                        fail_msg("wanted \"%s\" in: %s", named, line);
                }
                seen[i]++;
            }
            int n = durak_legal(g, acts);
            priv(h, me, durak_action_format(acts[rng_below(&r, (uint64_t)n)], text, sizeof text));
        }
        h_free(h);
    }
    for (int i = 0; i < NREFUSALS; i++)
        if (!seen[i])
            fail_msg("refusal %d never met", REFUSALS[i].e);
    assert_true(on_table > 0);
    assert_true(not_defending > 0); /* a classic game's transfer typed by an attacker */
}

/* The three tests below type one line at each turn of 24 random games (2 to 4 players, classic
 * and transfer; their moves from `seed`, their deals from `first_deal` on). `typed` types it,
 * checks the answer and returns the case it met: 0 when the line was played, -1 when it typed
 * nothing. Unless the line was played, the actor then makes a random legal move. Each case k with
 * bit k of `must` set must be met. */
typedef int (*typed_fn)(harness *h, table_t *tb, rng_t *r);

static void at_each_turn(uint64_t seed, uint64_t first_deal, typed_fn typed, unsigned must)
{
    int seen[8] = { 0 };
    rng_t r;
    rng_seed(&r, seed);
    for (int game = 0; game < 24; game++) {
        harness *h = h_new(first_deal + (uint64_t)game);
        table_t *tb = deal(h, game % 2 ? "transfer" : "", 2 + game % 3);
        while (tb->used && !durak_over(&tb->g)) {
            const char *me = tb->seat[tb->g.actor].nick;
            int moves = tb->rec.nmoves, kind = typed(h, tb, &r);
            if (kind >= 0)
                seen[kind]++;
            if (kind == 0) { /* played: the game may have ended with it */
                assert_true(!tb->used || tb->rec.nmoves == moves + 1);
                continue;
            }
            assert_int_equal(tb->rec.nmoves, moves);
            durak_action acts[DURAK_MAX_ACTIONS];
            char text[64];
            int n = durak_legal(&tb->g, acts);
            priv(h, me, durak_action_format(acts[rng_below(&r, (uint64_t)n)], text, sizeof text));
        }
        h_free(h);
    }
    for (int k = 0; k < 8; k++)
        if (must >> k & 1 && !seen[k])
            fail_msg("case %d never met", k);
}

/* The answer to `text` that holds `says`, or a failure naming the line and what was said. */
static const char *answered(const harness *h, const char *me, const char *text, const char *says,
                            int moves)
{
    const char *line = said(h, me, says);
    if (!line)
        fail_msg("\"%s\" (%d moves): %s", text, moves,
                 h->o.len ? h->o.items[0].text : "(nothing said)");
    return line;
}

/* A bare card ("7S") is played when it can mean one move only; otherwise it is explained: not in
 * the hand, no move with it now (the moves listed), or several (type the whole move). */
static int bare_card(harness *h, table_t *tb, rng_t *r)
{
    static const char *const says[] = { NULL, "You have no ",
                                        " is not a move now. Your moves: ", " can mean ",
                                        " is on the table, not in your hand" };
    const durak_game *g = &tb->g;
    const char *me = tb->seat[g->actor].nick;
    durak_action acts[DURAK_MAX_ACTIONS];
    card_t c = some_card(r, g);
    int n = durak_legal(g, acts), with = 0;
    for (int i = 0; i < n; i++)
        with += acts[i].card == c;
    bool defending = g->phase == DURAK_PHASE_DEFEND; /* not "cover it" to one who attacks */
    int kind = with == 1                                       ? 0
               : defending && cards_has(durak_uncovered(g), c) ? 4
               : !cards_has(g->hand[g->actor], c)              ? 1
               : with == 0                                     ? 2
                                                               : 3;
    char text[64];
    priv(h, me, card_format(c, text));
    const char *line = kind ? answered(h, me, text, says[kind], with) : NULL;
    if (kind == 4 && !strstr(line, ", like beat ") && !strstr(line, "take, or type"))
        fail_msg("no way to cover it offered: %s", line);
    return kind;
}

static void test_bare_card(void **state)
{
    (void)state;
    at_each_turn(13, 100, bare_card, 0x1f); /* played, not held, no move, several, on the table */
}

/* `beat C` without the card it covers (R7): played when C covers one card only; otherwise
 * explained: C is not in the hand, or it could cover several (the beats listed). */
static int beat_without_target(harness *h, table_t *tb, rng_t *r)
{
    static const char *const says[] = { NULL, "You have no ", "Say which card ",
                                        " is on the table, not in your hand" };
    const durak_game *g = &tb->g;
    durak_action acts[DURAK_MAX_ACTIONS];
    int n = durak_legal(g, acts), beats = 0;
    card_t c = some_card(r, g);
    for (int i = 0; i < n; i++)
        beats += acts[i].kind == DURAK_ACT_BEAT && acts[i].card == c;
    int kind = cards_has(durak_uncovered(g), c)   ? 3
               : !cards_has(g->hand[g->actor], c) ? 1
               : beats > 1                        ? 2
               : beats == 1                       ? 0
                                                  : -1;
    if (g->phase != DURAK_PHASE_DEFEND || kind < 0)
        return -1;
    const char *me = tb->seat[g->actor].nick;
    char text[64], card[4];
    snprintf(text, sizeof text, "beat %s", card_format(c, card));
    priv(h, me, text);
    if (kind)
        answered(h, me, text, says[kind], beats);
    return kind;
}

static void test_beat_without_target(void **state)
{
    (void)state;
    at_each_turn(14, 200, beat_without_target, 0xf); /* played, not held, several, on the table */
}

/* A card named by its rank alone ("7", "play Q", "beat 10", "transfer 8") is played when the hand
 * and the command's kind allow one move only with a card of that rank; otherwise explained: no
 * card of that rank, none of them a move now (the moves listed), or several (the whole move). */
static int bare_rank(harness *h, table_t *tb, rng_t *r)
{
    static const char *const words[] = { "", "play ", "beat ", "transfer " };
    static const int kinds[] = { -1, DURAK_ACT_PLAY, DURAK_ACT_BEAT, DURAK_ACT_TRANSFER };
    static const char *const says[] = { NULL, "You have no ",
                                        " is not a move now. Your moves: ", " can mean " };
    const durak_game *g = &tb->g;
    int actor = g->actor, rank = card_rank(some_card(r, g)), w = (int)rng_below(r, 4);
    const char *me = tb->seat[actor].nick;
    durak_action acts[DURAK_MAX_ACTIONS], found = { 0 };
    int n = durak_legal(g, acts), with = 0;
    for (int i = 0; i < n; i++)
        if (acts[i].card < 64 && card_rank(acts[i].card) == rank
            && (kinds[w] < 0 || acts[i].kind == kinds[w])) {
            found = acts[i];
            with++;
        }
    int kind = with == 1 ? 0 : !(g->hand[actor] & cards_of_rank(rank)) ? 1 : with == 0 ? 2 : 3;
    durak_error why = DURAK_OK; /* "beat 8" while leading: the kind is refused, not the card */
    if (kind == 2 && kinds[w] >= 0) {
        durak_action a = { (uint8_t)kinds[w], cards_first(g->hand[actor] & cards_of_rank(rank)),
                           CARD_NONE };
        why = durak_check(g, a);
        why =
            why == DURAK_ERR_WRONG_PHASE || why == DURAK_ERR_NOT_TRANSFER_VARIANT ? why : DURAK_OK;
    }
    char text[64], card[4];
    card_format(card_make(rank, SUIT_SPADES), card); /* "7S": the rank is all but its S */
    card[strlen(card) - 1] = '\0';
    snprintf(text, sizeof text, "%s%s", words[w],
             rank == RANK_10 ? "10" : card); /* "T" is the ten or the ace: asked */
    priv(h, me, text);
    if (kind)
        answered(h, me, text, why ? refusal_says(why) : says[kind], with);
    else if (tb->used && cards_has(tb->g.hand[actor], found.card)) /* that very card went */
        fail_msg("\"%s\": %s still held", text, card_format(found.card, card));
    return why ? 4 : kind;
}

static void test_bare_rank(void **state)
{
    (void)state;
    /* played, not held, no move, several moves, not that kind of move now */
    at_each_turn(15, 300, bare_rank, 0x1f);
}

static const char *const MOVE_WORDS[] = { "throw", "beat", "transfer" };
static const int MOVE_KINDS[] = { DURAK_ACT_PLAY, DURAK_ACT_BEAT, DURAK_ACT_TRANSFER };

/* A move word without its card ("transfer" alone) on one's turn is answered from the position:
 * the moves of its kind, all of them; or, with none, why: a transfer in a classic game, or one a
 * card of the attack's rank could not make, by its own refusal (each possible one is met over
 * the games); else the wrong kind of move, with the moves there are. Never played. */
static int word_alone(harness *h, table_t *tb, rng_t *r)
{
    const durak_game *g = &tb->g;
    const char *me = tb->seat[g->actor].nick;
    int w = (int)rng_below(r, 3);
    durak_action acts[DURAK_MAX_ACTIONS];
    int n = durak_legal(g, acts), k = 0;
    for (int i = 0; i < n; i++)
        k += acts[i].kind == MOVE_KINDS[w];
    cards_t same = g->nattack ? g->hand[g->actor] & cards_of_rank(card_rank(g->attack[0])) : 0;
    durak_action a = { (uint8_t)MOVE_KINDS[w], same ? cards_first(same) : CARD_NONE, CARD_NONE };
    durak_error e = durak_check(g, a);
    bool own = w == 2 && (same || e == DURAK_ERR_NOT_TRANSFER_VARIANT);
    if (w == 0 && rng_below(r, 2)) { /* "play" alone: a private game's word too */
        priv(h, me, "play");
        if (k) { /* its example: a card the player may play now */
            example_is_theirs(h, me, "e.g. play ");
            return -1;
        }
        answered(h, me, "play", "That move is not possible now: you are to ", 0);
        return 6;
    }
    durak_action one = acts[0];
    for (int i = 0; i < n; i++)
        one = acts[i].kind == MOVE_KINDS[w] ? acts[i] : one;
    int moves = tb->rec.nmoves;
    priv(h, me, MOVE_WORDS[w]);
    if (k == 1) {     /* the one move of its kind: made, as "перевожу" alone means it */
        if (tb->used) /* else the game ended with it, and its record is saved */
            assert_true(tb->rec.nmoves == moves + 1 && tb->rec.move[moves].kind == one.kind
                        && tb->rec.move[moves].card == one.card
                        && tb->rec.move[moves].target == one.target);
        return 0;
    }
    if (k) { /* all of them, in the order and words of "moves" */
        const char *line = answered(h, me, MOVE_WORDS[w], " needs a card to play: ", k);
        durak_action mine[DURAK_MAX_ACTIONS];
        int m = turn_moves(g, acts), j = 0;
        for (int i = 0; i < m; i++)
            if (acts[i].kind == MOVE_KINDS[w])
                mine[j++] = acts[i];
        char list[TABLES_LINE_MAX];
        render_opts ro = tables_ropts_to(h->t, me);
        render_actions(&ro, mine, j, list, sizeof list);
        if (!strstr(line, list) || strcmp(strstr(line, list), list))
            fail_msg("\"%s\": wanted the moves %s in: %s", MOVE_WORDS[w], list, line);
        return 1;
    }
    answered(h, me, MOVE_WORDS[w], refusal_says(own ? e : DURAK_ERR_WRONG_PHASE), 0);
    return own ? (e == DURAK_ERR_NOT_TRANSFER_VARIANT ? 3
                  : e == DURAK_ERR_TRANSFER_COVERED   ? 4
                                                      : 5)
               : 2;
}

static void test_word_alone(void **state)
{
    (void)state;
    /* the one move made, moves listed, wrong kind, classic, covered, too many or nobody left,
     * "play" alone */
    at_each_turn(16, 400, word_alone, 0x7f);
}

/* Another person under the actor's nick learns nothing of the position from a move word: the
 * parser's own example, not the actor's moves. */
static void test_word_alone_stranger(void **state)
{
    (void)state;
    harness *h = h_new(7);
    table_t *tb = deal(h, "", 2);
    const char *me = tb->seat[tb->g.actor].nick;
    tables_who stranger = who(me);
    stranger.user = "u_someone_else";
    priv_as(h, &stranger, "beat");
    assert_non_null(said(h, me, "beat needs a card to play: beat 9"));
    priv(h, me, "beat"); /* the attacker leads: no beat now */
    assert_non_null(said(h, me, "That move is not possible now: you are to "));
    h_free(h);
}

/* Off one's turn a move word alone, or two moves in a line, is told whose turn it is, as a whole
 * move would be: not an example of a move one cannot make. */
static void test_word_off_turn(void **state)
{
    (void)state;
    harness *h = h_new(7);
    table_t *tb = deal(h, "", 2);
    const char *other = tb->seat[1 - tb->g.actor].nick;
    const char *lines[] = { "beat", "throw", "transfer", "throw 7h 8h" };
    for (size_t i = 0; i < sizeof lines / sizeof *lines; i++) {
        priv(h, other, lines[i]);
        if (!said(h, other, "No moves for you now: "))
            fail_msg("\"%s\": %s", lines[i], h->o.len ? h->o.items[0].text : "(nothing said)");
    }
    h_free(h);
}

/* Two moves in one line ("throw 7♥ 7♠"): "one card at a time" when the first is a move now; when
 * it is not, why (as if it alone had been typed), not two moves that cannot be made either.
 * Nothing is played. */
static int two_moves(harness *h, table_t *tb, rng_t *r)
{
    const durak_game *g = &tb->g;
    const char *me = tb->seat[g->actor].nick;
    int w = rng_below(r, 2) ? 2 : 0;
    card_t first = some_card(r, g), next = some_card(r, g);
    if (next == first)
        return -1;
    durak_action a = { (uint8_t)MOVE_KINDS[w], first, CARD_NONE };
    durak_error e = durak_check(g, a);
    char text[64], c1[4], c2[4];
    snprintf(text, sizeof text, "%s %s %s", MOVE_WORDS[w], card_format(first, c1),
             card_format(next, c2));
    priv(h, me, text);
    if (e == DURAK_OK) { /* R17: a transferer attacks next, so no second transfer is offered */
        answered(h, me, text,
                 w == 2 ? "a transfer is made with one card: " : "one card at a time: ", 0);
        return 1;
    }
    bool there = e == DURAK_ERR_NOT_IN_HAND && cards_has(durak_uncovered(g), first)
                 && g->phase == DURAK_PHASE_DEFEND;
    answered(h, me, text, there ? " is on the table, not in your hand" : refusal_says(e), 0);
    return e == DURAK_ERR_WRONG_PHASE ? 2 : 3;
}

/* "beat trump" ("бью козырем"): the hand says which trump. One trump that covers is played (0);
 * none held is said so (1); held but no move (2); several are listed, not guessed (3). */
static int beat_a_trump(harness *h, table_t *tb, rng_t *r)
{
    (void)r;
    const durak_game *g = &tb->g;
    const char *me = tb->seat[g->actor].nick;
    durak_action acts[DURAK_MAX_ACTIONS];
    int n = durak_legal(g, acts), k = 0;
    for (int i = 0; i < n; i++)
        k += acts[i].kind == DURAK_ACT_BEAT && card_suit(acts[i].card) == g->trump;
    bool held = (g->hand[g->actor] & cards_of_suit(g->trump)) != 0;
    priv(h, me, "beat trump");
    if (k == 1)
        return 0;
    /* not "no trump is a move" to one who leads or adds: trumps may go, but not by beating */
    answered(h, me, "beat trump",
             !held                            ? "You have no trump: type hand"
             : g->phase != DURAK_PHASE_DEFEND ? "That move is not possible now: you are to "
             : k == 0                         ? "No trump is a move now. Your moves: "
                                              : "A trump can mean beat ",
             0);
    return !held ? 1 : k == 0 ? 2 : 3;
}

/* "beat 7h trump" ("бью 7ч козырем"): that uncovered card, covered by a trump the hand says. As
 * above, with only the trumps that cover it counted: one is played on it (0), none held (1), held
 * but none covers it (2), several listed (3). */
static int beat_card_with_a_trump(harness *h, table_t *tb, rng_t *r)
{
    const durak_game *g = &tb->g;
    cards_t open = durak_uncovered(g);
    if (g->phase != DURAK_PHASE_DEFEND || !open)
        return -1;
    card_t x = cards_first(open);
    for (uint64_t skip = rng_below(r, (uint64_t)cards_count(open)); skip--;)
        x = cards_first(open &= open - 1);
    const char *me = tb->seat[g->actor].nick;
    durak_action acts[DURAK_MAX_ACTIONS];
    int n = durak_legal(g, acts), k = 0;
    for (int i = 0; i < n; i++)
        k += acts[i].kind == DURAK_ACT_BEAT && card_suit(acts[i].card) == g->trump
             && acts[i].target == x;
    bool held = (g->hand[g->actor] & cards_of_suit(g->trump)) != 0;
    char text[64], c[8];
    snprintf(text, sizeof text, "beat %s trump", parse_write_card(x, false, c));
    int moves = tb->rec.nmoves;
    priv(h, me, text);
    if (k == 1) {
        if (tb->used) /* else the game ended with it, and its record is saved */
            assert_int_equal(tb->rec.move[moves].target, x);
        return 0;
    }
    answered(h, me, text,
             !held    ? "You have no trump: type hand"
             : k == 0 ? "No trump is a move now. Your moves: "
                      : "A trump can mean beat ",
             0);
    return !held ? 1 : k == 0 ? 2 : 3;
}

static void test_beat_card_with_a_trump(void **state)
{
    (void)state;
    at_each_turn(23, 900, beat_card_with_a_trump, 0xf);
}

/* Russian ranks as players type them (a Cyrillic Т is the ace). */
static const char *const RU_RANKS[RANK_COUNT] = { "2", "3",  "4", "5", "6", "7", "8",
                                                  "9", "10", "В", "Д", "К", "Т" };

/* "бью 9 козырной": the card of that rank in the trump suit, as if typed with its suit. Played
 * when it covers one card (0); not held (1); held but no move (2); covering several, listed (3). */
static int beat_rank_of_trumps(harness *h, table_t *tb, rng_t *r)
{
    const durak_game *g = &tb->g;
    if (g->phase != DURAK_PHASE_DEFEND)
        return -1;
    int rank = RANK_6 + (int)rng_below(r, RANK_COUNT - RANK_6);
    card_t x = card_make(rank, g->trump);
    durak_action acts[DURAK_MAX_ACTIONS];
    int n = durak_legal(g, acts), k = 0;
    for (int i = 0; i < n; i++)
        k += acts[i].kind == DURAK_ACT_BEAT && acts[i].card == x;
    const char *me = tb->seat[g->actor].nick;
    char text[64];
    snprintf(text, sizeof text, "бью %s козырной", RU_RANKS[rank]);
    int moves = tb->rec.nmoves;
    priv(h, me, text);
    if (k == 1) {
        if (tb->used)
            assert_int_equal(tb->rec.move[moves].card, x);
        return 0;
    }
    bool held = cards_has(g->hand[g->actor], x);
    answered(h, me, text,
             !held    ? "У вас нет "
             : k == 0 ? " сейчас ходить нельзя. Ваши ходы: "
                      : " может значить ",
             0);
    return !held ? 1 : k == 0 ? 2 : 3;
}

static void test_beat_rank_of_trumps(void **state)
{
    (void)state;
    at_each_turn(29, 950, beat_rank_of_trumps, 0xf);
}

/* "бью младшим козырем": of the trumps that beat, the lowest. Played when it covers one card (0);
 * no trump held (1); none a move (2); the lowest covering several, listed (3). */
static int beat_lowest_trump(harness *h, table_t *tb, rng_t *r)
{
    (void)r;
    const durak_game *g = &tb->g;
    if (g->phase != DURAK_PHASE_DEFEND)
        return -1;
    durak_action acts[DURAK_MAX_ACTIONS];
    int n = durak_legal(g, acts), low = RANK_COUNT, k = 0;
    for (int i = 0; i < n; i++)
        if (acts[i].kind == DURAK_ACT_BEAT && card_suit(acts[i].card) == g->trump
            && card_rank(acts[i].card) <= low) {
            k = card_rank(acts[i].card) < low ? 1 : k + 1;
            low = card_rank(acts[i].card);
        }
    const char *me = tb->seat[g->actor].nick, *text = "бью младшим козырем";
    bool held = (g->hand[g->actor] & cards_of_suit(g->trump)) != 0;
    int moves = tb->rec.nmoves;
    priv(h, me, text);
    if (k == 1) {
        if (tb->used)
            assert_int_equal(tb->rec.move[moves].card, card_make(low, g->trump));
        return 0;
    }
    answered(h, me, text,
             !held    ? "У вас нет козырей"
             : k == 0 ? "Козырем сейчас ходить нельзя. Ваши ходы: "
                      : " может значить ",
             0);
    return !held ? 1 : k == 0 ? 2 : 3;
}

static void test_beat_lowest_trump(void **state)
{
    (void)state;
    at_each_turn(31, 970, beat_lowest_trump, 0xf);
}

/* "beat 7h Q" ("бью 7ч дамой"): that uncovered card, covered by a card of that rank the hand says
 * (the rank of a random card held). One that covers it is played (0); none covers it (1); several
 * listed (2). */
static int beat_card_with_a_rank(harness *h, table_t *tb, rng_t *r)
{
    const durak_game *g = &tb->g;
    cards_t open = durak_uncovered(g), held = g->hand[g->actor];
    if (g->phase != DURAK_PHASE_DEFEND || !open || !held)
        return -1;
    card_t x = cards_first(open), c = cards_first(held);
    for (uint64_t skip = rng_below(r, (uint64_t)cards_count(held)); skip--;)
        c = cards_first(held &= held - 1);
    durak_action acts[DURAK_MAX_ACTIONS];
    int n = durak_legal(g, acts), k = 0;
    for (int i = 0; i < n; i++)
        k += acts[i].kind == DURAK_ACT_BEAT && card_rank(acts[i].card) == card_rank(c)
             && acts[i].target == x;
    char text[64], xs[8], cs[8];
    parse_write_card(c, false, cs);
    snprintf(text, sizeof text, "beat %s %.*s", parse_write_card(x, false, xs), (int)strlen(cs) - 1,
             cs); /* the rank alone: "Q" of "Qs" */
    const char *me = tb->seat[g->actor].nick;
    int moves = tb->rec.nmoves;
    priv(h, me, text);
    if (k == 1) {
        if (tb->used)
            assert_int_equal(tb->rec.move[moves].target, x);
        return 0;
    }
    answered(h, me, text, k == 0 ? " is not a move now. Your moves: " : " can mean beat ", 0);
    return k == 0 ? 1 : 2;
}

static void test_beat_card_with_a_rank(void **state)
{
    (void)state;
    at_each_turn(29, 1100, beat_card_with_a_rank, 0x7);
}

static void test_beat_a_trump(void **state)
{
    (void)state;
    at_each_turn(19, 700, beat_a_trump, 0xf);
}

static void test_two_moves(void **state)
{
    (void)state;
    at_each_turn(17, 500, two_moves, 0xe); /* one at a time, wrong kind, another refusal */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_refusal_explained),
        cmocka_unit_test(test_bare_card),
        cmocka_unit_test(test_beat_without_target),
        cmocka_unit_test(test_bare_rank),
        cmocka_unit_test(test_word_alone),
        cmocka_unit_test(test_word_alone_stranger),
        cmocka_unit_test(test_word_off_turn),
        cmocka_unit_test(test_two_moves),
        cmocka_unit_test(test_beat_a_trump),
        cmocka_unit_test(test_beat_card_with_a_trump),
        cmocka_unit_test(test_beat_rank_of_trumps),
        cmocka_unit_test(test_beat_lowest_trump),
        cmocka_unit_test(test_beat_card_with_a_rank),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
