/* link_enc.c — irc.encoding in the relay: glibc iconv between the server's CP1251 or KOI8-R and
 * the bot's UTF-8, with U+FFFD for undefined bytes and stand-ins for what the legacy side lacks. */
#include "link_enc.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "utf8.h"

static const char *const legacy_names[LINK_ENC_COUNT] = {
    [LINK_ENC_UTF8] = "UTF-8",        [LINK_ENC_CP1251] = "CP1251",
    [LINK_ENC_KOI8R] = "KOI8-R",      [LINK_ENC_AUTO_CP1251] = "CP1251",
    [LINK_ENC_AUTO_KOI8R] = "KOI8-R",
};

/* What a character the legacy encoding lacks is written as (UTF-8, each one it has). */
static const struct {
    uint32_t cp;
    const char *text;
} stand_ins[] = {
    { 0x2660, "\xD0\xBF" }, { 0x2664, "\xD0\xBF" }, /* ♠ ♤: п */
    { 0x2663, "\xD1\x82" }, { 0x2667, "\xD1\x82" }, /* ♣ ♧: т */
    { 0x2666, "\xD0\xB1" }, { 0x2662, "\xD0\xB1" }, /* ♦ ♢: б */
    { 0x2665, "\xD1\x87" }, { 0x2661, "\xD1\x87" }, /* ♥ ♡: ч */
    { 0x00AB, "\"" },       { 0x00BB, "\"" },       { 0x201C, "\"" },  { 0x201D, "\"" },
    { 0x201E, "\"" },       { 0x2018, "'" },        { 0x2019, "'" },   { 0x2013, "-" },
    { 0x2014, "-" },        { 0x2212, "-" },        { 0x2026, "..." }, { 0x00B7, "." },
    { 0x2022, "*" },        { 0x00D7, "x" },        { 0x2192, "->" },  { 0x00A0, " " },
    { 0xFE0F, "" },         { 0xFE0E, "" },         { 0x200B, "" },
};

static const char REPLACEMENT[] = "\xEF\xBF\xBD"; /* U+FFFD */

const char *link_enc_name(link_encoding enc)
{
    return (unsigned)enc < LINK_ENC_COUNT ? legacy_names[enc] : "?";
}

bool link_enc_active(const link_enc *e) { return e->enc != LINK_ENC_UTF8; }

static bool is_auto(const link_enc *e)
{
    return e->enc == LINK_ENC_AUTO_CP1251 || e->enc == LINK_ENC_AUTO_KOI8R;
}

bool link_enc_open(link_enc *e, link_encoding enc, char *err, size_t errlen)
{
    e->enc = (unsigned)enc < LINK_ENC_COUNT ? enc : LINK_ENC_UTF8;
    e->in = e->out = (iconv_t)-1;
    if (!link_enc_active(e))
        return true;
    const char *name = legacy_names[e->enc];
    e->in = iconv_open("UTF-8", name);
    e->out = iconv_open(name, "UTF-8");
    if (e->in != (iconv_t)-1 && e->out != (iconv_t)-1)
        return true;
    snprintf(err, errlen, "irc.encoding: iconv cannot convert between %s and UTF-8: %s", name,
             strerror(errno));
    link_enc_close(e);
    return false;
}

void link_enc_close(link_enc *e)
{
    if (e->in != (iconv_t)-1)
        iconv_close(e->in);
    if (e->out != (iconv_t)-1)
        iconv_close(e->out);
    e->in = e->out = (iconv_t)-1;
}

/* Copies s[0..n) into out (cap bytes), cut at a UTF-8 boundary where it does not fit. */
static size_t copy_cut(const char *s, size_t n, char *out, size_t cap)
{
    size_t k = n < cap ? n : cap;
    if (k < n)
        k = utf8_char_start(s, k);
    memcpy(out, s, k);
    return k;
}

size_t link_enc_in(link_enc *e, const char *in, size_t n, char *out, size_t cap)
{
    if (!link_enc_active(e) || (is_auto(e) && utf8_valid(in, n)))
        return copy_cut(in, n, out, cap);
    char *ip = (char *)in, *op = out;
    size_t il = n, ol = cap;
    iconv(e->in, NULL, NULL, NULL, NULL);
    while (il > 0 && iconv(e->in, &ip, &il, &op, &ol) == (size_t)-1) {
        if (errno == E2BIG || ol < sizeof REPLACEMENT - 1)
            break; /* iconv writes whole characters only: the cut is at a boundary */
        memcpy(op, REPLACEMENT, sizeof REPLACEMENT - 1); /* a byte the encoding lacks */
        op += sizeof REPLACEMENT - 1, ol -= sizeof REPLACEMENT - 1;
        ip++, il--;
    }
    return cap - ol;
}

static const char *stand_in(uint32_t cp)
{
    for (size_t i = 0; i < sizeof stand_ins / sizeof stand_ins[0]; i++)
        if (stand_ins[i].cp == cp)
            return stand_ins[i].text;
    return "?";
}

size_t link_enc_out(link_enc *e, const char *in, size_t n, char *out, size_t cap)
{
    if (!link_enc_active(e))
        return copy_cut(in, n, out, cap);
    char *ip = (char *)in, *op = out;
    size_t il = n, ol = cap;
    iconv(e->out, NULL, NULL, NULL, NULL);
    while (il > 0 && iconv(e->out, &ip, &il, &op, &ol) == (size_t)-1) {
        if (errno == E2BIG)
            break;
        uint32_t cp = 0;
        size_t k = utf8_decode((const unsigned char *)ip, il, &cp);
        const char *text = k ? stand_in(cp) : "?"; /* a character it lacks, or invalid bytes */
        char *tp = (char *)text;
        size_t tl = strlen(text);
        if (iconv(e->out, &tp, &tl, &op, &ol) == (size_t)-1)
            break;
        ip += k ? k : 1;
        il -= k ? k : 1;
    }
    return cap - ol;
}
