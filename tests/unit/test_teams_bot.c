/* test_teams_bot.c — teams of two in the bot (R19): !durak teams, the lobby's seat
 * count, the teams on the start line, a 4-player team game to the end, its line and ratings. */
#define _POSIX_C_SOURCE 200809L
#include "tables_harness.h"

#include <math.h>

#include "rating.h"
#include "store.h"
#include "tables_internal.h"

/* The send priority of the first line containing needle: lines of one priority go out in the
 * order said, game lines before replies. */
static out_prio prio_of(const harness *h, const char *needle)
{
    for (size_t i = 0; i < h->o.len; i++)
        if (reads(h->o.items[i].text, needle))
            return h->o.items[i].prio;
    fail_msg("nothing said contains %s", needle);
    return OUT_GAME;
}

/* 3 or 5 seated: a teams game does not start, and the channel hears why and what to do. */
static void test_teams_need_4_or_6(void **state)
{
    (void)state;
    harness *h = h_new(41);
    lobby(h, "#durak", "teams", NICKS, 3);
    chan(h, "alice", "#durak", "!start");
    assert_non_null(said(h, "#durak",
                         "A teams game needs 4 or 6 players, partners sitting "
                         "opposite, not 3: others can type !join"));
    assert_null(said(h, "#durak", "starts"));
    chan(h, "bob", "#durak", "!rules");
    assert_non_null(said(h, "#durak", "Teams of two: partners sit opposite"));
    assert_int_equal(prio_of(h, "Teams of two"), prio_of(h, "Durak (classic)")); /* in order */
    chan(h, "dave", "#durak", "!join");
    chan(h, "erin", "#durak", "!join");
    chan(h, "alice", "#durak", "!start");
    assert_non_null(said(h, "#durak", "not 5"));
    chan(h, "erin", "#durak", "!leave");
    chan(h, "alice", "#durak", "!start");
    assert_non_null(said(h, "#durak",
                         "teams of two) starts: alice, bob, carol, dave; teams "
                         "alice+carol vs bob+dave."));
    h_free(h);
}

/* The lobby's lines name the creator as able to start only when the table would start (R19): a
 * teams lobby of 1, 2, 3 or 5 says that it waits for 4 or 6, one of 4 or 6 says !start. */
static void test_teams_lobby_says_when_it_can_start(void **state)
{
    (void)state;
    static const char *waits = "alice can start once 4 or 6 are seated (teams of two): !join takes "
                               "a seat, !bot adds a computer player.";
    harness *h = h_new(43);
    lobby(h, "#durak", "teams", NICKS, 1); /* alone: a second player is not enough */
    chan(h, "alice", "#durak", "!table");
    assert_non_null(said(h, "#durak", waits));
    assert_null(said(h, "#durak", "second player"));
    h_free(h);
    h = h_new(43);
    lobby(h, "#durak", "teams", NICKS, 2);
    assert_non_null(said(h, "#durak", waits));
    chan(h, "carol", "#durak", "!join");
    assert_non_null(said(h, "#durak", "carol joins: alice, bob, carol (3/6). "));
    assert_non_null(said(h, "#durak", waits));
    assert_null(said(h, "#durak", "can start with"));
    chan(h, "dave", "#durak", "!table");
    assert_non_null(said(h, "#durak", waits));
    chan(h, "alice", "#durak", "!bot easy");
    assert_non_null(said(h, "#durak", "(4/6). alice can start with !start."));
    chan(h, "erin", "#durak", "!join");
    assert_non_null(said(h, "#durak", waits));
    chan(h, "erin", "#durak", "!leave");
    assert_non_null(said(h, "#durak", "alice can start with !start."));
    h_free(h);
}

/* R19: once 4 or 6 sit, a team lobby's seats say the teams a deal now would make, so a seat that
 * moves (someone leaves) shows its new partner before the deal, not only at the start; so does
 * the lobby said again after a restart. */
