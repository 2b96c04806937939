/* fuzz_state.c — libFuzzer target for restoring games: any bytes through durak_restore; an
 * accepted game must keep every invariant, survive a round trip, stay valid after each of
 * its legal moves and each forfeit (every one on a copy), and get a legal move from the
 * hard computer player on a tiny budget. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "durak.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { FUZZ_AI_ITERATIONS = 4 }; /* MCTS iterations (and 64 solver nodes each): fast runs */

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "fuzz_state: invariant failed: %s (line %d)\n", #cond, __LINE__);      \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

static void check_valid(const durak_game *g)
{
    const char *why = durak_validate(g);
    if (why) {
        fprintf(stderr, "fuzz_state: invalid game: %s\n", why);
        abort();
    }
}

/* Serialized again and restored: the same game, byte for byte. */
static void check_round_trip(const durak_game *g)
{
    char line[DURAK_SERIAL_MAX];
    durak_game back;
    CHECK(durak_serialize(g, line, sizeof line) > 0);
    CHECK(durak_restore(&back, line) == NULL);
    CHECK(memcmp(&back, g, sizeof back) == 0);
}

static void check_moves(const durak_game *g)
{
    durak_action acts[DURAK_MAX_ACTIONS];
    int n = durak_legal(g, acts);
    CHECK(n >= 0 && n <= DURAK_MAX_ACTIONS);
    CHECK(durak_over(g) ? n == 0 : n > 0);
    for (int i = 0; i < n; i++) {
        durak_game copy = *g;
        CHECK(durak_check(&copy, acts[i]) == DURAK_OK);
        CHECK(durak_apply(&copy, acts[i]) == DURAK_OK);
        check_valid(&copy);
    }
    for (int s = 0; s < g->opt.players; s++) {
        durak_game copy = *g;
        durak_error e = durak_resign(&copy, s);
        CHECK(e
              == (durak_over(g)         ? DURAK_ERR_GAME_OVER
                  : durak_in_game(g, s) ? DURAK_OK
                                        : DURAK_ERR_BAD_SEAT));
        check_valid(&copy);
    }
}

/* The hard player decides from the actor's view only; its move must be legal. */
static void check_hard_player(const durak_game *g, uint64_t seed)
{
    if (durak_over(g))
        return;
    durak_view v;
    durak_view_of(g, g->actor, &v);
    ai_params p = ai_default_params(AI_HARD);
    p.seed = seed;
    p.max_iterations = FUZZ_AI_ITERATIONS;
    durak_action a = ai_choose(&v, &p, NULL); /* no clock: the count stops it */
    CHECK(durak_check(g, a) == DURAK_OK);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* a NUL-terminated, exact-size copy: ASan catches any read past the line */
    char *line = malloc(size + 1);
    if (line == NULL)
        return 0;
    memcpy(line, data, size);
    line[size] = '\0';
    durak_game g;
    const char *why = durak_restore(&g, line);
    if (why == NULL) {
        check_valid(&g);
        check_round_trip(&g);
        check_moves(&g);
        check_hard_player(&g, size);
    } else {
        CHECK(why[0] != '\0');
        CHECK(!durak_deserialize(&g, line));
    }
    free(line);
    return 0;
}
