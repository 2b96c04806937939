/* parse_cardtext.c — the card notation read from users: the spellings of card.c (any ASCII case)
 * plus the aliases people type (T for 10, white suits, Cyrillic letters); and a card written. */

/*
 * Cards: the rank, then the suit, no space between. Letters in any case (Latin and Cyrillic).
 *   ranks: 2 3 4 5 6 7 8 9 10, and
 *          English  T (ten)  J Q K A
 *          Russian  В (валет) Д (дама) К (король) Т (туз) — Cyrillic Т is the ACE;
 *                   Cyrillic А (looks like A) is the ace too, Latin B (looks like В) the jack
 *          French   V (valet) D (dame) R (roi) A (as)
 *          Spanish  J (jota) Q (reina) K or R (rey) A (as)
 *   suits: ♠ ♣ ♦ ♥, white ♤ ♧ ♢ ♡, and ❤, each with or without U+FE0F, and
 *          English  s c d h
 *          Russian  п (пики ♠) т or к (трефы, крести ♣) б (бубны ♦) ч (червы ♥)
 *          French   p (pique ♠) t (trèfle ♣) ca (carreau ♦) co (cœur ♥)
 *          Spanish  p (picas ♠) t (tréboles ♣) d (diamantes ♦) co (corazones ♥)
 *   Latin c stays clubs and Latin k is no suit (it is a rank, and "tk" is take); that is why
 *   carreau and cœur are written ca and co. Rank first settles К: "Кк" = K♣, "Кп" = K♠,
 *   "10к" = 10♣; "кК" is K♣ too.
 *   Latin T is the ten, Cyrillic Т the ace; a T whose suit is of the other script is not read
 *   either way: the player is asked which was meant (parse_cardtext_t_ambiguous).
 */
#include "parse_cardtext.h"

#include <string.h>

#include "parse_cardwords.h"
#include "parse_token.h"
#include "utf8.h"

typedef struct {
    const char *text;
    int value;
} alias;

/* Ranks besides card.c's texts ("10", "J") and chars ("T"), matched in any ASCII case. */
static const alias rank_aliases[] = {
    { "\xD0\x92", RANK_J }, { "\xD0\xB2", RANK_J }, /* В в: валет */
    { "\xD0\x94", RANK_Q }, { "\xD0\xB4", RANK_Q }, /* Д д: дама */
    { "\xD0\x9A", RANK_K }, { "\xD0\xBA", RANK_K }, /* К к: король */
    { "\xD0\xA2", RANK_A }, { "\xD1\x82", RANK_A }, /* Т т: туз */
    { "\xD0\x90", RANK_A }, { "\xD0\xB0", RANK_A }, /* А а (Cyrillic): туз, as Latin A */
    { "b", RANK_J }, /* Latin B, which looks like В (валет): no notation has a B */
    { "v", RANK_J },        { "d", RANK_Q }, /* valet, dame */
    { "r", RANK_K },                         /* roi, rey */
};

/* Suits besides card.c's letters and symbols. */
static const alias suit_aliases[] = {
    { "\xE2\x99\xA4", SUIT_SPADES },   /* ♤ */
    { "\xE2\x99\xA7", SUIT_CLUBS },    /* ♧ */
    { "\xE2\x99\xA2", SUIT_DIAMONDS }, /* ♢ */
    { "\xE2\x99\xA1", SUIT_HEARTS },   /* ♡ */
    { "\xE2\x9D\xA4", SUIT_HEARTS },   /* ❤: the heart a phone's emoji keyboard offers */
    { "\xD0\xBF", SUIT_SPADES },
    { "\xD0\x9F", SUIT_SPADES }, /* п П: пики */
    { "\xD1\x82", SUIT_CLUBS },
    { "\xD0\xA2", SUIT_CLUBS }, /* т Т: трефы */
    { "\xD0\xBA", SUIT_CLUBS },
    { "\xD0\x9A", SUIT_CLUBS }, /* к К: крести */
    { "\xD0\xB1", SUIT_DIAMONDS },
    { "\xD0\x91", SUIT_DIAMONDS }, /* б Б: бубны */
    { "\xD1\x87", SUIT_HEARTS },
    { "\xD0\xA7", SUIT_HEARTS }, /* ч Ч: червы */
    { "p", SUIT_SPADES },        /* pique, picas */
    { "t", SUIT_CLUBS },         /* trèfle, tréboles */
    { "ca", SUIT_DIAMONDS },     /* carreau */
    { "co", SUIT_HEARTS },       /* cœur, corazones */
};

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