static void test_team_lobby_names_the_teams(void **state)
{
    (void)state;
    harness *h = h_new(44);
    lobby(h, "#durak", "teams", NICKS, 4);
    assert_non_null(said(
        h, "#durak", "dave joins: alice, bob, carol, dave; teams alice+carol vs bob+dave (4/6)"));
    chan(h, "erin", "#durak", "!join");
    assert_non_null(said(h, "#durak", "erin joins: alice, bob, carol, dave, erin (5/6)"));
    chan(h, "frank", "#durak", "!join");
    assert_non_null(said(h, "#durak", "teams alice+dave vs bob+erin vs carol+frank (6/6)"));
    chan(h, "bob", "#durak", "!leave");
    assert_null(said(h, "#durak", "; teams "));
    chan(h, "carol", "#durak", "!leave");
    assert_non_null(said(h, "#durak", "alice, dave, erin, frank; teams alice+erin vs dave+frank"));
    chan(h, "dave", "#durak", "!table");
    assert_non_null(said(h, "#durak", "alice, dave, erin, frank; teams alice+erin vs dave+frank"));
    char line[8192]; /* and after a restart, when the lobby is said again */
    assert_true(tables_snapshot(h->t, "#durak", h->now, line, sizeof line));
    harness *h2 = h_new(45);
    tables_on_disconnect(h2->t, h2->now);
    assert_true(tables_restore(h2->t, "#durak", line, h2->now));
    tables_on_reconnect(h2->t, h2->now, &h2->o);
    assert_non_null(said(h2, "#durak",
                         "still waiting to start: alice, dave, erin, frank; teams alice+erin vs "
                         "dave+frank (4/6)"));
    h_free(h2);
    h_free(h);
}

/* The same in Russian, with Russian option words: a lobby opened with !дурак speaks Russian, and
 * its creator is told that 4 or 6 are needed, alone too, not that they can start. */
static void test_lobby_alone_in_russian(void **state)
{
    (void)state;
    harness *h = h_new(44);
    chan(h, "alice", "#durak", "!дурак парами пять"); /* R9's first bout of 5, in Russian */
    assert_non_null(said(h, "#durak", "в первом заходе до 5 карт, игра парами"));
    chan(h, "bob", "#durak", "!играть");
    assert_non_null(
        said(h, "#durak", "alice сможет начать, когда за столом будет 4 или 6 игроков"));
    chan(h, "bob", "#durak", "!выйти"); /* alone again: still 4 or 6, not a second player */
    assert_non_null(said(h, "#durak",
                         "bob встаёт из-за стола. За столом: alice. alice сможет начать, когда за "
                         "столом будет 4 или 6 игроков"));
    assert_null(said(h, "#durak", "сядет второй игрок"));
    h_free(h);
}

/* Prints the channel's lines with TEAMS_SHOW set (to read a team game as a channel sees it). */
static void show_channel(const harness *h)
{
    if (!getenv("TEAMS_SHOW"))
        return;
    for (size_t k = 0; k < h->o.len; k++)
        if (h->o.items[k].target[0] == '#')
            printf("<durakbot> %s\n", h->o.items[k].text);
}

/* Random legal moves to the end, like play_to_end, printing the channel's lines. */
static const char *play_team_game(harness *h, const char **nicks, uint64_t seed)
{
    static char result[1024];
    rng_t r;
    rng_seed(&r, seed);
    for (int step = 0; step < 5000; step++) {
        char moves[1024], move[128];
        int i = whose_turn(h, nicks, 4, moves, sizeof moves);
        assert_true(i >= 0);
        pick_move(&r, moves, move, sizeof move);
        priv(h, nicks[i], move);
        show_channel(h);
        const char *end = said(h, "#durak", "Game over");
        if (end) {
            snprintf(result, sizeof result, "%s", end);
            return result;
        }
    }
    fail_msg("the team game did not end");
    return NULL;
}

static double rating_of(store *db, const char *nick)
{
    store_player p;
    assert_true(store_get_player(db, nick, &p));
    return p.rating;
}

/* A whole 4-player team game: the start line shows the teams, the end says which team lost,
 * and each partner's rating moves by +-16 (two opponents of equal rating, K = 32/2). */
