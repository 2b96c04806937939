/* parse_cardwords.c — ranks and suits written out as Russian words, read by their stems: a card's
 * name declines ("дама", "даму", "дамой"), and a player types whichever the sentence needs. */
#include "parse_cardwords.h"

#include <string.h>

#include "card.h"

typedef struct {
    const char *stem; /* folded (lower case, ё as е) */
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

/* s[0..n) with Cyrillic capitals in lower case and ё as е, into out (n bytes: the same length;
 * parse_words folds more, but the parser's other files call into this one). */
static void fold(const unsigned char *s, size_t n, unsigned char *out)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char a = s[i], b = i + 1 < n ? s[i + 1] : 0;
        out[i] = a;
        if ((a == 0xD0 && b == 0x81) || (a == 0xD1 && b == 0x91)) /* Ё ё */
            out[i] = 0xD0, out[++i] = 0xB5;
        else if (a == 0xD0 && b >= 0x90 && b <= 0x9F) /* А..П */
            out[++i] = (unsigned char)(b + 0x20);
        else if (a == 0xD0 && b >= 0xA0 && b <= 0xAF) /* Р..Я */
            out[i] = 0xD1, out[++i] = (unsigned char)(b - 0x20);
        else if (a >= 0xC0 && b) /* another letter of two or more bytes: as it is */
            out[++i] = b;
    }
}

static int stem_of(const stem_row *rows, size_t count, const char *s, size_t n)
{
    char folded[64];
    size_t len = n;
    if (n >= sizeof folded)
        return -1;
    fold((const unsigned char *)s, n, (unsigned char *)folded);
    for (size_t i = 0; i < count; i++) {
        size_t k = strlen(rows[i].stem);
        if (len >= k && !memcmp(folded, rows[i].stem, k)
            && cyrillic_letters((const unsigned char *)folded + k, len - k))
            return rows[i].value;
    }
    return -1;
}

int parse_cardwords_rank(const char *s, size_t n)
{
    return stem_of(rank_stems, sizeof rank_stems / sizeof *rank_stems, s, n);
}

int parse_cardwords_suit(const char *s, size_t n)
{
    return stem_of(suit_stems, sizeof suit_stems / sizeof *suit_stems, s, n);
}
