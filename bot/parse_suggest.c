/* parse_suggest.c — how near two words are, for "did you mean": the edits between two folded
 * UTF-8 words, and how many a typo of a word of that length may hold. */
#include "parse_suggest.h"

#include <stdint.h>

#include "utf8.h"

enum { LETTERS_MAX = 24 };

/* The letters of s[0..n) as code points; -1 when not UTF-8 or over LETTERS_MAX. */
static int letters(const char *s, size_t n, uint32_t out[LETTERS_MAX])
{
    int k = 0;
    for (size_t i = 0; i < n; k++) {
        uint32_t cp = 0;
        size_t len = k < LETTERS_MAX ? utf8_decode((const unsigned char *)s + i, n - i, &cp) : 0;
        if (!len)
            return -1;
        out[k] = cp;
        i += len;
    }
    return k;
}

static int least(int a, int b) { return a < b ? a : b; }

int parse_suggest_edits(const char *a, size_t na, const char *b, size_t nb)
{
    uint32_t x[LETTERS_MAX], y[LETTERS_MAX];
    int nx = letters(a, na, x), ny = letters(b, nb, y);
    int d[LETTERS_MAX + 1][LETTERS_MAX + 1];
    if (nx < 0 || ny < 0)
        return -1;
    for (int i = 0; i <= nx; i++)
        d[i][0] = i;
    for (int j = 0; j <= ny; j++)
        d[0][j] = j;
    /* the optimal string alignment distance: each letter once, swaps of neighbours included */
    for (int i = 1; i <= nx; i++)
        for (int j = 1; j <= ny; j++) {
            int v = least(d[i - 1][j - 1] + (x[i - 1] != y[j - 1]),
                          least(d[i - 1][j], d[i][j - 1]) + 1);
            if (i > 1 && j > 1 && x[i - 1] == y[j - 2] && x[i - 2] == y[j - 1])
                v = least(v, d[i - 2][j - 2] + 1);
            d[i][j] = v;
        }
    return d[nx][ny];
}

int parse_suggest_most(const char *a, size_t na)
{
    uint32_t x[LETTERS_MAX];
    int n = letters(a, na, x);
    return n < 3 ? 0 : n < 6 ? 1 : 2;
}