static void test_team_game_to_the_end(void **state)
{
    (void)state;
    harness *h = h_new(43);
    temp_store s;
    store_in_temp(&s, h);
    store *db = s.db;
    lobby(h, "#durak", "teams", NICKS, 4);
    chan(h, "alice", "#durak", "!start");
    show_channel(h);
    assert_non_null(said(h, "#durak", "teams alice+carol vs bob+dave"));
    const char *end = play_team_game(h, NICKS, 5);
    bool lost02 = strstr(end, "Team alice+carol lost, bob+dave won.") != NULL;
    bool lost13 = strstr(end, "Team bob+dave lost, alice+carol won.") != NULL;
    assert_true(lost02 != lost13);
    double win = RATING_INITIAL + 16, lose = RATING_INITIAL - 16;
    assert_true(fabs(rating_of(db, "alice") - (lost02 ? lose : win)) < 1e-9);
    assert_true(fabs(rating_of(db, "carol") - (lost02 ? lose : win)) < 1e-9);
    assert_true(fabs(rating_of(db, "bob") - (lost02 ? win : lose)) < 1e-9);
    assert_true(fabs(rating_of(db, "dave") - (lost02 ? win : lose)) < 1e-9);
    assert_non_null(strstr(end, lost02 ? "alice 1484 (-16)" : "alice 1516 (+16)"));
    assert_non_null(strstr(end, lost02 ? "carol 1484 (-16)" : "carol 1516 (+16)"));
    chan(h, "bob", "#durak", "!last"); /* R19: the teams' result, not places */
    assert_non_null(said(h, "#durak",
                         lost02 ? ": Team alice+carol lost, bob+dave won · its deal"
                                : ": Team bob+dave lost, alice+carol won · its deal"));
    h_free(h);
    store_gone(&s);
}

/* A rematch of a team game that lost a seat (its player left the channel) cannot start as it
 * is: the channel hears so when it opens, not only once everyone has agreed to it. */
static void test_team_rematch_short_of_a_seat(void **state)
{
    (void)state;
    harness *h = h_new(43);
    lobby(h, "#durak", "teams", NICKS, 4);
    chan(h, "alice", "#durak", "!start");
    play_team_game(h, NICKS, 5);
    outbox_clear(&h->o);
    tables_on_part(h->t, h->now, "dave", "#durak", &h->o);
    chan(h, "bob", "#durak", "!again");
    assert_non_null(said(h, "#durak", "Rematch: alice, bob, carol."));
    assert_non_null(said(h, "#durak",
                         "A teams game needs 4 or 6 players, partners sitting "
                         "opposite, not 3: others can type !join"));
    chan(h, "erin", "#durak", "!join");
    chan(h, "alice", "#durak", "!start");
    assert_non_null(said(h, "#durak", "teams alice+carol vs bob+erin"));
    h_free(h);
}

/* A partner who leaves ends the game at once: their team loses. As that costs three others their
 * game, the first !leave asks, and only a second within 30 s leaves; one later asks again. */
static void test_team_forfeit_ends_the_game(void **state)
{
    (void)state;
    harness *h = h_new(47);
    lobby(h, "#durak", "teams transfer", NICKS, 4);
    chan(h, "alice", "#durak", "!start");
    chan(h, "dave", "#durak", "!leave");
    assert_non_null(said(h, "dave",
                         "Leaving the game in #durak is a forfeit, and your team loses "
                         "the game at once: type !leave again within 30 s to leave."));
    assert_null(said(h, "#durak", "Game over"));
    h->now += 31;
    chan(h, "dave", "#durak", "!leave"); /* too late for the first: asked again */
    assert_non_null(said(h, "dave", "type !leave again within 30 s"));
    assert_int_equal(tables_count(h->t), 1);
    chan(h, "dave", "#durak", "!leave");
    assert_non_null(
        said(h, "#durak", "Game over: dave forfeited, which ends a team game at once."));
    assert_non_null(said(h, "#durak", "Team bob+dave lost, alice+carol won."));
    assert_int_equal(tables_count(h->t), 0);
    h_free(h);
}

/* In French the end of a team game reads without elision to get wrong: the winners may be
 * named "alice+carol", where "de alice" would need "d'alice". */
