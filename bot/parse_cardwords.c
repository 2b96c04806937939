/* parse_cardwords.c — ranks and suits written out as words: Russian by their stems (a card's name
 * declines: "дама", "даму", "дамой"), French and Spanish whole ("valet", "corazones"). */
#include "parse_cardwords.h"

#include <string.h>

#include "card.h"
#include "parse_fold.h"

typedef struct {
    const char *stem; /* folded (parse_fold.h) */
    int value;
} stem_row;

/* Number words for 2 to 5 ("два", "пять") are left out: a private game's player count and
 * !durak's "пять" (a 5-card first bout) are those words; their card names are not. */
static const stem_row rank_stems[] = {
    { "двойк", RANK_2 }, { "тройк", RANK_3 },  { "четвер", RANK_4 }, { "пятер", RANK_5 },
    { "шест", RANK_6 },  { "сем", RANK_7 },    { "восем", RANK_8 },  { "восьм", RANK_8 },
    { "девят", RANK_9 }, { "десят", RANK_10 }, { "вал", RANK_J },    { "дам", RANK_Q },
    { "корол", RANK_K }, { "туз", RANK_A },
};

static const stem_row suit_stems[] = {
    { "пик", SUIT_SPADES },   { "треф", SUIT_CLUBS },  { "крест", SUIT_CLUBS },
    { "буб", SUIT_DIAMONDS }, { "черв", SUIT_HEARTS },
};

/* Is every byte of s[0..n) a folded Cyrillic letter (а..я: D0 B0..BF, D1 80..8F)? */
static bool cyrillic_letters(const unsigned char *s, size_t n)
{
    for (size_t i = 0; i < n; i += 2)
        if (i + 1 >= n
            || !((s[i] == 0xD0 && s[i + 1] >= 0xB0 && s[i + 1] <= 0xBF)
                 || (s[i] == 0xD1 && s[i + 1] >= 0x80 && s[i + 1] <= 0x8F)))
            return false;
    return true;
}

/* French and Spanish, folded (lower case, no accents, œ as oe); "as", the ace, is the parser's
 * (parse_ctx_ace_word): in English letters it is A♠. Numbers from six, as the deck's. */
static const stem_row latin_ranks[] = {
    { "six", RANK_6 },   { "sept", RANK_7 },    { "huit", RANK_8 }, { "neuf", RANK_9 },
    { "dix", RANK_10 },  { "valet", RANK_J },   { "dame", RANK_Q }, { "roi", RANK_K },
    { "seis", RANK_6 },  { "siete", RANK_7 },   { "ocho", RANK_8 }, { "nueve", RANK_9 },
    { "diez", RANK_10 }, { "jota", RANK_J },    { "sota", RANK_J }, { "reina", RANK_Q },
    { "dama", RANK_Q },  { "caballo", RANK_Q }, { "rey", RANK_K },
};

/* The Spanish deck's suits too, as Spanish players name a French deck's by them. */
static const stem_row latin_suits[] = {
    { "pique", SUIT_SPADES },       { "piques", SUIT_SPADES },    { "coeur", SUIT_HEARTS },
    { "coeurs", SUIT_HEARTS },      { "carreau", SUIT_DIAMONDS }, { "carreaux", SUIT_DIAMONDS },
    { "trefle", SUIT_CLUBS },       { "trefles", SUIT_CLUBS },    { "pica", SUIT_SPADES },
    { "picas", SUIT_SPADES },       { "espadas", SUIT_SPADES },   { "corazon", SUIT_HEARTS },
    { "corazones", SUIT_HEARTS },   { "copas", SUIT_HEARTS },     { "diamante", SUIT_DIAMONDS },
    { "diamantes", SUIT_DIAMONDS }, { "oros", SUIT_DIAMONDS },    { "trebol", SUIT_CLUBS },
    { "treboles", SUIT_CLUBS },     { "bastos", SUIT_CLUBS },
};

/* s[0..n) folded into out (parse_fold.h), as a C string; false when it does not fit. */
static bool folded(const char *s, size_t n, char *out, size_t cap)
{
    return n > 0 && parse_fold(s, n, out, cap) != (size_t)-1;
}

static int latin_of(const stem_row *rows, size_t count, const char *s, size_t n)
{
    char f[32];
    if (!folded(s, n, f, sizeof f))
        return -1;
    for (size_t i = 0; i < count; i++)
        if (!strcmp(f, rows[i].stem))
            return rows[i].value;
    return -1;
}

bool parse_cardwords_of(const char *s, size_t n)
{
    static const char *const words[] = { "de", "del", "des", "of" };
    char f[8];
    for (size_t i = 0; folded(s, n, f, sizeof f) && i < sizeof words / sizeof *words; i++)
        if (!strcmp(f, words[i]))
            return true;
    return false;
}

static int stem_of(const stem_row *rows, size_t count, const char *s, size_t n)
{
    char f[64];
    if (!folded(s, n, f, sizeof f))
        return -1;
    size_t len = strlen(f);
    for (size_t i = 0; i < count; i++) {
        size_t k = strlen(rows[i].stem);
        if (len >= k && !memcmp(f, rows[i].stem, k)
            && cyrillic_letters((const unsigned char *)f + k, len - k))
            return rows[i].value;
    }
    return -1;
}

int parse_cardwords_rank(const char *s, size_t n)
{
    int r = stem_of(rank_stems, sizeof rank_stems / sizeof *rank_stems, s, n);
    return r >= 0 ? r : latin_of(latin_ranks, sizeof latin_ranks / sizeof *latin_ranks, s, n);
}

int parse_cardwords_suit(const char *s, size_t n)
{
    int suit = stem_of(suit_stems, sizeof suit_stems / sizeof *suit_stems, s, n);
    return suit >= 0 ? suit : latin_of(latin_suits, sizeof latin_suits / sizeof *latin_suits, s, n);
}

bool parse_cardwords_trump(const char *s, size_t n)
{
    static const stem_row trump[] = { { "козыр", 1 } };
    static const stem_row latin[] = { { "trump", 1 }, { "atout", 1 }, { "triunfo", 1 } };
    return stem_of(trump, 1, s, n) > 0 || latin_of(latin, sizeof latin / sizeof *latin, s, n) > 0;
}

bool parse_cardwords_of_trumps(const char *s, size_t n)
{
    static const stem_row of[] = { { "козырн", 1 }, { "козырей", 1 } };
    return stem_of(of, sizeof of / sizeof *of, s, n) > 0;
}

bool parse_cardwords_lowest(const char *s, size_t n)
{
    static const stem_row lowest[] = { { "младш", 1 } };
    static const stem_row latin[] = { { "lowest", 1 } };
    return stem_of(lowest, 1, s, n) > 0 || latin_of(latin, 1, s, n) > 0;
}