/* Does s[0..n) start with text, in any ASCII case? Sets *used to its length. */
static bool starts_with(const char *s, size_t n, const char *text, size_t *used)
{
    size_t k = strlen(text);
    if (k == 0 || n < k)
        return false;
    for (size_t i = 0; i < k; i++)
        if (byte_lower((unsigned char)s[i]) != byte_lower((unsigned char)text[i]))
            return false;
    *used = k;
    return true;
}

static int alias_prefix(const alias *list, size_t count, const char *s, size_t n, size_t *used)
{
    for (size_t i = 0; i < count; i++)
        if (starts_with(s, n, list[i].text, used))
            return list[i].value;
    return -1;
}

/* A rank at the start of s; -1 if none. */
static int rank_prefix(const char *s, size_t n, size_t *used)
{
    for (int r = 0; r < RANK_COUNT; r++) {
        char ch[2] = { card_rank_char(r), '\0' };
        if (starts_with(s, n, card_rank_text(r), used) || starts_with(s, n, ch, used))
            return r;
    }
    return alias_prefix(rank_aliases, COUNT_OF(rank_aliases), s, n, used);
}

/* The suit spelt at the start of s with an optional variation selector after it, exactly
 * filling s[0..n) when `whole` (then "co" is not read as "c" and more); -1 if none. */
static int suit_spelt(const char *s, size_t n, bool whole, size_t *used)
{
    for (int i = 0; i < SUIT_COUNT + (int)COUNT_OF(suit_aliases); i++) {
        const char *texts[2] = { NULL, NULL };
        int suit = i;
        if (i < SUIT_COUNT) {
            texts[0] = card_suit_letter(i), texts[1] = card_suit_symbol(i);
        } else {
            texts[0] = suit_aliases[i - SUIT_COUNT].text;
            suit = suit_aliases[i - SUIT_COUNT].value;
        }
        for (int k = 0; k < 2 && texts[k]; k++) {
            if (!starts_with(s, n, texts[k], used))
                continue;
            *used += utf8_invisible_len((const unsigned char *)s + *used, n - *used);
            if (!whole || *used == n)
                return suit;
        }
    }
    return -1;
}

static int suit_prefix(const char *s, size_t n, size_t *used)
{
    return suit_spelt(s, n, false, used);
}

card_t parse_cardtext_read(const char *s, size_t n)
{
    size_t r, k;
    int rank = rank_prefix(s, n, &r);
    if (rank < 0)
        return CARD_NONE;
    int suit = suit_spelt(s + r, n - r, true, &k);
    if (suit < 0)
        return CARD_NONE;
    return card_make(rank, suit);
}

static bool byte_is_cyrillic_lead(unsigned char b) { return b == 0xD0 || b == 0xD1; }

/* A T typed with a suit of the other script is the one spelling a player can mean two ways: a
 * Russian player's "Tп" with a Latin T means the ace (туз), an English player's "Тs" with a
 * Cyrillic Т means the ten. Each script alone, or a suit symbol, is read without asking. */