static void test_team_forfeit_in_french(void **state)
{
    (void)state;
    harness *h = h_new(47);
    chan(h, "alice", "#durak", "!durak équipes");
    for (int i = 1; i < 4; i++)
        chan(h, NICKS[i], "#durak", "!rejoindre");
    chan(h, "alice", "#durak", "!commencer");
    chan(h, "dave", "#durak", "!quitter");
    assert_non_null(said(h, "dave", "retapez !quitter dans les 30 s pour partir"));
    chan(h, "dave", "#durak", "!quitter");
    assert_non_null(said(h, "#durak",
                         "Partie terminée : dave perd par forfait, ce qui termine aussitôt une "
                         "partie par équipes."));
    assert_non_null(said(h, "#durak", "L'équipe bob+dave perd ; victoire pour alice+carol."));
    h_free(h);
}

/* A partner put out by time-outs did not leave: the end line says they forfeited, as it does
 * for one who left. */
static void test_team_timeouts_end_the_game(void **state)
{
    (void)state;
    harness *h = h_new(48);
    lobby(h, "#durak", "teams", NICKS, 4);
    chan(h, "alice", "#durak", "!start");
    const char *end = NULL;
    for (int i = 0; i < 40 && !end; i++) {
        tick(h, h->now + h->cfg.game.turn_timeout + 1);
        end = said(h, "#durak", "Game over");
    }
    assert_non_null(end);
    assert_non_null(said(h, "#durak", "timed out too often and forfeits"));
    assert_non_null(strstr(end, "forfeited, which ends a team game at once."));
    assert_null(strstr(end, " left, "));
    h_free(h);
}

/* R19: where a forfeit loses the team's game, the last time-out warning and the lines on a player
 * gone say so; where a computer player takes the seat over (game.replace_leavers), they do not. */
static void test_team_warnings_name_the_cost(void **state)
{
    (void)state;
    for (int replace = 0; replace < 2; replace++) {
        harness *h = h_new(49);
        h->cfg.game.max_timeouts = 1; /* the first warning is the last */
        h->cfg.game.replace_leavers = replace;
        tables_reconfigure(h->t, &h->cfg);
        lobby(h, "#durak", "teams", NICKS, 4);
        chan(h, "alice", "#durak", "!start");
        table_t *tb = tables_find(h->t, "#durak");
        const char *actor = tb->seat[tb->g.actor].nick;
        tick(h, tb->turn_deadline - h->cfg.game.turn_timeout / 3.0 + 0.5);
        const char *warning = said(h, actor, "Hurry: ");
        assert_non_null(warning);
        assert_int_equal(strstr(warning, "forfeits the game, and your team loses it.") != NULL,
                         !replace);
        const char *gone = tb->seat[(tb->g.actor + 1) % 4].nick;
        outbox_clear(&h->o);
        tables_on_part(h->t, h->now, gone, "#durak", &h->o);
        const char *left = said(h, "#durak", " left; their seat is held for ");
        assert_non_null(left);
        assert_int_equal(strstr(left, "if they are not back by then their team loses.") != NULL,
                         !replace);
        const char *told = said(h, gone, "You are no longer in #durak");
        assert_non_null(told);
        assert_int_equal(strstr(told, "you forfeit and your team loses.") != NULL, !replace);
        h_free(h);
    }
}

/* A team game a forfeit ended is recorded with its result as durak-cli gives it, not "ongoing";
 * R19: the forfeiter's partner, still in, comes after the winners, never out first, and !last says
 * which team lost, not that everyone else won. */
static void test_team_forfeit_recorded(void **state)
{
    (void)state;
    harness *h = h_new(47);
    temp_store s;
    store_in_temp(&s, h);
    store *db = s.db;
    lobby(h, "#durak", "teams", NICKS, 4);
    chan(h, "alice", "#durak", "!start");
    chan(h, "dave", "#durak", "!leave"); /* asked, then left */
    chan(h, "dave", "#durak", "!leave");
    assert_non_null(said(h, "#durak", "Team bob+dave lost, alice+carol won."));
    static store_game g;
    assert_true(store_get_game(db, 1, &g));
    assert_string_equal(g.rec.result, "team 1 lost");
    assert_int_equal(g.seat[0].place, 1); /* alice and carol won */
    assert_int_equal(g.seat[2].place, 1);
    assert_int_equal(g.seat[1].place, 3); /* bob, still in, lost */
    assert_true(g.seat[3].forfeited);
    chan(h, "bob", "#durak", "!stats"); /* bob lost with his team, neither durak nor first */
    assert_non_null(said(h, "#durak",
                         "1 game, out first 0, durak 0, draws 0, forfeits 0, team games won 0, "
                         "lost 1; channel rating"));
    chan(h, "carol", "#durak", "!stats"); /* carol won with alice */
    assert_non_null(said(h, "#durak", "forfeits 0, team games won 1, lost 0;"));
    chan(h, "bob", "#durak", "!last");
    const char *last = said(h, "#durak", "Last game #1");
    assert_non_null(last);
    assert_non_null(strstr(last, "(classic, teams of two, 4 players, 0 min): Team bob+dave lost, "
                                 "alice+carol won; dave left · "));
    assert_null(strstr(last, "place"));
    h_free(h);
    store_gone(&s);
}

