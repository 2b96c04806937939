/* card.c — decks, the beats relation (R1, R4) and the spellings of ranks and suits: the ASCII
 * ("TS", "6H") of durak-cli and serialization, and the texts the bot writes ("10♠", "10s"). */
#include "card.h"

#include <string.h>

static const struct {
    char ch;          /* protocol */
    const char *text; /* people */
} RANKS[RANK_COUNT] = {
    { '2', "2" }, { '3', "3" }, { '4', "4" }, { '5', "5" },  { '6', "6" },
    { '7', "7" }, { '8', "8" }, { '9', "9" }, { 'T', "10" }, { 'J', "J" },
    { 'Q', "Q" }, { 'K', "K" }, { 'A', "A" },
};

static const struct {
    char ch;            /* protocol */
    const char *letter; /* people, without Unicode */
    const char *symbol; /* people */
} SUITS[SUIT_COUNT] = {
    { 'S', "s", "\xE2\x99\xA0" },
    { 'C', "c", "\xE2\x99\xA3" },
    { 'D', "d", "\xE2\x99\xA6" },
    { 'H', "h", "\xE2\x99\xA5" },
};

static bool rank_valid(int rank) { return rank >= 0 && rank < RANK_COUNT; }
static bool suit_valid(int suit) { return suit >= 0 && suit < SUIT_COUNT; }

char card_rank_char(int rank) { return rank_valid(rank) ? RANKS[rank].ch : '?'; }
const char *card_rank_text(int rank) { return rank_valid(rank) ? RANKS[rank].text : "?"; }
/* 'S' 'C' 'D' 'H': the protocol's suit char. */
static char card_suit_char(int suit) { return suit_valid(suit) ? SUITS[suit].ch : '?'; }
const char *card_suit_letter(int suit) { return suit_valid(suit) ? SUITS[suit].letter : "?"; }
const char *card_suit_symbol(int suit) { return suit_valid(suit) ? SUITS[suit].symbol : "?"; }

char *card_format(card_t c, char *buf)
{
    if (c == CARD_NONE || card_rank(c) >= RANK_COUNT || card_suit(c) >= SUIT_COUNT) {
        buf[0] = '?';
        buf[1] = '?';
    } else {
        buf[0] = card_rank_char(card_rank(c));
        buf[1] = card_suit_char(card_suit(c));
    }
    buf[2] = '\0';
    return buf;
}

static char upper(char ch) { return (ch >= 'a' && ch <= 'z') ? (char)(ch - 'a' + 'A') : ch; }

static int rank_of_char(char ch)
{
    for (int i = 0; i < RANK_COUNT; i++)
        if (RANKS[i].ch == upper(ch))
            return i;
    return -1;
}

static int suit_of_char(char ch)
{
    for (int i = 0; i < SUIT_COUNT; i++)
        if (SUITS[i].ch == upper(ch))
            return i;
    return -1;
}

card_t card_parse(const char *s)
{
    if (!s[0] || !s[1])
        return CARD_NONE;
    int rank = rank_of_char(s[0]);
    int suit = suit_of_char(s[1]);
    if (rank < 0 || suit < 0)
        return CARD_NONE;
    return card_make(rank, suit);
}

card_t card_parse_word(const char *s)
{
    size_t n = strlen(s);
    if (n == 2)
        return card_parse(s);
    for (int i = 0; i < RANK_COUNT; i++) {
        size_t k = strlen(RANKS[i].text);
        if (k > 1 && n == k + 1 && memcmp(s, RANKS[i].text, k) == 0) {
            int suit = suit_of_char(s[k]);
            return suit < 0 ? CARD_NONE : card_make(i, suit);
        }
    }
    return CARD_NONE;
}
