/* card.h — cards and card sets: one bit per card in a 64-bit word (R1).
 * Owns the card encoding (suit * 16 + rank) and every spelling of ranks and suits; no I/O. */
#ifndef DURAK_CARD_H
#define DURAK_CARD_H

#include <stdbool.h>
#include <stdint.h>

/* Ranks 0..12 are 2..A; suits 0..3 are spades, clubs, diamonds, hearts. */
enum {
    RANK_2,
    RANK_3,
    RANK_4,
    RANK_5,
    RANK_6,
    RANK_7,
    RANK_8,
    RANK_9,
    RANK_10,
    RANK_J,
    RANK_Q,
    RANK_K,
    RANK_A,
    RANK_COUNT
};
enum { SUIT_SPADES, SUIT_CLUBS, SUIT_DIAMONDS, SUIT_HEARTS, SUIT_COUNT };

typedef uint8_t card_t;   /* suit * 16 + rank */
typedef uint64_t cards_t; /* a set of cards, bit = card_t */

#define CARD_NONE ((card_t)0xFF)
#define SUIT_BITS UINT64_C(0x1FFF)             /* ranks 2..A of one suit */
#define RANK_BITS UINT64_C(0x0001000100010001) /* rank 2 of every suit */

static inline card_t card_make(int rank, int suit) { return (card_t)(suit * 16 + rank); }
static inline int card_rank(card_t c) { return c & 15; }
static inline int card_suit(card_t c) { return c >> 4; }
static inline cards_t card_bit(card_t c) { return UINT64_C(1) << c; }
static inline cards_t cards_of_suit(int suit) { return SUIT_BITS << (suit * 16); }
static inline cards_t cards_of_rank(int rank) { return RANK_BITS << rank; }
/* Set bits of s: the POPCNT instruction where the target has it, else a branch-free count (the
 * x86-64 baseline has no POPCNT; __builtin_popcountll would then be a call into libgcc, 6% of
 * the hard player's search time). */
static inline int bits_count(uint64_t s)
{
#ifdef __POPCNT__
    return __builtin_popcountll(s);
#else
    s -= (s >> 1) & UINT64_C(0x5555555555555555);
    s = (s & UINT64_C(0x3333333333333333)) + ((s >> 2) & UINT64_C(0x3333333333333333));
    s = (s + (s >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (int)((s * UINT64_C(0x0101010101010101)) >> 56);
#endif
}
static inline int cards_count(cards_t s) { return bits_count(s); }
static inline card_t cards_first(cards_t s) { return (card_t)__builtin_ctzll(s); }
static inline bool cards_has(cards_t s, card_t c) { return (s >> c) & 1; }
/* Iterate: for (cards_t s = set; s; s &= s - 1) { card_t c = cards_first(s); ... } */

/* Ranks present in a set, as a 13-bit mask (bit = rank). */
static inline unsigned cards_ranks(cards_t s)
{
    return (unsigned)((s | s >> 16 | s >> 32 | s >> 48) & SUIT_BITS);
}
/* Every card whose rank is in the 13-bit mask. */
static inline cards_t cards_with_ranks(unsigned ranks) { return (cards_t)ranks * RANK_BITS; }

/* The lowest rank of a deck of 24 (9..A), 36 (6..A) or 52 (2..A) cards; -1 for others. */
static inline int deck_lowest_rank(int deck_size)
{
    return deck_size == 36 ? RANK_6 : deck_size == 52 ? RANK_2 : deck_size == 24 ? RANK_9 : -1;
}
/* The cards of such a deck; 0 for other sizes. */
static inline cards_t deck_cards(int deck_size)
{
    int low = deck_lowest_rank(deck_size);
    if (low < 0)
        return 0;
    return cards_with_ranks((unsigned)SUIT_BITS & ~((1u << low) - 1u));
}

/* The cheapest card of a set: the lowest-ranked non-trump, else the lowest trump (ties:
 * the first suit, S C D H); CARD_NONE for an empty set. What the easy player leads and
 * what a timed-out turn plays. */
static inline card_t cards_lowest(cards_t set, int trump)
{
    cards_t plain = set & ~cards_of_suit(trump);
    cards_t pool = plain ? plain : set;
    if (!pool)
        return CARD_NONE;
    int r = __builtin_ctz(cards_ranks(pool));
    return cards_first(pool & cards_of_rank(r));
}

/* R4: does `cover` beat `attack` with `trump` as the trump suit? */
static inline bool card_beats(card_t cover, card_t attack, int trump)
{
    /* Both answers and a select, not a branch on the suits: they match at random. */
    int same = card_suit(cover) == card_suit(attack);
    int higher = card_rank(cover) > card_rank(attack), trumps = card_suit(cover) == trump;
    return (same & higher) | ((same ^ 1) & trumps);
}
/* All cards of `hand` that beat `attack`: the higher ones of its suit, and any trump. */
static inline cards_t cards_beating(cards_t hand, card_t attack, int trump)
{
    int suit = card_suit(attack);
    cards_t higher = cards_of_suit(suit) & ~((card_bit(attack) << 1) - 1);
    if (suit != trump)
        higher |= cards_of_suit(trump);
    return hand & higher;
}

/* The spellings of ranks and suits: the only tables of them. durak-cli and serialization write
 * cards with the chars, the bot with the texts, letters and symbols (out of range: '?' or "?"). */
/* '2'..'9' 'T' 'J' 'Q' 'K' 'A': the protocol's one char per rank. */
char card_rank_char(int rank);
/* "2".."9" "10" "J" "Q" "K" "A": the rank as people write it. */
const char *card_rank_text(int rank);
/* "s" "c" "d" "h": the suit as a letter, where Unicode is off. */
const char *card_suit_letter(int suit);
/* "♠" "♣" "♦" "♥" (UTF-8, 3 bytes each). */
const char *card_suit_symbol(int suit);

/* ASCII spelling used by durak-cli and serialization: "6S", "TD", "AH".
 * card_format writes 2 chars plus NUL into buf (size >= 3) and returns buf. */
char *card_format(card_t c, char *buf);
/* Parses exactly two ASCII chars (rank 2-9 T J Q K A, suit S C D H, any case);
 * returns CARD_NONE on error. */
card_t card_parse(const char *s);
/* Parses a whole word: two chars as card_parse, or a rank's text ("10") and a suit char. */
card_t card_parse_word(const char *s);

#endif
