/* test_engine_sim: random games over every option combination and 2..6 players, teams
 * too; after every action it checks cards, legality, refusals, serialization, views,
 * R9/R17 and R19 (nobody attacks or throws in against their partner). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "card.h"
#include "durak.h"
#include "rng.h"

enum {
    GAMES_PER_SETUP = 100,
    MAX_GAME_ACTIONS = 5000,
    UNLISTED_SAMPLES = 4,
    RESIGN_ONE_IN = 400,
    CORRUPT_EVERY = 16
};

/* One game being played: what it is, where it is, and what the checks have seen. */
typedef struct {
    durak_options opt;
    uint64_t seed;
    long step;        /* actions applied so far */
    rng_t rng;        /* the random player's choices */
    int defence_hand; /* R9: defender's hand when their defence began */
    int defence_cap;  /* R9: 6, or 5 in the first bout with first5 */
} sim_game;

typedef struct {
    long games, actions, resigns, draws, wins, duraks, team_lost, one_team;
    long corrupt_tried, corrupt_accepted;
} sim_totals;

#define CHECK(sim, cond)                                                                           \
    do {                                                                                           \
        if (!(cond))                                                                               \
            sim_fail(sim, #cond, __LINE__);                                                        \
    } while (0)

static void sim_fail(const sim_game *sim, const char *what, int line)
{
    const durak_options *o = &sim->opt;
    fail_msg("line %d: %s\n  game: players=%d variant=%s throwin=%s first5=%s deck=%d "
             "teams=%s seed=%llu, after %ld actions",
             line, what, o->players, o->variant ? "transfer" : "classic",
             o->throwin ? "neighbours" : "all", o->first5 ? "on" : "off", o->deck,
             o->teams ? "on" : "off", (unsigned long long)sim->seed, sim->step);
}

/* ---- invariants of one position -------------------------------------------------- */

/* Every card of the deck exactly once: hands, table, stock, discard. */
static void check_cards(const sim_game *sim, const durak_game *g)
{
    cards_t seen = 0;
    int count = 0;
    for (int s = 0; s < g->opt.players; s++) {
        CHECK(sim, (seen & g->hand[s]) == 0);
        CHECK(sim, (g->known[s] & ~g->hand[s]) == 0); /* known ⊆ hand */
        seen |= g->hand[s];
        count += cards_count(g->hand[s]);
    }
    for (int i = 0; i < g->nattack; i++) {
        CHECK(sim, g->attack[i] < 64 && !cards_has(seen, g->attack[i]));
        seen |= card_bit(g->attack[i]);
        count++;
        if (g->cover[i] != CARD_NONE) {
            CHECK(sim, g->cover[i] < 64 && !cards_has(seen, g->cover[i]));
            seen |= card_bit(g->cover[i]);
            count++;
        }
    }
    for (int i = 0; i < g->stock_len; i++) {
        CHECK(sim, g->stock[i] < 64 && !cards_has(seen, g->stock[i]));
        seen |= card_bit(g->stock[i]);
        count++;
    }
    CHECK(sim, (seen & g->discard) == 0);
    CHECK(sim, (g->seen_discard & ~g->discard) == 0);
    seen |= g->discard;
    count += cards_count(g->discard);
    CHECK(sim, seen == deck_cards(g->opt.deck));
    CHECK(sim, count == g->opt.deck);
    CHECK(sim, g->stock_len == 0 || g->stock[0] == g->trump_card); /* R3 */
}

/* R4: every cover beats its attack card. */
static void check_covers(const sim_game *sim, const durak_game *g)
{
    for (int i = 0; i < g->nattack; i++)
        CHECK(sim, g->cover[i] == CARD_NONE || card_beats(g->cover[i], g->attack[i], g->trump));
}

static bool is_neighbour(const durak_game *g, int seat)
{
    int d = g->defender, n = g->opt.players;
    int before = d, after = durak_next(g, d);
    do
        before = (before + n - 1) % n;
    while (!durak_in_game(g, before));
    return seat == before || seat == after || (g->opt.teams && seat == g->attacker);
}

/* Whose turn it is, the phase and the table agree (R6–R12, R14). */
static void check_turn(const sim_game *sim, const durak_game *g)
{
    if (durak_over(g)) {
        CHECK(sim, durak_actor(g) == -1);
        return;
    }
    int actor = durak_actor(g);
    CHECK(sim, durak_in_game(g, actor));
    CHECK(sim, durak_in_game(g, g->defender));
    CHECK(sim, g->attacker != g->defender);
    CHECK(sim, durak_team_of(g, g->attacker) != durak_team_of(g, g->defender)); /* R19 */
    CHECK(sim, g->ncovered <= g->nattack);
    for (int s = 0; s < g->opt.players; s++) /* R14: empty hand, no stock: out */
        CHECK(sim, !(durak_in_game(g, s) && g->stock_len == 0 && g->hand[s] == 0));
    switch (g->phase) {
    case DURAK_PHASE_ATTACK:
        CHECK(sim, g->nattack == 0 && actor == g->attacker && g->hand[actor] != 0);
        break;
    case DURAK_PHASE_DEFEND: CHECK(sim, actor == g->defender && g->ncovered < g->nattack); break;
    case DURAK_PHASE_THROWIN:
    case DURAK_PHASE_TAKING:
        CHECK(sim, actor != g->defender && g->nattack > 0);
        CHECK(sim, actor != durak_partner(g, g->defender)); /* R19 */
        CHECK(sim, g->phase == DURAK_PHASE_TAKING || g->ncovered == g->nattack);
        if (g->opt.throwin == DURAK_THROWIN_NEIGHBOURS)
            CHECK(sim, is_neighbour(g, actor)); /* R10 */
        break;
    default: CHECK(sim, false);
    }
}

/* R9 (and R17 through it): never more attack cards than the defender held when their
 * defence began, nor than 6 (5 in the first bout with first5). */
static void check_limit(sim_game *sim, const durak_game *g, bool transferred)
{
    if (durak_over(g))
        return;
    if (g->phase == DURAK_PHASE_ATTACK || transferred) {
        sim->defence_hand = cards_count(g->hand[g->defender]);
        sim->defence_cap = g->opt.first5 && g->bouts == 1 ? 5 : 6;
    }
    CHECK(sim, g->nattack <= sim->defence_hand);
    CHECK(sim, g->nattack <= sim->defence_cap);
}

/* The end (R15, R18). */
static void check_result(const sim_game *sim, const durak_game *g)
{
    int left = 0;
    for (int s = 0; s < g->opt.players; s++)
        left += durak_in_game(g, s);
    switch (g->result) {
    case DURAK_RESULT_DURAK:
        CHECK(sim, g->stock_len == 0 && left == 1 && durak_in_game(g, g->result_seat));
        CHECK(sim, g->hand[g->result_seat] != 0);
        break;
    case DURAK_RESULT_DRAW: /* all out together, or R16 */
        CHECK(sim, left == 0 || left >= 2);
        break;
    case DURAK_RESULT_WON: CHECK(sim, !g->opt.teams && left <= 1 && g->forfeited != 0); break;
    case DURAK_RESULT_TEAM_LOST: /* R19: a forfeit, or one team left */
        CHECK(sim, g->opt.teams
                       && ((g->forfeited >> g->result_seat) & 1 ? g->forfeited != 0 : left >= 2));
        CHECK(sim, (g->forfeited >> g->result_seat) & 1 || durak_one_team_left(g));
        break;
    default: CHECK(sim, false);
    }
}

/* ---- legal and illegal actions --------------------------------------------------------- */

static bool same_action(durak_action a, durak_action b)
{
    if (a.kind != b.kind)
        return false;
    if (a.kind == DURAK_ACT_TAKE || a.kind == DURAK_ACT_PASS)
        return true;
    return a.card == b.card && (a.kind != DURAK_ACT_BEAT || a.target == b.target);
}

/* Each listed action is well-formed for its phase and applies on a copy. */
static void check_listed(const sim_game *sim, const durak_game *g, const durak_action *acts, int n)
{
    CHECK(sim, durak_over(g) ? n == 0 : n > 0);
    cards_t hand = durak_over(g) ? 0 : g->hand[durak_actor(g)];
    unsigned ranks = cards_ranks(durak_table_cards(g));
    for (int i = 0; i < n; i++) {
        durak_action a = acts[i];
        for (int j = 0; j < i; j++)
            CHECK(sim, !same_action(a, acts[j]));
        if (a.kind != DURAK_ACT_TAKE && a.kind != DURAK_ACT_PASS)
            CHECK(sim, a.card < 64 && cards_has(hand, a.card));
        if (a.kind == DURAK_ACT_PLAY && g->phase != DURAK_PHASE_ATTACK)
            CHECK(sim, (ranks >> card_rank(a.card)) & 1); /* R8 */
        if (a.kind == DURAK_ACT_BEAT)
            CHECK(sim, cards_has(durak_uncovered(g), a.target)
                           && card_beats(a.card, a.target, g->trump)); /* R4 */
        if (a.kind == DURAK_ACT_TRANSFER)                              /* R17 */
            CHECK(sim, g->opt.variant == DURAK_VARIANT_TRANSFER && g->ncovered == 0
                           && card_rank(a.card) == card_rank(g->attack[0]));
        CHECK(sim, durak_check(g, a) == DURAK_OK);
        durak_game copy = *g;
        CHECK(sim, durak_apply(&copy, a) == DURAK_OK);
    }
}

static uint8_t random_card(sim_game *sim, cards_t likely)
{
    uint64_t r = rng_below(&sim->rng, 8);
    if (r == 0)
        return CARD_NONE;
    if (r < 5 && likely) {
        int k = (int)rng_below(&sim->rng, (uint64_t)cards_count(likely));
        while (k--)
            likely &= likely - 1;
        return cards_first(likely);
    }
    return (uint8_t)rng_below(&sim->rng, r == 7 ? 256 : 64);
}

/* Random actions not in the list are refused, and the game does not change. */
static void check_unlisted(sim_game *sim, const durak_game *g, const durak_action *acts, int n)
{
    cards_t hand = durak_over(g) ? g->hand[0] : g->hand[durak_actor(g)];
    for (int k = 0; k < UNLISTED_SAMPLES; k++) {
        durak_action a;
        a.kind = (uint8_t)rng_below(&sim->rng, 6);
        a.card = random_card(sim, hand);
        a.target = random_card(sim, durak_table_cards(g));
        bool listed = false;
        for (int i = 0; i < n && !listed; i++)
            listed = same_action(a, acts[i]);
        if (listed)
            continue;
        durak_game copy = *g;
        CHECK(sim, durak_check(&copy, a) != DURAK_OK);
        CHECK(sim, durak_apply(&copy, a) != DURAK_OK);
        CHECK(sim, memcmp(&copy, g, sizeof copy) == 0);
    }
}

/* ---- serialization and views ----------------------------------------------------------- */

static void check_round_trip(const sim_game *sim, const durak_game *g, char *line)
{
    durak_game back;
    int len = durak_serialize(g, line, DURAK_SERIAL_MAX);
    CHECK(sim, len > 0 && (size_t)len == strlen(line));
    memset(&back, 0xA5, sizeof back);
    CHECK(sim, durak_deserialize(&back, line));
    CHECK(sim, memcmp(&back, g, sizeof back) == 0);
}

/* A seat sees its hand, the others' known cards, the trump card, the seen discard. */
static void check_views(const sim_game *sim, const durak_game *g)
{
    static const uint64_t no_history[DURAK_MAX_HISTORY];
    uint8_t stock[DURAK_MAX_DECK];
    memset(stock, CARD_NONE, sizeof stock);
    if (g->stock_len)
        stock[0] = g->trump_card;
    for (int seat = 0; seat < g->opt.players; seat++) {
        durak_view v;
        durak_view_of(g, seat, &v);
        CHECK(sim, v.seat == seat && v.pub.hand[seat] == g->hand[seat]);
        for (int s = 0; s < g->opt.players; s++) {
            CHECK(sim, v.hand_count[s] == cards_count(g->hand[s]));
            if (s != seat)
                CHECK(sim, (v.pub.hand[s] & ~g->known[s]) == 0);
        }
        CHECK(sim, v.pub.stock_len == g->stock_len);
        CHECK(sim, memcmp(v.pub.stock, stock, sizeof stock) == 0); /* only the trump card */
        CHECK(sim, v.pub.discard == g->seen_discard);
        CHECK(sim, v.discard_count == cards_count(g->discard));
        CHECK(sim, v.pub.nhistory == 0);
        CHECK(sim, memcmp(v.pub.history, no_history, sizeof no_history) == 0);
    }
}

/* ---- corrupt lines ------------------------------------------------------------------------ */

static int separators(const char *s, size_t len)
{
    int n = 0;
    for (size_t i = 0; i < len; i++)
        n += s[i] == ' ' || s[i] == ',' || s[i] == ':';
    return n;
}

/* Damages the line in place: truncation, changed bytes, a deleted or inserted byte.
 * Returns true when the damage must be refused (a field was cut away). */
static bool damage(sim_game *sim, char *line)
{
    static const char junk[] = "0123456789abcdefABCDEF-, :SCDHTJQKA\x01\xff";
    size_t len = strlen(line);
    size_t at = (size_t)rng_below(&sim->rng, len);
    switch (rng_below(&sim->rng, 4)) {
    case 0: {
        int before = separators(line, len);
        line[at] = '\0';
        return separators(line, at) < before;
    }
    case 1:
        for (uint64_t k = 1 + rng_below(&sim->rng, 3); k; k--)
            line[rng_below(&sim->rng, len)] = junk[rng_below(&sim->rng, sizeof junk - 1)];
        return false;
    case 2: memmove(line + at, line + at + 1, len - at); return false;
    default:
        memmove(line + at + 1, line + at, len - at + 1);
        line[at] = junk[rng_below(&sim->rng, sizeof junk - 1)];
        return false;
    }
}

/* A damaged line is refused, or gives a game that keeps the invariants and can be played. */
static void check_corrupt(sim_game *sim, const char *good, sim_totals *t)
{
    char line[DURAK_SERIAL_MAX + 2];
    durak_game g;
    snprintf(line, sizeof line, "%s", good);
    bool must_refuse = damage(sim, line);
    bool accepted = durak_deserialize(&g, line);
    t->corrupt_tried++;
    if (!accepted)
        return;
    t->corrupt_accepted++;
    CHECK(sim, !must_refuse);
    check_cards(sim, &g);
    durak_action acts[DURAK_MAX_ACTIONS];
    int n = durak_over(&g) ? 0 : durak_legal(&g, acts);
    for (int i = 0; i < n; i++) {
        durak_game copy = g;
        CHECK(sim, durak_apply(&copy, acts[i]) == DURAK_OK);
        CHECK(sim, durak_validate(&copy) == NULL);
    }
}

/* ---- playing --------------------------------------------------------------------------------- */

static void maybe_resign(sim_game *sim, durak_game *g, sim_totals *t)
{
    if (durak_over(g) || rng_below(&sim->rng, RESIGN_ONE_IN) != 0)
        return;
    int seat = (int)rng_below(&sim->rng, g->opt.players);
    durak_game before = *g;
    durak_error e = durak_resign(g, seat);
    if (!durak_in_game(&before, seat)) {
        CHECK(sim, e == DURAK_ERR_BAD_SEAT && memcmp(&before, g, sizeof before) == 0);
        return;
    }
    CHECK(sim, e == DURAK_OK && !durak_in_game(g, seat) && g->hand[seat] == 0);
    CHECK(sim, (g->forfeited >> seat) & 1);
    t->resigns++;
}

/* Runs every check on the position reached. */
static void check_position(sim_game *sim, const durak_game *g, char *line, sim_totals *t)
{
    durak_action acts[DURAK_MAX_ACTIONS];
    int n = durak_legal(g, acts);
    check_cards(sim, g);
    check_covers(sim, g);
    check_turn(sim, g);
    CHECK(sim, durak_validate(g) == NULL);
    check_listed(sim, g, acts, n);
    check_unlisted(sim, g, acts, n);
    check_round_trip(sim, g, line);
    check_views(sim, g);
    if (sim->step % CORRUPT_EVERY == 0)
        check_corrupt(sim, line, t);
}

static void play_game(durak_options opt, uint64_t seed, sim_totals *t)
{
    sim_game sim = { .opt = opt, .seed = seed };
    durak_game g;
    char line[DURAK_SERIAL_MAX];
    rng_seed(&sim.rng, seed ^ UINT64_C(0x5157));
    CHECK(&sim, durak_new(&g, &opt, seed));
    check_limit(&sim, &g, false);
    while (!durak_over(&g)) {
        check_position(&sim, &g, line, t);
        durak_action acts[DURAK_MAX_ACTIONS];
        int n = durak_legal(&g, acts);
        durak_action a = acts[rng_below(&sim.rng, (uint64_t)n)];
        CHECK(&sim, durak_apply(&g, a) == DURAK_OK);
        sim.step++;
        check_limit(&sim, &g, a.kind == DURAK_ACT_TRANSFER);
        maybe_resign(&sim, &g, t);
        check_limit(&sim, &g, false);
        CHECK(&sim, sim.step < MAX_GAME_ACTIONS);
    }
    check_position(&sim, &g, line, t);
    check_result(&sim, &g);
    t->games++;
    t->actions += sim.step;
    t->draws += g.result == DURAK_RESULT_DRAW;
    t->wins += g.result == DURAK_RESULT_WON;
    t->duraks += g.result == DURAK_RESULT_DURAK;
    t->team_lost += g.result == DURAK_RESULT_TEAM_LOST;
    t->one_team += g.result == DURAK_RESULT_TEAM_LOST && !g.forfeited;
    CHECK(&sim, !opt.teams || (durak_losing_team(&g) >= 0) == (g.result != DURAK_RESULT_DRAW));
}

/* R19: teams for 4 and 6 players with every other option (40 setups), GAMES_PER_SETUP
 * games each: every card accounted for, every game ends, nobody plays against their partner. */
static void test_sim_teams(void **state)
{
    (void)state;
    static const uint8_t decks[] = { 24, 36, 52 };
    sim_totals t = { 0 };
    uint64_t seed = 900001;
    for (int d = 0; d < 3; d++)
        for (int players = 4; players <= 6; players += 2)
            for (int v = 0; v < 2; v++)
                for (int w = 0; w < 2; w++)
                    for (int f = 0; f < 2; f++) {
                        durak_options o = { .players = (uint8_t)players,
                                            .variant = (uint8_t)v,
                                            .throwin = (uint8_t)w,
                                            .first5 = (uint8_t)f,
                                            .deck = decks[d],
                                            .teams = 1 };
                        if (durak_check_options(&o))
                            continue;
                        for (int k = 0; k < GAMES_PER_SETUP; k++)
                            play_game(o, seed++, &t);
                    }
    printf("sim teams: %ld games, %ld actions, %ld duraks, %ld draws, %ld ended with one team "
           "left, %ld by a forfeit (%ld resigns)\n",
           t.games, t.actions, t.duraks, t.draws, t.one_team, t.team_lost - t.one_team, t.resigns);
    assert_int_equal(t.games, 40 * GAMES_PER_SETUP);
    assert_true(t.duraks > 0 && t.draws > 0 && t.one_team > 0 && t.wins == 0);
    assert_int_equal(t.team_lost - t.one_team, t.resigns); /* each forfeit ended its game */
}

/* Every option combination (deck 24: 2..4 players), GAMES_PER_SETUP games each. */
static void test_sim_every_option_combination(void **state)
{
    (void)state;
    static const uint8_t decks[] = { 24, 36, 52 };
    sim_totals t = { 0 };
    uint64_t seed = 1;
    for (int d = 0; d < 3; d++)
        for (int players = 2; players <= 6; players++)
            for (int v = 0; v < 2; v++)
                for (int w = 0; w < 2; w++)
                    for (int f = 0; f < 2; f++) {
                        durak_options o = { .players = (uint8_t)players,
                                            .variant = (uint8_t)v,
                                            .throwin = (uint8_t)w,
                                            .first5 = (uint8_t)f,
                                            .deck = decks[d] };
                        if (durak_check_options(&o))
                            continue;
                        for (int k = 0; k < GAMES_PER_SETUP; k++)
                            play_game(o, seed++, &t);
                    }
    printf("sim: %ld games, %ld actions, %ld duraks, %ld draws, %ld won after forfeits, "
           "%ld resigns; %ld damaged lines, %ld of them still valid games\n",
           t.games, t.actions, t.duraks, t.draws, t.wins, t.resigns, t.corrupt_tried,
           t.corrupt_accepted);
    assert_true(t.games >= 10000);
    assert_true(t.duraks > 0 && t.draws > 0 && t.wins > 0);
}

/* Lines that are not games at all. */
static void test_sim_garbage_lines_refused(void **state)
{
    (void)state;
    static const char *const lines[] = {
        "",
        "D",
        "D1",
        "D1 ",
        "D2 2,0,0,0,36",
        "D1 2,0,0,0,36",
        "D1 9,0,0,0,36",
        "D1 2,0,0,0,36 0,0,0,1,0,6,0 - - 6H,255,0,-- --",
        "x\n",
        "D1 2,0,0,0,99",
        "D1 18446744073709551616,0,0,0,36",
    };
    durak_game g;
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
        assert_false(durak_deserialize(&g, lines[i]));
}

/* ---- strict restore: each class of refusal ----------------------------------------------- */

static bool is_attack(const durak_game *g) { return g->phase == DURAK_PHASE_ATTACK; }
static bool is_defend(const durak_game *g) { return g->phase == DURAK_PHASE_DEFEND; }
static bool is_throwin(const durak_game *g) { return g->phase == DURAK_PHASE_THROWIN; }
static bool is_taking(const durak_game *g) { return g->phase == DURAK_PHASE_TAKING; }
static bool is_durak(const durak_game *g) { return g->result == DURAK_RESULT_DURAK; }
static bool no_stock_two_left(const durak_game *g)
{
    return !durak_over(g) && g->stock_len == 0 && g->nout > 0 && g->phase == DURAK_PHASE_ATTACK;
}

/* A position of a real game (random moves from seeded deals) for which `want` holds. */
static void reach(durak_game *g, int players, bool (*want)(const durak_game *))
{
    durak_options o = durak_default_options();
    o.players = (uint8_t)players;
    for (uint64_t seed = 1; seed < 1000; seed++) {
        rng_t r;
        rng_seed(&r, seed);
        assert_true(durak_new(g, &o, seed));
        for (;;) {
            if (want(g))
                return;
            if (durak_over(g))
                break;
            durak_action acts[DURAK_MAX_ACTIONS];
            int n = durak_legal(g, acts);
            assert_int_equal(durak_apply(g, acts[rng_below(&r, (uint64_t)n)]), DURAK_OK);
        }
    }
    fail_msg("no position found");
}

/* The game breaks an invariant: durak_validate names it, and its line is refused with
 * that reason (when the serialization can carry the damage at all). */
static void assert_refused(const durak_game *g, const char *want)
{
    char line[DURAK_SERIAL_MAX];
    durak_game back;
    const char *why = durak_validate(g);
    if (!why || !strstr(why, want))
        fail_msg("validate: want \"%s\", got \"%s\"", want, why ? why : "(accepted)");
    if (durak_serialize(g, line, sizeof line) < 0)
        return;
    why = durak_restore(&back, line);
    if (!why || !strstr(why, want))
        fail_msg("restore: want \"%s\", got \"%s\"\n  line: %s", want, why ? why : "(accepted)",
                 line);
    assert_false(durak_deserialize(&back, line));
}

static void assert_restores(const durak_game *g)
{
    char line[DURAK_SERIAL_MAX];
    durak_game back;
    assert_null(durak_validate(g));
    assert_true(durak_serialize(g, line, sizeof line) > 0);
    assert_null(durak_restore(&back, line));
    assert_memory_equal(&back, g, sizeof back);
}

static void test_restore_refuses_bad_seat_numbers(void **state)
{
    (void)state;
    durak_game g0, g;
    reach(&g0, 3, is_defend);
    assert_restores(&g0);
    g = g0, g.actor = 3;
    assert_refused(&g, "beyond the players");
    g = g0, g.attacker = 200;
    assert_refused(&g, "beyond the players");
    g = g0, g.defender = 5;
    assert_refused(&g, "beyond the players");
    g = g0, g.leader = 3;
    assert_refused(&g, "beyond the players");
    g = g0, g.first_seat = 4;
    assert_refused(&g, "first attacker is not a seat");
    g = g0, g.trump_owner = 1; /* while the trump card is still under the stock */
    assert_refused(&g, "owner");
    reach(&g0, 3, no_stock_two_left);
    assert_restores(&g0);
    g = g0, g.trump_owner = 0xFF;
    assert_refused(&g, "owner");
    g = g0, g.out[0] = 4;
    assert_refused(&g, "out list");
    reach(&g0, 2, is_durak);
    assert_restores(&g0);
    g = g0, g.result_seat = 2;
    assert_refused(&g, "durak");
}

/* The example of the bug: an in-game mask that contradicts the out list made the hard
 * player's playouts write past out[]. */
static void test_restore_refuses_masks_against_out_list(void **state)
{
    (void)state;
    durak_game g0, g;
    reach(&g0, 3, no_stock_two_left);
    int gone = g0.out[0];
    g = g0, g.in_game |= (uint8_t)(1 << gone);
    assert_refused(&g, "both out and in the game");
    g = g0, g.forfeited |= (uint8_t)(1 << gone);
    assert_refused(&g, "both out and in the game or forfeited");
    g = g0, g.in_game &= (uint8_t) ~(1 << g.attacker), g.forfeited |= (uint8_t)(1 << g.attacker);
    assert_refused(&g, "no longer in the game"); /* a forfeited seat still holding cards */
    g = g0, g.nout = g.bout_first_out = 0, g.out[0] = 0xFF, g.out_place[0] = 0;
    assert_refused(&g, "neither in the game, out nor forfeited");
    g = g0, g.in_game = 0x3F;
    assert_refused(&g, "beyond the players");
    g = g0, g.forfeited = g.in_game;
    assert_refused(&g, "both in the game and forfeited");
    g = g0, g.out_place[0] = 2;
    assert_refused(&g, "places");
}

static void test_restore_refuses_bad_counts(void **state)
{
    (void)state;
    durak_game g0, g;
    reach(&g0, 2, is_throwin);
    g = g0, g.limit = (uint8_t)(g.nattack - 1);
    assert_refused(&g, "limit");
    g = g0, g.limit = 0;
    assert_refused(&g, "limit");
    /* found by fuzz_state: a limit above what the defender held let a defender cover with
     * their last card, go out, and the throw-in go on against nobody */
    g = g0, g.hand[g.attacker] |= g.hand[g.defender], g.hand[g.defender] = g.known[g.defender] = 0;
    g.limit = 6;
    assert_refused(&g, "more than the defender held");
    g = g0, g.ncovered = 0; /* derived: only the struct can carry it */
    assert_null(durak_validate(&g0));
    assert_non_null(strstr(durak_validate(&g), "counts"));
    g = g0, g.table_ranks ^= 1;
    assert_non_null(strstr(durak_validate(&g), "ranks"));
    g = g0, g.uncovered = g.table; /* derived too: the table as sets */
    assert_non_null(strstr(durak_validate(&g), "card sets"));
    g = g0, g.table &= g.table - 1;
    assert_non_null(strstr(durak_validate(&g), "card sets"));
    g = g0, g.bouts = 0;
    assert_refused(&g, "bout counters");
    g = g0, g.nhistory = (uint16_t)(g.bouts + 1);
    assert_refused(&g, "more situations recorded than bouts");
    g = g0, g.history[DURAK_MAX_HISTORY - 1] = 42;
    assert_non_null(strstr(durak_validate(&g), "beyond the count"));
    g = g0, g.bout_first_out = 1;
    assert_refused(&g, "more players out than seats");
    reach(&g0, 2, is_attack);
    g = g0, g.stock[--g.stock_len] = CARD_NONE; /* the top card gone: missing */
    assert_refused(&g, "missing");
    g = g0, g.limit = 4;
    assert_refused(&g, "limit is not the defender's hand");
}

static void test_restore_refuses_misplaced_cards(void **state)
{
    (void)state;
    durak_game g0, g;
    reach(&g0, 2, is_defend);
    card_t c = cards_first(g0.hand[1]);
    g = g0, g.hand[0] |= card_bit(c);
    assert_refused(&g, "two places");
    g = g0, g.hand[1] &= ~card_bit(c);
    assert_refused(&g, "missing");
    g = g0, g.hand[0] |= card_bit(card_make(RANK_2, SUIT_SPADES)); /* a 52-deck card */
    assert_refused(&g, "not in this deck");
    g = g0, g.known[0] |= card_bit(c);
    assert_refused(&g, "known cards");
    g = g0, g.seen_discard |= card_bit(c);
    assert_refused(&g, "seen discarded");
    g = g0, g.stock[0] = g.stock[1], g.stock[1] = g0.stock[0];
    assert_refused(&g, "bottom of the stock");
    g = g0, g.first_trump = (uint8_t)card_make(RANK_A, (g.trump + 1) % 4);
    assert_refused(&g, "lowest trump");
    reach(&g0, 2, is_throwin);
    int i = 0;
    card_t a = g0.attack[i], cover = g0.cover[i];
    g = g0, g.attack[i] = cover, g.cover[i] = a; /* swapped: the cover no longer beats */
    assert_refused(&g, "does not beat");
}

static void test_restore_refuses_phase_against_table(void **state)
{
    (void)state;
    durak_game g0, g;
    reach(&g0, 3, is_defend);
    g = g0, g.phase = DURAK_PHASE_ATTACK, g.actor = g.attacker;
    assert_refused(&g, "cards on the table");
    g = g0, g.actor = g.attacker;
    assert_refused(&g, "another seat to defend");
    /* found by fuzz_state: a pass recorded before any cover became, after a transfer, a
     * defender who had passed */
    g = g0, g.passed = (uint8_t)(1 << g.attacker);
    assert_refused(&g, "a pass before any card was covered");
    reach(&g0, 3, is_throwin);
    g = g0, g.phase = DURAK_PHASE_DEFEND, g.actor = g.defender;
    assert_refused(&g, "nothing to cover"); /* every card covered */
    g = g0, g.phase = DURAK_PHASE_TAKING;
    assert_refused(&g, "covers do not match the phase");
    g = g0, g.passed |= (uint8_t)(1 << g.actor);
    assert_refused(&g, "may not add a card");
    g = g0, g.actor = g.defender;
    assert_refused(&g, "by the defender");
    reach(&g0, 3, is_taking);
    assert_restores(&g0);
    g = g0, g.phase = DURAK_PHASE_THROWIN;
    assert_refused(&g, "covers do not match the phase");
    reach(&g0, 3, is_attack);
    g = g0, g.defender = (uint8_t)durak_next(&g0, g0.defender);
    assert_refused(&g, "not the next player");
    g = g0, g.phase = 7;
    assert_non_null(strstr(durak_validate(&g), "unknown phase"));
}

static void test_restore_refuses_result_against_phase(void **state)
{
    (void)state;
    durak_game g0, g;
    reach(&g0, 2, is_defend);
    g = g0, g.result = DURAK_RESULT_DURAK;
    assert_refused(&g, "running game with a result");
    g = g0, g.phase = DURAK_PHASE_OVER, g.actor = 0xFF, g.result = DURAK_RESULT_DRAW;
    assert_refused(&g, "cards on the table");
    reach(&g0, 2, is_durak);
    g = g0, g.result = DURAK_RESULT_ONGOING, g.result_seat = 0xFF;
    assert_refused(&g, "without a result");
    g = g0, g.actor = 0;
    assert_refused(&g, "player to act");
    g = g0, g.result = DURAK_RESULT_DRAW, g.result_seat = 0xFF;
    assert_refused(&g, "durak left");
    g = g0, g.result = DURAK_RESULT_WON;
    assert_refused(&g, "winner after forfeits");
    reach(&g0, 2, is_defend);
    assert_int_equal(durak_resign(&g0, 0), DURAK_OK);
    assert_restores(&g0);
    g = g0, g.result_seat = 0xFF; /* what the engine wrote before R18 named a winner */
    assert_refused(&g, "winner after forfeits");
}

/* Malformed lines: the reason names the field. */
static void test_restore_names_the_bad_field(void **state)
{
    (void)state;
    durak_game g;
    char line[DURAK_SERIAL_MAX], bad[DURAK_SERIAL_MAX + 8];
    reach(&g, 2, is_defend);
    durak_serialize(&g, line, sizeof line);
    assert_non_null(strstr(durak_restore(&g, "D3 2,0,0,0,36"), "D1 or D2"));
    assert_non_null(strstr(durak_restore(&g, "D2 4,0,0,0,36"), "options")); /* R19: no teams */
    assert_non_null(strstr(durak_restore(&g, "D2 4,0,0,0,36,0"), "options"));
    assert_non_null(strstr(durak_restore(&g, "D2 2,0,0,0,36,1"), "4 or 6 players"));
    assert_non_null(strstr(durak_restore(&g, "D1 7,0,0,0,36"), "options"));
    assert_non_null(strstr(durak_restore(&g, "D1 2,0,0,0,35"), "deck"));
    snprintf(bad, sizeof bad, "%s x", line);
    assert_non_null(strstr(durak_restore(&g, bad), "after the last field"));
    snprintf(bad, sizeof bad, "%s", line);
    *strrchr(bad, ' ') = '\0'; /* the history cut away */
    assert_non_null(strstr(durak_restore(&g, bad), "history"));
    snprintf(bad, sizeof bad, "%s", line);
    char *turn = strchr(strchr(bad, ' ') + 1, ' ') + 1; /* the field after the options */
    *turn = 'x';
    assert_non_null(strstr(durak_restore(&g, bad), "turn field"));
}

/* A line from before R16's bound, its counter past 128 (ring entries 128): read as 128
 * quiet bouts, so the next bout is a draw. */
static void test_restore_reads_old_long_history(void **state)
{
    (void)state;
    durak_game g;
    char line[DURAK_SERIAL_MAX], old[DURAK_SERIAL_MAX + 64];
    reach(&g, 2, is_defend);
    g.bouts = 300;
    g.first_bout = 0;
    g.nhistory = DURAK_MAX_HISTORY;
    for (int i = 0; i < DURAK_MAX_HISTORY; i++)
        g.history[i] = (uint64_t)i + 1;
    assert_true(durak_serialize(&g, line, sizeof line) > 0);
    char *count = strstr(line, " 128 ");
    assert_non_null(count);
    snprintf(old, sizeof old, "%.*s 153 %s", (int)(count - line), line, count + 5);
    durak_game back;
    assert_null(durak_restore(&back, old));
    assert_int_equal(back.nhistory, DURAK_MAX_HISTORY);
    assert_memory_equal(&back, &g, sizeof g);
    durak_action take = { DURAK_ACT_TAKE, CARD_NONE, CARD_NONE };
    assert_int_equal(durak_apply(&back, take), DURAK_OK);
    durak_action pass = { DURAK_ACT_PASS, CARD_NONE, CARD_NONE };
    while (back.phase == DURAK_PHASE_TAKING)
        assert_int_equal(durak_apply(&back, pass), DURAK_OK);
    assert_true(durak_over(&back));
    assert_int_equal(back.result, DURAK_RESULT_DRAW);
}

/* bits_count (card.h: the count of a card set without a libgcc call) against the compiler's
 * popcount, over edge values and a million random sets; durak_apply_legal applies as durak_apply
 * does on every legal move of random games. */
static void test_bits_count_and_apply_legal(void **state)
{
    (void)state;
    static const uint64_t edge[] = { 0,
                                     1,
                                     UINT64_MAX,
                                     UINT64_C(1) << 63,
                                     UINT64_C(0x5555555555555555),
                                     UINT64_C(0xAAAAAAAAAAAAAAAA),
                                     UINT64_C(0x0001000100010001) };
    for (size_t i = 0; i < sizeof edge / sizeof *edge; i++)
        assert_int_equal(bits_count(edge[i]), __builtin_popcountll(edge[i]));
    rng_t r;
    rng_seed(&r, 99);
    for (int i = 0; i < 1000000; i++) {
        uint64_t x = rng_next(&r) & rng_next(&r) >> (i & 31);
        assert_int_equal(bits_count(x), __builtin_popcountll(x));
    }
    for (uint64_t seed = 0; seed < 200; seed++) {
        durak_options o = { .players = (uint8_t)(2 + seed % 5),
                            .variant = (uint8_t)(seed % 2),
                            .deck = 36 };
        durak_game a, b;
        assert_true(durak_new(&a, &o, seed));
        b = a;
        durak_action acts[DURAK_MAX_ACTIONS];
        while (!durak_over(&a)) {
            int n = durak_legal(&a, acts);
            durak_action x = acts[rng_below(&r, (uint64_t)n)];
            assert_int_equal(durak_apply(&a, x), DURAK_OK);
            durak_apply_legal(&b, x);
            assert_memory_equal(&a, &b, sizeof a);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sim_garbage_lines_refused),
        cmocka_unit_test(test_restore_refuses_bad_seat_numbers),
        cmocka_unit_test(test_restore_refuses_masks_against_out_list),
        cmocka_unit_test(test_restore_refuses_bad_counts),
        cmocka_unit_test(test_restore_refuses_misplaced_cards),
        cmocka_unit_test(test_restore_refuses_phase_against_table),
        cmocka_unit_test(test_restore_refuses_result_against_phase),
        cmocka_unit_test(test_restore_names_the_bad_field),
        cmocka_unit_test(test_restore_reads_old_long_history),
        cmocka_unit_test(test_sim_every_option_combination),
        cmocka_unit_test(test_sim_teams),
        cmocka_unit_test(test_bits_count_and_apply_legal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
