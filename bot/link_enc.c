/* link_enc.c — irc.encoding in the relay: glibc iconv between the server's CP1251 or KOI8-R and
 * the bot's UTF-8, with U+FFFD for undefined bytes and stand-ins for what the legacy side lacks. */
#include "link_enc.h"

#include <errno.h>
#include <stdint.h>
#include <strings.h>
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
    { 0x2660, "\xD0\xBF" },
    { 0x2664, "\xD0\xBF" }, /* ♠ ♤: п */
    { 0x2663, "\xD1\x82" },
    { 0x2667, "\xD1\x82" }, /* ♣ ♧: т */
    { 0x2666, "\xD0\xB1" },
    { 0x2662, "\xD0\xB1" }, /* ♦ ♢: б */
    { 0x2665, "\xD1\x87" },
    { 0x2661, "\xD1\x87" }, /* ♥ ♡: ч */
    { 0x00AB, "\"" },
    { 0x00BB, "\"" },
    { 0x201C, "\"" },
    { 0x201D, "\"" },
    { 0x201E, "\"" },
    { 0x2018, "'" },
    { 0x2019, "'" },
    { 0x2013, "-" },
    { 0x2014, "-" },
    { 0x2212, "-" },
    { 0x2026, "..." },
    { 0x00B7, "." },
    { 0x2022, "*" },
    { 0x00D7, "x" },
    { 0x2116, "N" }, /* № (KOI8-R lacks it): "игра N3", as Russian was typed without the sign */
    { 0x2192, "->" },
    { 0x00A0, " " },
    { 0xFE0F, "" },
    { 0xFE0E, "" },
    { 0x200B, "" },
    /* French and Spanish words: the letters without their accents, below */
    { 0x00C6, "AE" },
    { 0x00E6, "ae" },
    { 0x0152, "OE" },
    { 0x0153, "oe" },
    { 0x00DF, "ss" },
    { 0x0178, "Y" },
    { 0x00BF, "" },
    { 0x00A1, "" },
};

/* U+00C0..U+00FF, À to ÿ, as the letter without its accent ("Enregistre", not "Enregistr?", to a
 * French player on a CP1251 network); the ones written with two letters are in stand_ins. */
static const char LATIN1_BASE[] =
    "AAAAAA?CEEEEIIIIDNOOOOOxOUUUUYT?aaaaaa?ceeeeiiiidnooooo/ouuuuyty";

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
    memset(e, 0, sizeof *e);
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

/* The word of s[0..n) that starts at *at, past spaces; *at moves past it. */
static size_t word_at(const char *s, size_t n, size_t *at, const char **word)
{
    while (*at < n && s[*at] == ' ')
        (*at)++;
    *word = s + *at;
    size_t start = *at;
    while (*at < n && s[*at] != ' ')
        (*at)++;
    return *at - start;
}

/* Copies the nick s[0..n) into nick: false if it is empty or too long to keep. */
static bool nick_copy(const char *s, size_t n, char nick[LINK_ENC_NICK])
{
    if (!n || n >= LINK_ENC_NICK)
        return false;
    memcpy(nick, s, n);
    nick[n] = '\0';
    return true;
}

/* A line's command (tags skipped, *at past it) and, from the server (from_server), the nick of its
 * prefix into nick; 0 if a line from the server has no prefix or a nick too long to keep. */
static size_t command_at(const char *s, size_t n, bool from_server, size_t *at,
                         char nick[LINK_ENC_NICK], const char **cmd)
{
    size_t len;
    const char *w;
    *cmd = s;
    if (n && s[0] == '@')
        word_at(s, n, at, &w);
    if (from_server) {
        if (!(len = word_at(s, n, at, &w)) || w[0] != ':')
            return 0;
        size_t wholen = 0;
        while (wholen < len - 1 && w[1 + wholen] != '!')
            wholen++;
        if (!nick_copy(w + 1, wholen, nick))
            return 0;
    }
    return word_at(s, n, at, cmd);
}

/* A PRIVMSG or NOTICE line: its sender's nick (from the prefix of a line from the server) or its
 * target (a line of the bot's, without prefix) into nick; false for any other line, a channel
 * target, or a nick too long to keep. */
static bool message_nick(const char *s, size_t n, bool from_server, char nick[LINK_ENC_NICK])
{
    size_t at = 0;
    const char *w;
    size_t len = command_at(s, n, from_server, &at, nick, &w);
    if (!((len == 7 && !strncasecmp(w, "PRIVMSG", 7))
          || (len == 6 && !strncasecmp(w, "NOTICE", 6))))
        return false;
    if (from_server)
        return true;
    len = word_at(s, n, &at, &w);
    return len && !strchr("#&+!", w[0]) && nick_copy(w, len, nick);
}

