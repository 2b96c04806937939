/* card.c — decks, the beats relation (R1, R4) and the ASCII card spelling
 * ("TS", "6H") used by durak-cli and serialization. */
#include "card.h"

static const char RANK_CHARS[] = "23456789TJQKA";
static const char SUIT_CHARS[] = "SCDH";

int deck_lowest_rank(int deck_size)
{
    switch (deck_size) {
    case 24: return RANK_9;
    case 36: return RANK_6;
    case 52: return RANK_2;
    default: return -1;
    }
}

cards_t deck_cards(int deck_size)
{
    int low = deck_lowest_rank(deck_size);
    if (low < 0)
        return 0;
    unsigned ranks = (unsigned)SUIT_BITS & ~((1u << low) - 1u);
    return cards_with_ranks(ranks);
}

card_t cards_lowest(cards_t set, int trump)
{
    cards_t plain = set & ~cards_of_suit(trump);
    cards_t pool = plain ? plain : set;
    if (!pool)
        return CARD_NONE;
    int r = __builtin_ctz(cards_ranks(pool));
    return cards_first(pool & cards_of_rank(r));
}

bool card_beats(card_t cover, card_t attack, int trump)
{
    if (card_suit(cover) == card_suit(attack))
        return card_rank(cover) > card_rank(attack);
    return card_suit(cover) == trump;
}

cards_t cards_beating(cards_t hand, card_t attack, int trump)
{
    int suit = card_suit(attack);
    cards_t higher = cards_of_suit(suit) & ~((card_bit(attack) << 1) - 1);
    if (suit != trump)
        higher |= cards_of_suit(trump);
    return hand & higher;
}

char *card_format(card_t c, char *buf)
{
    if (c == CARD_NONE || card_rank(c) >= RANK_COUNT || card_suit(c) >= SUIT_COUNT) {
        buf[0] = '?';
        buf[1] = '?';
    } else {
        buf[0] = RANK_CHARS[card_rank(c)];
        buf[1] = SUIT_CHARS[card_suit(c)];
    }
    buf[2] = '\0';
    return buf;
}

static int index_of(const char *chars, char ch)
{
    if (ch >= 'a' && ch <= 'z')
        ch = (char)(ch - 'a' + 'A');
    for (int i = 0; chars[i]; i++)
        if (chars[i] == ch)
            return i;
    return -1;
}

card_t card_parse(const char *s)
{
    if (!s[0] || !s[1])
        return CARD_NONE;
    int rank = index_of(RANK_CHARS, s[0]);
    int suit = index_of(SUIT_CHARS, s[1]);
    if (rank < 0 || suit < 0)
        return CARD_NONE;
    return card_make(rank, suit);
}
