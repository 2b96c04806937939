/* fuzz_record.c — libFuzzer target for a record's moves text (record_parse_moves): any text is
 * read or refused (leaving the record as it was); what is read writes back to a text that reads
 * to the same moves, and the moves go through the replay, the durak-cli lines and the replacer's
 * name. The first byte picks the options (players, deck, variant, throw-in, teams), the next 8 the
 * seed (little-endian), the rest is the text. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"

static game_record r, back;
static char text[RECORD_TEXT_MAX + 1], again[RECORD_TEXT_MAX];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 9 || size > RECORD_TEXT_MAX)
        return 0;
    uint8_t pick = data[0];
    uint64_t seed = 0;
    for (int i = 8; i >= 1; i--)
        seed = seed << 8 | data[i];
    memcpy(text, data + 9, size - 9);
    text[size - 9] = '\0';
    durak_options o = durak_default_options();
    static const uint8_t decks[] = { 24, 36, 52, 36 };
    o.players = (uint8_t)(2 + pick % 5);
    o.deck = decks[(pick >> 3) & 3];
    o.variant = (pick >> 5) & 1;
    o.throwin = (pick >> 6) & 1;
    o.teams = (pick >> 7) && (o.players == 4 || o.players == 6);
    if (durak_check_options(&o))
        o = durak_default_options();
    uint8_t salt[RECORD_SALT_BYTES] = { 0 };
    record_start(&r, &o, seed, salt);
    r.nmoves = 3;
    r.move[0] = r.move[1] = r.move[2] = (record_move){ 0, 1, 2, 0, 0 };
    if (!record_parse_moves(&r, text)) {
        if (r.nmoves != 3 || r.move[2].card != 1)
            abort(); /* a refusal leaves the record as it was */
        return 0;
    }
    if (r.nmoves < 0 || r.nmoves > RECORD_MOVES_MAX)
        abort();
    if (!record_format_moves(&r, again, sizeof again))
        abort(); /* every list read fits in RECORD_TEXT_MAX */
    back = r;
    back.nmoves = 0;
    if (!record_parse_moves(&back, again) || back.nmoves != r.nmoves
        || memcmp(back.move, r.move, (size_t)r.nmoves * sizeof *r.move))
        abort(); /* written back, it reads the same */
    char line[128], name[64];
    for (int i = 0; i < r.nmoves; i++) {
        record_cli_move(&r.move[i], line, sizeof line);
        (void)record_timed_out(&r.move[i]);
        if (r.move[i].kind != RECORD_RESIGN && r.move[i].kind != RECORD_REPLACED)
            (void)record_action(&r.move[i]);
    }
    for (int s = 0; s < DURAK_MAX_PLAYERS; s++)
        (void)record_replacer(&r, s, name, sizeof name);
    snprintf(r.result, sizeof r.result, "durak %d", pick % 8);
    (void)record_durak_replacer(&r, name, sizeof name);
    static durak_game g;
    bool all = record_replay(&r, &g);
    for (int n = 0; n <= r.nmoves && n <= 64; n++)
        if (!record_replay_to(&r, n, &g) && all)
            abort(); /* a prefix of a legal game is legal */
    return 0;
}