static int person_of(const link_enc *e, const char *nick)
{
    for (int i = 0; i < LINK_ENC_PEOPLE; i++)
        if (e->people->who[i].nick[0] && !strcasecmp(e->people->who[i].nick, nick))
            return i;
    return -1;
}

/* Marks entry i (or none, -1) as just heard or written to: who talks with the bot stays known. */
static int touch(link_enc *e, int i)
{
    if (i >= 0)
        e->people->who[i].last = ++e->people->clock;
    return i;
}

/* ":old!u@h NICK new": one who wrote UTF-8 still does under the new nick. */
static void note_nick(link_enc *e, const char *in, size_t n)
{
    char old[LINK_ENC_NICK], nick[LINK_ENC_NICK];
    size_t at = 0, len;
    const char *w;
    len = command_at(in, n, true, &at, old, &w);
    if (len != 4 || strncasecmp(w, "NICK", 4) || !(len = word_at(in, n, &at, &w)))
        return;
    if (w[0] == ':')
        w++, len--;
    int i = person_of(e, old);
    if (i < 0 || !nick_copy(w, len, nick))
        return;
    int j = person_of(e, nick);
    if (j >= 0 && j != i)
        e->people->who[j].nick[0] = '\0';
    memcpy(e->people->who[i].nick, nick, sizeof nick);
    touch(e, i);
}

/* "auto": a message from the server with letters outside ASCII tells its sender's encoding. Only
 * UTF-8 writers are kept (a miss means the legacy set), so legacy ones take no one's room. */
static void note_sender(link_enc *e, const char *in, size_t n, bool utf8)
{
    char nick[LINK_ENC_NICK];
    if (!message_nick(in, n, true, nick)) {
        note_nick(e, in, n);
        return;
    }
    bool ascii = true;
    for (size_t i = 0; i < n && ascii; i++)
        ascii = !((unsigned char)in[i] & 0x80);
    int i = touch(e, person_of(e, nick));
    if (!ascii && !utf8 && i >= 0)
        e->people->who[i].nick[0] = '\0'; /* their client writes the legacy set now */
    if (ascii || !utf8 || i >= 0)
        return;
    i = 0; /* a free entry, else the least recent */
    for (int k = 0; k < LINK_ENC_PEOPLE && e->people->who[i].nick[0]; k++)
        if (!e->people->who[k].nick[0] || e->people->who[k].last < e->people->who[i].last)
            i = k;
    memcpy(e->people->who[i].nick, nick, sizeof nick);
    touch(e, i);
}

size_t link_enc_in(link_enc *e, const char *in, size_t n, char *out, size_t cap)
{
    bool utf8 = link_enc_active(e) && is_auto(e) && utf8_valid(in, n);
    if (is_auto(e) && e->people)
        note_sender(e, in, n, utf8);
    if (!link_enc_active(e) || utf8)
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

static const char *stand_in(uint32_t cp, char letter[2])
{
    for (size_t i = 0; i < sizeof stand_ins / sizeof stand_ins[0]; i++)
        if (stand_ins[i].cp == cp)
            return stand_ins[i].text;
    letter[0] = cp >= 0xC0 && cp <= 0xFF ? LATIN1_BASE[cp - 0xC0] : '?';
    letter[1] = '\0';
    return letter;
}

/* "auto": a private line to one who writes UTF-8 goes as it is. */
static bool to_utf8_person(link_enc *e, const char *in, size_t n)
{
    char nick[LINK_ENC_NICK];
    return is_auto(e) && e->people && message_nick(in, n, false, nick)
           && touch(e, person_of(e, nick)) >= 0;
}

size_t link_enc_out(link_enc *e, const char *in, size_t n, char *out, size_t cap)
{
    if (!link_enc_active(e) || to_utf8_person(e, in, n))
        return copy_cut(in, n, out, cap);
    char *ip = (char *)in, *op = out;
    size_t il = n, ol = cap;
    iconv(e->out, NULL, NULL, NULL, NULL);
    while (il > 0 && iconv(e->out, &ip, &il, &op, &ol) == (size_t)-1) {
        if (errno == E2BIG)
            break;
        uint32_t cp = 0;
        char letter[2];
        size_t k = utf8_decode((const unsigned char *)ip, il, &cp);
        const char *text = k ? stand_in(cp, letter) : "?"; /* one it lacks, or invalid bytes */
        char *tp = (char *)text;
        size_t tl = strlen(text);
        if (iconv(e->out, &tp, &tl, &op, &ol) == (size_t)-1)
            break;
        ip += k ? k : 1;
        il -= k ? k : 1;
    }
    return cap - ol;
}