bool parse_cardtext_t_ambiguous(const char *s, size_t n, char ten_text[CARDTEXT_OTHER_SIZE],
                                char ace_text[CARDTEXT_OTHER_SIZE])
{
    if (n < 2 || parse_cardtext_read(s, n) == CARD_NONE)
        return false;
    const unsigned char *u = (const unsigned char *)s;
    bool cyrillic_t = (u[0] == 0xD0 && u[1] == 0xA2) || (u[0] == 0xD1 && u[1] == 0x82);
    bool latin_t = u[0] == 'T' || u[0] == 't';
    size_t rank_len = cyrillic_t ? 2 : 1;
    if ((!cyrillic_t && !latin_t) || n <= rank_len || n - rank_len + 3 > CARDTEXT_OTHER_SIZE)
        return false;
    unsigned char suit_lead = u[rank_len];
    bool suit_cyrillic = byte_is_cyrillic_lead(suit_lead);
    bool suit_latin = (suit_lead | 0x20) >= 'a' && (suit_lead | 0x20) <= 'z';
    if (!(latin_t && suit_cyrillic) && !(cyrillic_t && suit_latin))
        return false;
    /* the ace in the suit's own script, so that the offer is not ambiguous in turn: Тп, As */
    size_t ace_len = suit_latin ? 1 : 2;
    memcpy(ten_text, "10", 2);
    memcpy(ace_text, suit_latin ? "A" : "\xD0\xA2", ace_len);
    memcpy(ten_text + 2, s + rank_len, n - rank_len);
    memcpy(ace_text + ace_len, s + rank_len, n - rank_len);
    ten_text[2 + n - rank_len] = ace_text[ace_len + n - rank_len] = '\0';
    return true;
}

bool parse_cardtext_looks_like_card(const char *s, size_t n)
{
    if (n > 0 && byte_is_digit((unsigned char)s[0]))
        return true;
    for (size_t i = 0; i + 3 <= n; i++)
        if (memcmp(s + i, "\xE2\x99", 2) == 0 && (unsigned char)s[i + 2] >= 0xA0
            && (unsigned char)s[i + 2] <= 0xA7)
            return true;
    return false;
}

/* The suit that ends a word after something else (a rank, or a bad one); -1 if none. */
static int suit_suffix(const char *s, size_t n)
{
    size_t k;
    for (size_t i = 1; i < n && i <= 6; i++) {
        int suit = suit_prefix(s + n - i, i, &k);
        if (suit >= 0 && k == i)
            return suit;
    }
    return -1;
}

int parse_cardtext_suit(const char *s, size_t n)
{
    size_t k;
    int suit = suit_spelt(s, n, true, &k);
    return suit >= 0 ? suit : parse_cardwords_suit(s, n);
}

cardtext_fault parse_cardtext_fault_of(const char *s, size_t n, card_t *example)
{
    size_t r, k, r2 = 0;
    int rank = rank_prefix(s, n, &r);
    int said = parse_cardwords_rank(s, n); /* "дамой", "семёрку": a rank said as a word */
    if (said >= 0)
        rank = said, r = n;
    if (rank >= 0 && r == n) {
        *example = card_make(rank, SUIT_HEARTS);
        return CARDTEXT_NO_SUIT;
    }
    int suit = suit_prefix(s, n, &k);
    int rank2 = suit >= 0 ? rank_prefix(s + k, n - k, &r2) : -1;
    if (rank2 >= 0 && k + r2 == n) {
        *example = card_make(rank2, suit);
        return CARDTEXT_SUIT_FIRST;
    }
    if (rank >= 0) { /* "7hearts": the rank is right, whatever the word ends with */
        *example = card_make(rank, SUIT_HEARTS);
        return CARDTEXT_BAD_SUIT;
    }
    suit = suit_suffix(s, n);
    if (suit >= 0) {
        *example = card_make(RANK_10, suit);
        return CARDTEXT_BAD_RANK;
    }
    *example = card_make(rank >= 0 ? rank : RANK_7, SUIT_HEARTS);
    return CARDTEXT_NOT_CARD;
}

char *parse_cardtext_write(card_t c, bool unicode_suits, char buf[CARDTEXT_SIZE])
{
    if (c == CARD_NONE || card_rank(c) >= RANK_COUNT || card_suit(c) >= SUIT_COUNT) {
        memcpy(buf, "?", 2);
        return buf;
    }
    const char *rank = card_rank_text(card_rank(c));
    const char *suit =
        unicode_suits ? card_suit_symbol(card_suit(c)) : card_suit_letter(card_suit(c));
    size_t r = strlen(rank), s = strlen(suit);
    memcpy(buf, rank, r);
    memcpy(buf + r, suit, s);
    buf[r + s] = '\0';
    return buf;
}