/* A team lobby and a running team game are saved with their teams (",1" after the deck, and
 * the engine's D2 line) and come back as team games after a restart. */
static void test_team_tables_saved(void **state)
{
    (void)state;
    char line[8192];
    harness *h = h_new(53);
    lobby(h, "#durak", "teams", NICKS, 3);
    assert_true(tables_snapshot(h->t, "#durak", h->now, line, sizeof line));
    assert_non_null(strstr(line, " 2,0,0,0,36,1/en ")); /* "teams" is an English word */
    harness *lob = h_new(55);
    char why[256];
    assert_true(tables_restore_checked(lob->t, "#durak", line, lob->now, why, sizeof why));
    chan(lob, "dave", "#durak", "!join");
    chan(lob, "alice", "#durak", "!start");
    assert_non_null(said(lob, "#durak", "teams alice+carol vs bob+dave"));
    h_free(lob);
    chan(h, "dave", "#durak", "!join");
    chan(h, "alice", "#durak", "!start");
    assert_true(tables_snapshot(h->t, "#durak", h->now, line, sizeof line));
    assert_non_null(strstr(line, " G D2 4,0,0,0,36,1 "));
    harness *back = h_new(54);
    assert_true(tables_restore_checked(back->t, "#durak", line, back->now, why, sizeof why));
    chan(back, "alice", "#durak", "!table");
    assert_non_null(said(back, "#durak", "trump"));
    chan(back, "dave", "#durak", "!leave"); /* still a team game: a forfeit ends it */
    chan(back, "dave", "#durak", "!leave");
    assert_non_null(said(back, "#durak", "Team bob+dave lost, alice+carol won."));
    h_free(back);
    h_free(h);
}

/* "X transfers with C to Y" names the new defender: the next seat not on the defender's team
 * (R19), which is not the next seat in the game once the one between them is out. Random 4- and
 * 6-player team games, transfers played whenever they may be. */
static void test_team_transfer_names_the_new_defender(void **state)
{
    (void)state;
    int transfers = 0, past_partner = 0;
    rng_t r;
    rng_seed(&r, 44);
    for (int game = 0; game < 120; game++) {
        harness *h = h_new((uint64_t)game + 200);
        int players = game % 3 ? 4 : 6;
        lobby(h, "#durak", "transfer teams", NICKS, players);
        chan(h, "alice", "#durak", "!start");
        table_t *tb = tables_find(h->t, "#durak");
        assert_true(tb && tb->playing);
        while (tb->used && !durak_over(&tb->g)) {
            durak_action acts[DURAK_MAX_ACTIONS];
            int n = durak_legal(&tb->g, acts), k = (int)rng_below(&r, (uint64_t)n);
            for (int i = 0; i < n; i++)
                if (acts[i].kind == DURAK_ACT_TRANSFER)
                    k = i;
            int next = durak_next(&tb->g, tb->g.defender);
            char text[64], want[128];
            priv(h, tb->seat[tb->g.actor].nick, durak_action_format(acts[k], text, sizeof text));
            if (acts[k].kind != DURAK_ACT_TRANSFER)
                continue;
            snprintf(want, sizeof want, " to %s", tb->seat[tb->g.defender].nick);
            const char *line = said(h, "#durak", " transfers with ");
            if (!line || !reads(line, want))
                fail_msg("wanted \"%s\" in: %s", want, line ? line : "(no transfer line)");
            transfers++;
            past_partner += tb->g.defender != next;
        }
        h_free(h);
    }
    assert_true(transfers > 0);
    assert_true(past_partner > 0);
}

