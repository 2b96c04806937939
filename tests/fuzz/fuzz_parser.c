/* fuzz_parser.c — libFuzzer target for the command parser: both entry points on any bytes,
 * checking what every answer must keep (clean, bounded text; sane fields; same result twice). */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parser.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "fuzz_parser: invariant failed: %s (line %d)\n", #cond, __LINE__);     \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

/* A NUL-terminated string inside `size` bytes, valid UTF-8 without bytes below 0x20 or 0x7F. */
static void check_text(const char *s, size_t size)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t n = 0;
    while (n < size && u[n])
        n++;
    CHECK(n < size);
    for (size_t i = 0; i < n;) {
        unsigned char b = u[i];
        size_t len = b < 0x80                 ? 1
                     : b >= 0xC2 && b <= 0xDF ? 2
                     : b >= 0xE0 && b <= 0xEF ? 3
                     : b >= 0xF0 && b <= 0xF4 ? 4
                                              : 0;
        CHECK(len != 0);
        CHECK(b >= 0x20 && b != 0x7F);
        CHECK(i + len <= n);
        uint32_t cp = len == 1 ? b : (uint32_t)(b & (0x7F >> len));
        for (size_t k = 1; k < len; k++) {
            CHECK((u[i + k] & 0xC0) == 0x80);
            cp = (cp << 6) | (u[i + k] & 0x3Fu);
        }
        static const uint32_t min[] = { 0, 0, 0x80, 0x800, 0x10000 };
        CHECK(cp >= min[len] && cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF));
        CHECK(!(cp >= 0x80 && cp <= 0x9F));
        i += len;
    }
}

static bool card_ok(card_t c)
{
    return c == CARD_NONE || (card_rank(c) < RANK_COUNT && card_suit(c) < SUIT_COUNT);
}

static void check_cmd(const parsed_cmd *p, bool channel, const parse_opts *o)
{
    CHECK((unsigned)p->kind < PC_KIND_COUNT);
    CHECK(card_ok(p->card) && card_ok(p->target));
    check_text(p->error, sizeof p->error);
    check_text(p->arg, sizeof p->arg);
    CHECK((p->kind == PC_ERROR) == (p->error[0] != '\0'));
    /* a card's command names its card, or its rank alone (or "a trump") */
    CHECK((p->rank >= -1 && p->rank < RANK_COUNT) || p->rank == PARSE_RANK_TRUMP);
    if (p->kind == PC_PLAY || p->kind == PC_BEAT || p->kind == PC_TRANSFER || p->kind == PC_CARD)
        CHECK((p->card != CARD_NONE) != (p->rank >= 0));
    else
        CHECK((p->card == CARD_NONE || p->move != PC_IGNORED) && p->rank == -1);
    /* a private move's word the game answers: an error with its kind, and at most its first card */
    if (p->move != PC_IGNORED)
        CHECK(p->kind == PC_ERROR && !channel && p->target == CARD_NONE
              && (p->move == PC_PLAY || p->move == PC_BEAT || p->move == PC_TRANSFER));
    /* with a target only as beat's cover: "бью 7ч козырем", "бью 7ч дамой" */
    if (p->rank >= 0)
        CHECK((p->target == CARD_NONE || p->kind == PC_BEAT) && !o->no_game && !channel);
    if (p->target != CARD_NONE)
        CHECK(p->kind == PC_BEAT);
    /* "бью 9 козырной": a rank of the trump suit; "бью младшим козырем": the lowest trump */
    CHECK(!p->of_trumps || (p->rank >= 0 && p->rank != PARSE_RANK_TRUMP));
    CHECK(!p->lowest || p->rank == PARSE_RANK_TRUMP);
    CHECK(p->variant >= -1 && p->variant <= 1);
    CHECK(p->throwin >= -1 && p->throwin <= 1);
    CHECK(p->first5 == -1 || p->first5 == 1);
    CHECK(p->bot_level >= -1 && p->bot_level <= 3); /* 3: expert */
    CHECK(p->bot_remove == 0 || p->bot_remove == 1);
    CHECK(p->number == -1 || (p->number >= 1 && p->number <= 999)); /* top: as asked */
    if (channel) /* the channel commands, !watch and !unwatch among them */
        CHECK(p->kind < PC_PLAY || p->kind == PC_WATCH || p->kind == PC_UNWATCH
              || p->kind == PC_SET); /* "!langue fr": one's own language */
    else /* stats, top, rules and unwatch work privately too, and a running game's table */
        CHECK(p->kind != PC_DURAK && p->kind != PC_JOIN && p->kind != PC_BOT && p->kind != PC_AGAIN
              && p->kind != PC_WATCH && (p->kind != PC_TABLE || !o->no_game));
}

typedef void (*parse_fn)(const char *, size_t, const parse_opts *, parsed_cmd *);

static void check_parse(parse_fn fn, bool channel, const char *line, size_t size,
                        const parse_opts *o)
{
    parsed_cmd a, b;
    memset(&a, 0x00, sizeof a);
    memset(&b, 0xA5, sizeof b);
    fn(line, size, o, &a);
    check_cmd(&a, channel, o);
    fn(line, size, o, &b);
    CHECK(memcmp(&a, &b, sizeof a) == 0);
    if (size > PARSE_MAX_LINE) {
        fn(line, PARSE_MAX_LINE, o, &b);
        CHECK(memcmp(&a, &b, sizeof a) == 0);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* en following the words typed with a game in the channel, ru chosen and no seat */
    static const parse_opts opts[] = { { "!", true, false, 0, false, false, true, false, 0 },
                                       { "d!", false, true, 1, true, true, false, true, 0 } };
    /* an exact-size copy, so that a read past `size` is caught by ASan */
    char *line = malloc(size ? size : 1);
    if (line == NULL)
        return 0;
    if (size)
        memcpy(line, data, size);
    for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++) {
        check_parse(parse_channel, true, line, size, &opts[i]);
        check_parse(parse_private, false, line, size, &opts[i]);
    }
    CHECK(card_ok(parse_card(line, size)));
    free(line);
    return 0;
}
