/* parse_cardwords.c — ranks and suits written out as words: Russian by their stems (a card's name
 * declines: "дама", "даму", "дамой"), French and Spanish whole ("valet", "corazones"). */
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

/* s[0..n) as a Latin word folded into out (cap bytes): ASCII in lower case, the accented letters
 * of French and Spanish without their accents, œ as oe; false for any other byte. */
static bool fold_latin(const unsigned char *s, size_t n, char *out, size_t cap)
{
    static const char *const accented = "\xA0\xA1\xA2\xA4\xA7\xA8\xA9\xAA\xAB\xAD\xAE\xAF"
                                        "\xB1\xB3\xB4\xB6\xB9\xBA\xBB\xBC";
    static const char plain[] = "aaaaceeeeiiinooouuuu";
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char a = s[i], b = i + 1 < n ? s[i + 1] : 0;
        const char *at = a == 0xC3 && b ? strchr(accented, (char)(b | 0x20)) : NULL;
        if (k + 3 > cap)
            return false;
        if (a < 0x80 && ((a | 0x20) >= 'a' && (a | 0x20) <= 'z'))
            out[k++] = (char)(a | 0x20);
        else if (at) /* é and É alike: capitals are 0x20 below */
            out[k++] = plain[at - accented], i++;
        else if ((a == 0xC5 && (b == 0x93 || b == 0x92))) /* œ Œ */
            out[k++] = 'o', out[k++] = 'e', i++;
        else
            return false;
    }
    out[k] = '\0';
    return k > 0;
}

static int latin_of(const stem_row *rows, size_t count, const char *s, size_t n)
{
    char folded[32];
    if (!fold_latin((const unsigned char *)s, n, folded, sizeof folded))
        return -1;
    for (size_t i = 0; i < count; i++)
        if (!strcmp(folded, rows[i].stem))
            return rows[i].value;
    return -1;
}

bool parse_cardwords_of(const char *s, size_t n)
{
    static const char *const words[] = { "de", "del", "des", "of" };
    char folded[8];
    for (size_t i = 0; fold_latin((const unsigned char *)s, n, folded, sizeof folded)
                       && i < sizeof words / sizeof *words;
         i++)
        if (!strcmp(folded, words[i]))
            return true;
    return false;
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
    int r = stem_of(rank_stems, sizeof rank_stems / sizeof *rank_stems, s, n);
    return r >= 0 ? r : latin_of(latin_ranks, sizeof latin_ranks / sizeof *latin_ranks, s, n);
}

int parse_cardwords_suit(const char *s, size_t n)
{
    int suit = stem_of(suit_stems, sizeof suit_stems / sizeof *suit_stems, s, n);
    return suit >= 0 ? suit : latin_of(latin_suits, sizeof latin_suits / sizeof *latin_suits, s, n);
}