/* R19 "as soon as": the last of a team plays their last card as an attack, and the game ends
 * under it: the channel hears the card, who went out and who is left, and no "Discarded" for a
 * table nobody beat. */
static void test_team_game_ends_mid_bout(void **state)
{
    (void)state;
    int found = 0;
    rng_t r;
    rng_seed(&r, 45);
    for (int game = 0; game < 40 && !found; game++) {
        harness *h = h_new((uint64_t)game + 400);
        lobby(h, "#durak", "teams", NICKS, 4);
        chan(h, "alice", "#durak", "!start");
        table_t *tb = tables_find(h->t, "#durak");
        while (tb->used && tb->playing) {
            durak_action acts[DURAK_MAX_ACTIONS];
            int n = durak_legal(&tb->g, acts), k = (int)rng_below(&r, (uint64_t)n);
            durak_phase phase = tb->g.phase;
            char text[64];
            priv(h, tb->seat[tb->g.actor].nick, durak_action_format(acts[k], text, sizeof text));
            const char *end = said(h, "#durak", "Game over");
            if (!end || acts[k].kind != DURAK_ACT_PLAY || phase == DURAK_PHASE_TAKING)
                continue;
            const char *line = said(h, "#durak", " is out (place ");
            assert_non_null(line);
            assert_null(strstr(line, "Discarded"));
            assert_non_null(strstr(end, "Game over: only "));
            found++;
        }
        h_free(h);
    }
    assert_true(found > 0);
}

/* R19: the defender's partner adds no cards; asking for moves, they are told so, by their
 * partner's nick; the other seats waiting hear only whose turn it is. */
static void test_defenders_partner_told_why(void **state)
{
    (void)state;
    harness *h = h_new(61);
    lobby(h, "#durak", "teams", NICKS, 4);
    chan(h, "alice", "#durak", "!start");
    table_t *tb = tables_find(h->t, "#durak");
    int checked = 0;
    rng_t r;
    rng_seed(&r, 61);
    while (tb->used && tb->playing && checked < 20) {
        const durak_game *g = &tb->g;
        int partner = durak_partner(g, g->defender);
        for (int s = 0; s < 4; s++) {
            if (s == g->actor || !durak_in_game(g, s))
                continue;
            priv(h, tb->seat[s].nick, "moves");
            char want[160];
            snprintf(want, sizeof want, ". Your partner %s defends this bout, so you add no cards",
                     tb->seat[g->defender].nick);
            const char *line = said(h, tb->seat[s].nick, "No moves for you now: ");
            assert_non_null(line);
            if (s == partner)
                assert_non_null(strstr(line, want));
            else
                assert_null(strstr(line, "Your partner"));
            checked += s == partner;
        }
        durak_action acts[DURAK_MAX_ACTIONS];
        char text[64];
        int n = durak_legal(g, acts);
        priv(h, tb->seat[g->actor].nick,
             durak_action_format(acts[rng_below(&r, (uint64_t)n)], text, sizeof text));
    }
    assert_true(checked > 0);
    h_free(h);
}

/* help teams: how to open a team game and R19's rules, in each language's word for the topic. */
static void test_help_on_teams(void **state)
{
    (void)state;
    harness *h = h_new(62);
    priv(h, "zed", "help teams");
    assert_non_null(said(h, "zed", "Teams: !durak teams opens a game for 4 or 6 players"));
    assert_non_null(said(h, "zed", "Teams of two: partners sit opposite"));
    chan(h, "zed", "#durak", "!помощь пары");
    assert_non_null(said(h, "zed", "Игра парами: !дурак пары — игра на 4 или 6 игроков"));
    chan(h, "zed", "#durak", "!aide équipes");
    assert_non_null(said(h, "zed", "Équipes : !durak équipes ouvre une partie"));
    priv(h, "zed", "help nonsense");
    assert_non_null(said(h, "zed", "stats, solo, teams or rules"));
    h_free(h);
}

/* Plays the people's moves at random and the computer players' until no table is left. */
static void play_out(harness *h, const char **people, int n, uint64_t seed)
{
    rng_t r;
    rng_seed(&r, seed);
    for (int step = 0; step < 5000 && tables_count(h->t); step++) {
        bool moved = false;
        for (int i = 0; i < n && !moved; i++)
            moved = play_own_random_move(h, &r, people[i]);
        if (!moved)
            h_run_ai(h);
    }
    assert_int_equal(tables_count(h->t), 0);
}

/* R18 in a team game with game.replace_leavers: dave leaves, Normal[bot] plays his seat on, and
 * bob+dave win; dave's own result is still a forfeit, a team game lost, and his rating falls. */
static void test_team_leaver_replaced_loses(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed < 40; seed++) {
        harness *h = h_new(200 + seed);
        temp_store s;
        store_in_temp(&s, h);
        start_replacing(h, "teams", 4);
        chan(h, "dave", "#durak", "!leave");
        chan(h, "dave", "#durak", "!leave");
        assert_non_null(said(h, "#durak", "Normal[bot] takes over"));
        const char *people[] = { "alice", "bob", "carol" };
        play_out(h, people, 3, seed);
        chan(h, "bob", "#durak", "!stats");
        const char *bob = said(h, "#durak", "team games won 1");
        if (!bob) { /* bob+dave lost: dave's forfeit is a loss anyway */
            h_free(h);
            store_gone(&s);
            continue;
        }
        chan(h, "carol", "#durak", "!stats dave");
        const char *dave = said(h, "#durak", "forfeits 1");
        assert_non_null(dave);
        assert_non_null(strstr(dave, "team games won 0, lost 1"));
        const char *rating = strstr(dave, "channel rating ");
        assert_non_null(rating);
        assert_true(atoi(rating + 15) < 1500);
        h_free(h);
        store_gone(&s);
        return;
    }
    fail_msg("bob+dave never won");
}

/* !leave in a team game asks first ("type it again within 30 seconds"). A question of the last
 * game is not carried into its rematch: alice's first !leave there is asked again, not a forfeit
 * that loses the game for her partner. */
static void test_rematch_asks_leave_again(void **state)
{
    (void)state;
    harness *h = h_new(104);
    lobby(h, "#durak", "teams", NICKS, 4);
    chan(h, "alice", "#durak", "!start");
    chan(h, "alice", "#durak", "!leave"); /* asked: a slip, not typed again */
    assert_non_null(said(h, "alice", "again"));
    chan(h, "dave", "#durak", "!leave");
    chan(h, "dave", "#durak", "!leave"); /* the game ends: bob+dave lost */
    assert_non_null(said(h, "#durak", "Team bob+dave lost"));
    for (int i = 0; i < 4; i++)
        chan(h, NICKS[i], "#durak", "!again");
    assert_non_null(said(h, "#durak", "starts"));
    chan(h, "alice", "#durak", "!leave"); /* her first !leave of this game */
    assert_null(said(h, "#durak", "forfeit"));
    assert_int_equal(tables_count(h->t), 1);
    h_free(h);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_team_leaver_replaced_loses),
        cmocka_unit_test(test_rematch_asks_leave_again),
        cmocka_unit_test(test_teams_need_4_or_6),
        cmocka_unit_test(test_teams_lobby_says_when_it_can_start),
        cmocka_unit_test(test_team_lobby_names_the_teams),
        cmocka_unit_test(test_lobby_alone_in_russian),
        cmocka_unit_test(test_team_game_to_the_end),
        cmocka_unit_test(test_team_rematch_short_of_a_seat),
        cmocka_unit_test(test_team_forfeit_ends_the_game),
        cmocka_unit_test(test_team_timeouts_end_the_game),
        cmocka_unit_test(test_team_warnings_name_the_cost),
        cmocka_unit_test(test_team_forfeit_in_french),
        cmocka_unit_test(test_team_forfeit_recorded),
        cmocka_unit_test(test_team_tables_saved),
        cmocka_unit_test(test_team_transfer_names_the_new_defender),
        cmocka_unit_test(test_team_game_ends_mid_bout),
        cmocka_unit_test(test_defenders_partner_told_why),
        cmocka_unit_test(test_help_on_teams),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
