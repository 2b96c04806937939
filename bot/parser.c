/* parser.c — the command parser: cleans a line (mIRC codes, control bytes), reads its words
 * and turns them into a parsed_cmd, or an error sentence from messages.c naming the right form. */

/*
 * Accepted forms (for README). Words are matched in any case (ASCII); punctuation around a
 * word (. , ; : ! ? " ' ( ) [ ] { } < > * _ ~ | ` « » “ ” ‘ ’ …) is ignored.
 *
 * Channel, right after the prefix (default "!"):
 *   durak [classic|transfer] [all|neighbours] [first5]    options in any order
 *         classic  = podkidnoy, podkidnoi, throwin
 *         transfer = perevodnoy, perevodnoi, passing
 *         neighbours = neighbors
 *   join   leave   start   stop   table   rules   help [topic]
 *   bot [easy|normal|hard]  (medium = normal)     bot remove
 *   stats [nick]     top [n]  (n from 1 to 20)
 *   A line without the prefix, or with another word after it, is ignored (another bot's).
 *
 * Private messages (a leading prefix is allowed: "!play 7h"):
 *   play C        short: pl C      also: throw C
 *   beat C [T]    short: b C [T]   also: cover C [T]     (C covers T)
 *   take          short: tk
 *   pass          short: pa
 *   transfer C    short: tr C
 *   hand          also: cards
 *   moves         short: m
 *   help [topic]
 *   C             a bare card (the game decides what it means)
 *   "t", "p" and "h" are ambiguous: the answer lists the choices. The channel words answer
 *   that they belong in the channel. Anything else is an error pointing to moves and help.
 *
 * Cards: the rank, then the suit, no space between.
 *   ranks: 2 3 4 5 6 7 8 9 10 J Q K A, T for 10, any case;
 *          Cyrillic В (валет) Д (дама) К (король) Т (туз), any case — Cyrillic Т is the ace,
 *          Latin T is the ten.
 *   suits: ♠ ♣ ♦ ♥, white ♤ ♧ ♢ ♡, each with or without U+FE0F; s c d h, any case;
 *          Cyrillic п (пики ♠) к (крести ♣) б (бубны ♦) ч (черви ♥), any case.
 *   Rank first settles К: "Кк" = K♣, "Кп" = K♠, "10к" = 10♣; "кК" is K♣ too.
 *
 * Before any of this, at most 512 bytes are read; mIRC codes (\x02 \x0f \x11 \x16 \x1d \x1e
 * \x1f, \x03 with up to two colour digits and ",bg", \x04 with hex colours) are removed, other
 * control bytes (NUL, CR, LF, tab...) and Unicode spaces separate words, and invisible
 * characters (U+FE0E, U+FE0F, zero-width spaces, BOM) are dropped. A line starting with
 * \x01 (CTCP) is ignored.
 */
#include "parser.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "durak.h"
#include "messages.h"
#include "mirc.h"

enum {
    QUOTE_MAX = 20,                 /* bytes of a user's word quoted in an error */
    QUOTE_SIZE = QUOTE_MAX + 3 + 1, /* plus "…" and NUL */
    PREFIX_SHOWN_MAX = 16,
    TEXT_SIZE = 96,    /* a command as shown in an error: "!bot hard", "beat 9♠ 7♠" */
    EXAMPLE_SIZE = 32, /* "10♥ or 10h" */
    TOP_MAX = 20,
};

/* Punctuation ignored around words. */
static const char WORD_PUNCT[] = ".,;:!?\"'()[]{}<>*_~|`";
/* Around a nick: IRC status marks before it, sentence punctuation after it. */
static const char NICK_LEAD[] = "@+%&~\"'(<";
static const char NICK_TRAIL[] = ",.:;!?\"')>";
static const char NICK_CHARS[] = "[]\\`_^{|}-";
static const char ELLIPSIS[] = "\xE2\x80\xA6";

typedef struct {
    const char *s;
    size_t n;
} token;

typedef struct {
    const char *text;
    int value;
} notation;

typedef struct {
    const char *word;
    parse_kind kind;
} command_word;

enum { OPT_VARIANT, OPT_THROWIN, OPT_FIRST5, OPT_COUNT };

typedef struct {
    const char *word; /* the first entry of an (option, value) pair is its canonical name */
    int option;
    int value;
} option_word;

typedef struct {
    char buf[PARSE_MAX_LINE + 1]; /* the cleaned line */
    size_t len, pos;
    const char *prefix;
    size_t prefix_len;
    char prefix_shown[PREFIX_SHOWN_MAX + 4];
    bool unicode;
    parsed_cmd *out;
} parse_ctx;

/* ---------------------------------------------------------------- tables */

static const char *const kind_names[PC_KIND_COUNT] = {
    [PC_IGNORED] = "ignored", [PC_ERROR] = "error", [PC_DURAK] = "durak",
    [PC_JOIN] = "join",       [PC_LEAVE] = "leave", [PC_START] = "start",
    [PC_STOP] = "stop",       [PC_TABLE] = "table", [PC_HELP] = "help",
    [PC_RULES] = "rules",     [PC_BOT] = "bot",     [PC_STATS] = "stats",
    [PC_TOP] = "top",         [PC_PLAY] = "play",   [PC_BEAT] = "beat",
    [PC_TAKE] = "take",       [PC_PASS] = "pass",   [PC_TRANSFER] = "transfer",
    [PC_HAND] = "hand",       [PC_MOVES] = "moves", [PC_CARD] = "card",
};

static const command_word channel_words[] = {
    { "durak", PC_DURAK }, { "join", PC_JOIN },   { "leave", PC_LEAVE }, { "start", PC_START },
    { "stop", PC_STOP },   { "table", PC_TABLE }, { "help", PC_HELP },   { "rules", PC_RULES },
    { "bot", PC_BOT },     { "stats", PC_STATS }, { "top", PC_TOP },
};

static const command_word private_words[] = {
    { "play", PC_PLAY }, { "pl", PC_PLAY },    { "throw", PC_PLAY },        { "beat", PC_BEAT },
    { "b", PC_BEAT },    { "cover", PC_BEAT }, { "take", PC_TAKE },         { "tk", PC_TAKE },
    { "pass", PC_PASS }, { "pa", PC_PASS },    { "transfer", PC_TRANSFER }, { "tr", PC_TRANSFER },
    { "hand", PC_HAND }, { "cards", PC_HAND }, { "moves", PC_MOVES },       { "m", PC_MOVES },
    { "help", PC_HELP },
};

static const notation ambiguous_words[] = {
    { "t", 0 },
    { "p", 1 },
    { "h", 2 },
};
static const char *const ambiguous_choices[] = {
    "take (tk) or transfer (tr)",
    "play (pl) or pass (pa)",
    "hand or help",
};

static const option_word option_words[] = {
    { "classic", OPT_VARIANT, DURAK_VARIANT_CLASSIC },
    { "podkidnoy", OPT_VARIANT, DURAK_VARIANT_CLASSIC },
    { "podkidnoi", OPT_VARIANT, DURAK_VARIANT_CLASSIC },
    { "throwin", OPT_VARIANT, DURAK_VARIANT_CLASSIC },
    { "transfer", OPT_VARIANT, DURAK_VARIANT_TRANSFER },
    { "perevodnoy", OPT_VARIANT, DURAK_VARIANT_TRANSFER },
    { "perevodnoi", OPT_VARIANT, DURAK_VARIANT_TRANSFER },
    { "passing", OPT_VARIANT, DURAK_VARIANT_TRANSFER },
    { "all", OPT_THROWIN, DURAK_THROWIN_ALL },
    { "neighbours", OPT_THROWIN, DURAK_THROWIN_NEIGHBOURS },
    { "neighbors", OPT_THROWIN, DURAK_THROWIN_NEIGHBOURS },
    { "first5", OPT_FIRST5, 1 },
};

static const notation bot_levels[] = {
    { "easy", 0 },
    { "normal", 1 },
    { "medium", 1 },
    { "hard", 2 },
};
static const char *const bot_level_names[] = { "easy", "normal", "hard" };

static const notation rank_notations[] = {
    { "10", RANK_10 },      { "2", RANK_2 },        { "3", RANK_3 },  { "4", RANK_4 },
    { "5", RANK_5 },        { "6", RANK_6 },        { "7", RANK_7 },  { "8", RANK_8 },
    { "9", RANK_9 },        { "T", RANK_10 },       { "t", RANK_10 }, { "J", RANK_J },
    { "j", RANK_J },        { "Q", RANK_Q },        { "q", RANK_Q },  { "K", RANK_K },
    { "k", RANK_K },        { "A", RANK_A },        { "a", RANK_A },  { "\xD0\x92", RANK_J },
    { "\xD0\xB2", RANK_J },                         /* В в: валет */
    { "\xD0\x94", RANK_Q }, { "\xD0\xB4", RANK_Q }, /* Д д: дама */
    { "\xD0\x9A", RANK_K }, { "\xD0\xBA", RANK_K }, /* К к: король */
    { "\xD0\xA2", RANK_A }, { "\xD1\x82", RANK_A }, /* Т т: туз */
};

static const notation suit_notations[] = {
    { "s", SUIT_SPADES },
    { "S", SUIT_SPADES },
    { "c", SUIT_CLUBS },
    { "C", SUIT_CLUBS },
    { "d", SUIT_DIAMONDS },
    { "D", SUIT_DIAMONDS },
    { "h", SUIT_HEARTS },
    { "H", SUIT_HEARTS },
    { "\xE2\x99\xA0", SUIT_SPADES },
    { "\xE2\x99\xA4", SUIT_SPADES }, /* ♠ ♤ */
    { "\xE2\x99\xA3", SUIT_CLUBS },
    { "\xE2\x99\xA7", SUIT_CLUBS }, /* ♣ ♧ */
    { "\xE2\x99\xA6", SUIT_DIAMONDS },
    { "\xE2\x99\xA2", SUIT_DIAMONDS }, /* ♦ ♢ */
    { "\xE2\x99\xA5", SUIT_HEARTS },
    { "\xE2\x99\xA1", SUIT_HEARTS }, /* ♥ ♡ */
    { "\xD0\xBF", SUIT_SPADES },
    { "\xD0\x9F", SUIT_SPADES }, /* п П: пики */
    { "\xD0\xBA", SUIT_CLUBS },
    { "\xD0\x9A", SUIT_CLUBS }, /* к К: крести */
    { "\xD0\xB1", SUIT_DIAMONDS },
    { "\xD0\x91", SUIT_DIAMONDS }, /* б Б: бубны */
    { "\xD1\x87", SUIT_HEARTS },
    { "\xD0\xA7", SUIT_HEARTS }, /* ч Ч: черви */
};

static const char *const rank_texts[RANK_COUNT] = {
    "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
};
static const char *const suit_symbols[SUIT_COUNT] = {
    "\xE2\x99\xA0",
    "\xE2\x99\xA3",
    "\xE2\x99\xA6",
    "\xE2\x99\xA5",
};
static const char *const suit_letters[SUIT_COUNT] = { "s", "c", "d", "h" };

/* Quotation marks and ellipsis ignored around words, besides WORD_PUNCT. */
static const char *const wide_punct[] = {
    "\xC2\xAB",     "\xC2\xBB",     "\xE2\x80\x98", "\xE2\x80\x99",
    "\xE2\x80\x9C", "\xE2\x80\x9D", "\xE2\x80\xA6",
};

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

/* ---------------------------------------------------------------- bytes and UTF-8 */

static bool byte_is_digit(unsigned char b) { return b >= '0' && b <= '9'; }

static bool byte_is_letter(unsigned char b)
{
    return (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z');
}

static unsigned char byte_lower(unsigned char b)
{
    return (b >= 'A' && b <= 'Z') ? (unsigned char)(b - 'A' + 'a') : b;
}

static bool byte_in(unsigned char b, const char *set) { return b != 0 && strchr(set, b) != NULL; }

/* Length of the valid UTF-8 sequence at s (n bytes available) and its code point; 0 if invalid. */
static size_t utf8_decode(const unsigned char *s, size_t n, uint32_t *cp)
{
    if (n == 0)
        return 0;
    unsigned char b = s[0];
    size_t len;
    uint32_t v, min;
    if (b < 0x80) {
        *cp = b;
        return 1;
    }
    if (b >= 0xC2 && b <= 0xDF) {
        len = 2;
        v = b & 0x1Fu;
        min = 0x80;
    } else if (b >= 0xE0 && b <= 0xEF) {
        len = 3;
        v = b & 0x0Fu;
        min = 0x800;
    } else if (b >= 0xF0 && b <= 0xF4) {
        len = 4;
        v = b & 0x07u;
        min = 0x10000;
    } else
        return 0;
    if (n < len)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80)
            return 0;
        v = (v << 6) | (s[i] & 0x3Fu);
    }
    if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF))
        return 0;
    *cp = v;
    return len;
}

/* Characters that must never be echoed: controls, C1, direction overrides, separators. */
static bool codepoint_is_shown(uint32_t cp)
{
    if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F))
        return false;
    if ((cp >= 0x200B && cp <= 0x200F) || (cp >= 0x2028 && cp <= 0x202E))
        return false;
    if ((cp >= 0x2060 && cp <= 0x2069) || cp == 0xFEFF)
        return false;
    return true;
}

/* Copies src[0..n) into dst (at least max + 4 bytes) as printable, valid UTF-8 of at most
 * max bytes: '?' for anything else, "…" when cut. */
static void text_sanitize(char *dst, const char *src, size_t n, size_t max)
{
    const unsigned char *s = (const unsigned char *)src;
    size_t i = 0, o = 0;
    while (i < n) {
        uint32_t cp = 0;
        size_t k = utf8_decode(s + i, n - i, &cp);
        const char *piece = src + i;
        size_t piece_len = k;
        if (k == 0 || !codepoint_is_shown(cp)) {
            piece = "?";
            piece_len = 1;
            k = k ? k : 1;
        }
        if (o + piece_len > max) {
            memcpy(dst + o, ELLIPSIS, 3);
            o += 3;
            break;
        }
        memcpy(dst + o, piece, piece_len);
        o += piece_len;
        i += k;
    }
    dst[o] = '\0';
}

/* Cuts a NUL-terminated string at its first invalid UTF-8 sequence (a cut by snprintf). */
static void text_cut_invalid(char *s)
{
    size_t n = strlen(s), i = 0;
    uint32_t cp;
    while (i < n) {
        size_t k = utf8_decode((const unsigned char *)s + i, n - i, &cp);
        if (k == 0)
            break;
        i += k;
    }
    s[i] = '\0';
}

/* ---------------------------------------------------------------- cleaning the line */

/* Length of a Unicode space at s (read as a word separator), else 0. */
static size_t unicode_space_len(const unsigned char *s, size_t n)
{
    uint32_t cp;
    size_t k = utf8_decode(s, n, &cp);
    if (k > 1
        && (cp == 0xA0 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x202F || cp == 0x205F
            || cp == 0x3000))
        return k;
    return 0;
}

/* Length of an invisible character at s (dropped), else 0. */
static size_t invisible_len(const unsigned char *s, size_t n)
{
    uint32_t cp;
    size_t k = utf8_decode(s, n, &cp);
    if (k > 1
        && (cp == 0xFE0E || cp == 0xFE0F || (cp >= 0x200B && cp <= 0x200D) || cp == 0x2060
            || cp == 0xFEFF))
        return k;
    return 0;
}

/* Writes the first PARSE_MAX_LINE bytes of line into dst without formatting codes, with one
 * space for each control byte or Unicode space; returns the length (<= PARSE_MAX_LINE). */
static size_t line_clean(char *dst, const char *line, size_t len)
{
    const unsigned char *s = (const unsigned char *)line;
    size_t n = len < PARSE_MAX_LINE ? len : PARSE_MAX_LINE, o = 0, i = 0, k;
    while (i < n) {
        unsigned char b = s[i];
        if ((k = mirc_code_len(line + i, n - i)) != 0)
            i += k;
        else if (b < 0x20 || b == 0x7F) {
            dst[o++] = ' ';
            i++;
        } else if (b < 0x80)
            dst[o++] = (char)s[i++];
        else if ((k = unicode_space_len(s + i, n - i)) != 0) {
            dst[o++] = ' ';
            i += k;
        } else if ((k = invisible_len(s + i, n - i)) != 0)
            i += k;
        else
            dst[o++] = (char)s[i++];
    }
    dst[o] = '\0';
    return o;
}

/* ---------------------------------------------------------------- words */

static size_t wide_punct_at(const char *s, size_t n, bool at_end)
{
    for (size_t i = 0; i < COUNT_OF(wide_punct); i++) {
        size_t k = strlen(wide_punct[i]);
        if (n >= k && memcmp(at_end ? s + n - k : s, wide_punct[i], k) == 0)
            return k;
    }
    return 0;
}

/* The word without the punctuation of `lead` before it and of `trail` after it. */
static token token_strip(token t, const char *lead, const char *trail)
{
    for (;;) {
        size_t k = t.n ? wide_punct_at(t.s, t.n, false) : 0;
        if (t.n && byte_in((unsigned char)t.s[0], lead))
            k = 1;
        if (k == 0)
            break;
        t.s += k;
        t.n -= k;
    }
    for (;;) {
        size_t k = t.n ? wide_punct_at(t.s, t.n, true) : 0;
        if (t.n && byte_in((unsigned char)t.s[t.n - 1], trail))
            k = 1;
        if (k == 0)
            break;
        t.n -= k;
    }
    return t;
}

static token word_strip(token t) { return token_strip(t, WORD_PUNCT, WORD_PUNCT); }

/* Does the word equal `lower` (lower-case ASCII), in any ASCII case? */
static bool token_is(token t, const char *lower)
{
    size_t n = strlen(lower);
    if (t.n != n)
        return false;
    for (size_t i = 0; i < n; i++)
        if (byte_lower((unsigned char)t.s[i]) != (unsigned char)lower[i])
            return false;
    return true;
}

static bool token_starts_with(token t, const char *text, size_t len)
{
    return len > 0 && t.n >= len && memcmp(t.s, text, len) == 0;
}

static parse_kind command_find(const command_word *words, size_t count, token w)
{
    for (size_t i = 0; i < count; i++)
        if (token_is(w, words[i].word))
            return words[i].kind;
    return PC_IGNORED;
}

static const notation *notation_find(const notation *list, size_t count, token w)
{
    for (size_t i = 0; i < count; i++)
        if (token_is(w, list[i].text))
            return &list[i];
    return NULL;
}

/* ---------------------------------------------------------------- cards */

/* The notation at the start of s (exact bytes), with its length; NULL if none. */
static const notation *notation_prefix(const notation *list, size_t count, const char *s, size_t n,
                                       size_t *used)
{
    for (size_t i = 0; i < count; i++) {
        size_t k = strlen(list[i].text);
        if (n >= k && memcmp(s, list[i].text, k) == 0) {
            *used = k;
            return &list[i];
        }
    }
    return NULL;
}

/* A suit at the start of s, with an optional variation selector after it; -1 if none. */
static int suit_prefix(const char *s, size_t n, size_t *used)
{
    const notation *x = notation_prefix(suit_notations, COUNT_OF(suit_notations), s, n, used);
    if (!x)
        return -1;
    *used += invisible_len((const unsigned char *)s + *used, n - *used);
    return x->value;
}

static int rank_prefix(const char *s, size_t n, size_t *used)
{
    const notation *x = notation_prefix(rank_notations, COUNT_OF(rank_notations), s, n, used);
    return x ? x->value : -1;
}

/* A card written rank then suit, exactly filling s[0..n); CARD_NONE if not. */
static card_t card_exact(const char *s, size_t n)
{
    size_t r, k;
    int rank = rank_prefix(s, n, &r);
    if (rank < 0)
        return CARD_NONE;
    int suit = suit_prefix(s + r, n - r, &k);
    if (suit < 0 || r + k != n)
        return CARD_NONE;
    return card_make(rank, suit);
}

card_t parse_card(const char *s, size_t len)
{
    if (s == NULL)
        return CARD_NONE;
    token w = word_strip((token){ s, len });
    return card_exact(w.s, w.n);
}

char *parse_write_card(card_t c, bool unicode_suits, char buf[PARSE_CARD_TEXT_SIZE])
{
    if (c == CARD_NONE || card_rank(c) >= RANK_COUNT || card_suit(c) >= SUIT_COUNT) {
        memcpy(buf, "?", 2);
        return buf;
    }
    const char *rank = rank_texts[card_rank(c)];
    const char *suit = unicode_suits ? suit_symbols[card_suit(c)] : suit_letters[card_suit(c)];
    size_t r = strlen(rank), s = strlen(suit);
    memcpy(buf, rank, r);
    memcpy(buf + r, suit, s);
    buf[r + s] = '\0';
    return buf;
}

const char *parse_kind_name(parse_kind k)
{
    if ((unsigned)k >= PC_KIND_COUNT)
        return "?";
    return kind_names[k];
}

/* ---------------------------------------------------------------- context and errors */

static void cmd_reset(parsed_cmd *out)
{
    memset(out, 0, sizeof *out);
    out->kind = PC_IGNORED;
    out->card = out->target = CARD_NONE;
    out->variant = out->throwin = out->first5 = -1;
    out->bot_level = -1;
    out->number = -1;
}

/* Starts a parse; false when the line is to be ignored whatever it holds (CTCP). */
static bool ctx_begin(parse_ctx *c, const char *line, size_t len, const parse_opts *o,
                      parsed_cmd *out)
{
    cmd_reset(out);
    c->out = out;
    c->prefix = (o && o->prefix && o->prefix[0]) ? o->prefix : "!";
    c->prefix_len = strlen(c->prefix);
    c->unicode = o ? o->unicode_suits : true;
    text_sanitize(c->prefix_shown, c->prefix, c->prefix_len, PREFIX_SHOWN_MAX);
    c->pos = 0;
    c->len = 0;
    c->buf[0] = '\0';
    if (line == NULL || len == 0 || line[0] == '\x01')
        return false;
    c->len = line_clean(c->buf, line, len);
    return true;
}

static void ctx_skip_spaces(parse_ctx *c)
{
    while (c->pos < c->len && c->buf[c->pos] == ' ')
        c->pos++;
}

/* The next run of non-spaces, as it stands. */
static token ctx_run(parse_ctx *c)
{
    size_t start = c->pos;
    while (c->pos < c->len && c->buf[c->pos] != ' ')
        c->pos++;
    return (token){ c->buf + start, c->pos - start };
}

/* The next word that is not only punctuation (unstripped); false at the end of the line. */
static bool ctx_next(parse_ctx *c, token *t)
{
    for (;;) {
        ctx_skip_spaces(c);
        if (c->pos >= c->len)
            return false;
        *t = ctx_run(c);
        if (word_strip(*t).n > 0)
            return true;
    }
}

static void ctx_fail(parse_ctx *c, msg_id id, ...)
{
    parsed_cmd *out = c->out;
    cmd_reset(out);
    out->kind = PC_ERROR;
    va_list ap;
    va_start(ap, id);
    vsnprintf(out->error, sizeof out->error, msg_text(id), ap);
    va_end(ap);
    text_cut_invalid(out->error);
}

/* A user's word made safe to quote: printable UTF-8, at most QUOTE_MAX bytes. */
static const char *quote(char buf[QUOTE_SIZE], token t)
{
    text_sanitize(buf, t.s, t.n, QUOTE_MAX);
    return buf;
}

/* "7♥ or 7h" (Unicode suits) or "7h": cards to show in an error. */
static const char *card_example(char buf[EXAMPLE_SIZE], bool unicode, int rank, int suit)
{
    char a[PARSE_CARD_TEXT_SIZE], b[PARSE_CARD_TEXT_SIZE];
    card_t card = card_make(rank, suit);
    if (unicode)
        snprintf(buf, EXAMPLE_SIZE, "%s or %s", parse_write_card(card, true, a),
                 parse_write_card(card, false, b));
    else
        snprintf(buf, EXAMPLE_SIZE, "%s", parse_write_card(card, false, b));
    return buf;
}

/* A command with up to two cards as the user should type it: "beat 9♠ 7♠". */
static const char *command_text(char buf[TEXT_SIZE], const char *before, const char *word, card_t a,
                                card_t b, bool unicode)
{
    char ta[PARSE_CARD_TEXT_SIZE] = "", tb[PARSE_CARD_TEXT_SIZE] = "";
    if (a != CARD_NONE)
        parse_write_card(a, unicode, ta);
    if (b != CARD_NONE)
        parse_write_card(b, unicode, tb);
    snprintf(buf, TEXT_SIZE, "%s%s%s%s%s%s", before, word, ta[0] ? " " : "", ta, tb[0] ? " " : "",
             tb);
    return buf;
}

/* Error: `extra` is not understood after the command shown as `text`. */
static void ctx_fail_extra(parse_ctx *c, token extra, const char *text)
{
    char q[QUOTE_SIZE];
    ctx_fail(c, MSG_PARSE_EXTRA_WORD, quote(q, word_strip(extra)), text, text);
}

/* The suit that ends a word after something else (a rank, or a bad one); -1 if none. */
static int suit_suffix(token w)
{
    size_t k;
    for (size_t i = 1; i < w.n && i <= 6; i++) {
        int suit = suit_prefix(w.s + w.n - i, i, &k);
        if (suit >= 0 && k == i)
            return suit;
    }
    return -1;
}

/* Error for a word that was meant as a card: says what is wrong with it. */
static void ctx_fail_card(parse_ctx *c, token t)
{
    token w = word_strip(t);
    char q[QUOTE_SIZE], ex[EXAMPLE_SIZE];
    size_t r, k;
    int rank = rank_prefix(w.s, w.n, &r);
    quote(q, w);
    if (rank >= 0 && r == w.n) {
        ctx_fail(c, MSG_PARSE_NO_SUIT, q, card_example(ex, c->unicode, rank, SUIT_HEARTS));
        return;
    }
    int suit = suit_prefix(w.s, w.n, &k);
    size_t r2 = 0;
    int rank2 = suit >= 0 ? rank_prefix(w.s + k, w.n - k, &r2) : -1;
    if (rank2 >= 0 && k + r2 == w.n) {
        ctx_fail(c, MSG_PARSE_SUIT_FIRST, q, card_example(ex, c->unicode, rank2, suit));
        return;
    }
    suit = suit_suffix(w);
    if (suit >= 0) {
        ctx_fail(c, MSG_PARSE_BAD_RANK, q, card_example(ex, c->unicode, RANK_10, suit));
        return;
    }
    ctx_fail(c, MSG_PARSE_NOT_CARD, q,
             card_example(ex, c->unicode, rank >= 0 ? rank : RANK_7, SUIT_HEARTS));
}

/* Reads a card word into *card; on a bad word fails and returns false. */
static bool ctx_card(parse_ctx *c, token t, card_t *card)
{
    token w = word_strip(t);
    *card = card_exact(w.s, w.n);
    if (*card == CARD_NONE)
        ctx_fail_card(c, t);
    return *card != CARD_NONE;
}

/* ---------------------------------------------------------------- channel commands */

/* The command word right after the prefix; false when the line does not start with both. */
static bool ctx_prefixed_word(parse_ctx *c, token *w)
{
    ctx_skip_spaces(c);
    token rest = { c->buf + c->pos, c->len - c->pos };
    if (!token_starts_with(rest, c->prefix, c->prefix_len))
        return false;
    c->pos += c->prefix_len;
    *w = token_strip(ctx_run(c), "", WORD_PUNCT);
    return w->n > 0;
}

static const option_word *durak_option_find(token w)
{
    for (size_t i = 0; i < COUNT_OF(option_words); i++)
        if (token_is(w, option_words[i].word))
            return &option_words[i];
    return NULL;
}

static const char *durak_option_name(const option_word *opt)
{
    for (size_t i = 0; i < COUNT_OF(option_words); i++)
        if (option_words[i].option == opt->option && option_words[i].value == opt->value)
            return option_words[i].word;
    return opt->word;
}

static void channel_durak(parse_ctx *c)
{
    int values[OPT_COUNT] = { -1, -1, -1 };
    token set_by[OPT_COUNT] = { { NULL, 0 }, { NULL, 0 }, { NULL, 0 } };
    token t;
    char q1[QUOTE_SIZE], q2[QUOTE_SIZE];
    while (ctx_next(c, &t)) {
        token w = word_strip(t);
        const option_word *opt = durak_option_find(w);
        if (opt == NULL) {
            ctx_fail(c, MSG_PARSE_DURAK_OPTION, quote(q1, w), c->prefix_shown);
            return;
        }
        if (values[opt->option] >= 0 && values[opt->option] != opt->value) {
            ctx_fail(c, MSG_PARSE_DURAK_CONFLICT, quote(q1, set_by[opt->option]), quote(q2, w),
                     c->prefix_shown, durak_option_name(opt));
            return;
        }
        values[opt->option] = opt->value;
        set_by[opt->option] = w;
    }
    c->out->kind = PC_DURAK;
    c->out->variant = values[OPT_VARIANT];
    c->out->throwin = values[OPT_THROWIN];
    c->out->first5 = values[OPT_FIRST5];
}

static void channel_bot(parse_ctx *c)
{
    token t;
    char q[QUOTE_SIZE], text[TEXT_SIZE];
    int level = -1, remove = 0;
    if (ctx_next(c, &t)) {
        token w = word_strip(t);
        const notation *x = notation_find(bot_levels, COUNT_OF(bot_levels), w);
        if (x)
            level = x->value;
        else if (token_is(w, "remove"))
            remove = 1;
        else {
            const char *p = c->prefix_shown;
            ctx_fail(c, MSG_PARSE_BOT_OPTION, quote(q, w), p, p, p);
            return;
        }
        if (ctx_next(c, &t)) {
            snprintf(text, sizeof text, "%sbot %s", c->prefix_shown,
                     remove ? "remove" : bot_level_names[level]);
            ctx_fail_extra(c, t, text);
            return;
        }
    }
    c->out->kind = PC_BOT;
    c->out->bot_level = level;
    c->out->bot_remove = remove;
}

static bool nick_is_valid(token w)
{
    if (w.n == 0 || w.n >= PARSE_ARG_SIZE)
        return false;
    for (size_t i = 0; i < w.n; i++) {
        unsigned char b = (unsigned char)w.s[i];
        if (!byte_is_letter(b) && !byte_is_digit(b) && !byte_in(b, NICK_CHARS))
            return false;
    }
    return true;
}

static void channel_stats(parse_ctx *c)
{
    token t;
    char q[QUOTE_SIZE], text[TEXT_SIZE];
    if (ctx_next(c, &t)) {
        token w = token_strip(t, NICK_LEAD, NICK_TRAIL);
        if (!nick_is_valid(w)) {
            ctx_fail(c, MSG_PARSE_STATS_NICK, quote(q, word_strip(t)), c->prefix_shown,
                     c->prefix_shown);
            return;
        }
        memcpy(c->out->arg, w.s, w.n);
        c->out->arg[w.n] = '\0';
        if (ctx_next(c, &t)) {
            snprintf(text, sizeof text, "%sstats %s", c->prefix_shown, c->out->arg);
            ctx_fail_extra(c, t, text);
            return;
        }
    }
    c->out->kind = PC_STATS;
}

/* 1..TOP_MAX written in decimal digits, else -1. */
static int top_number(token w)
{
    int v = 0;
    if (w.n == 0 || w.n > 3)
        return -1;
    for (size_t i = 0; i < w.n; i++) {
        if (!byte_is_digit((unsigned char)w.s[i]))
            return -1;
        v = v * 10 + (w.s[i] - '0');
    }
    return (v >= 1 && v <= TOP_MAX) ? v : -1;
}

static void channel_top(parse_ctx *c)
{
    token t;
    char q[QUOTE_SIZE], text[TEXT_SIZE];
    int number = -1;
    if (ctx_next(c, &t)) {
        number = top_number(word_strip(t));
        if (number < 0) {
            ctx_fail(c, MSG_PARSE_TOP_NUMBER, quote(q, word_strip(t)), c->prefix_shown);
            return;
        }
        if (ctx_next(c, &t)) {
            snprintf(text, sizeof text, "%stop %d", c->prefix_shown, number);
            ctx_fail_extra(c, t, text);
            return;
        }
    }
    c->out->kind = PC_TOP;
    c->out->number = number;
}

/* help [topic]: the first word after it, lower case, without punctuation or prefix; the rest
 * of the line is ignored (help is never an error). */
static void ctx_help(parse_ctx *c)
{
    token t;
    c->out->kind = PC_HELP;
    if (!ctx_next(c, &t))
        return;
    token w = word_strip(t);
    if (token_starts_with(w, c->prefix, c->prefix_len)) {
        w.s += c->prefix_len;
        w.n -= c->prefix_len;
        w = word_strip(w);
    }
    text_sanitize(c->out->arg, w.s, w.n, PARSE_ARG_SIZE - 4);
    for (char *p = c->out->arg; *p; p++)
        *p = (char)byte_lower((unsigned char)*p);
}

/* A command without arguments: anything after it is an error. */
static void ctx_bare_command(parse_ctx *c, parse_kind kind, const char *before)
{
    token t;
    char text[TEXT_SIZE];
    if (ctx_next(c, &t)) {
        ctx_fail_extra(
            c, t, command_text(text, before, kind_names[kind], CARD_NONE, CARD_NONE, c->unicode));
        return;
    }
    c->out->kind = kind;
}

void parse_channel(const char *line, size_t len, const parse_opts *o, parsed_cmd *out)
{
    parse_ctx c;
    token w;
    if (!ctx_begin(&c, line, len, o, out) || !ctx_prefixed_word(&c, &w))
        return;
    parse_kind kind = command_find(channel_words, COUNT_OF(channel_words), w);
    switch (kind) {
    case PC_IGNORED: return;
    case PC_DURAK: channel_durak(&c); return;
    case PC_BOT: channel_bot(&c); return;
    case PC_STATS: channel_stats(&c); return;
    case PC_TOP: channel_top(&c); return;
    case PC_HELP: ctx_help(&c); return;
    default: ctx_bare_command(&c, kind, c.prefix_shown); return;
    }
}

/* ---------------------------------------------------------------- private commands */

/* The example a card command shows: "play 7♥", "beat 9♠ 7♠", "transfer 7♥". */
static const char *private_example(char buf[TEXT_SIZE], parse_kind kind, bool unicode)
{
    if (kind == PC_BEAT)
        return command_text(buf, "", "beat", card_make(RANK_9, SUIT_SPADES),
                            card_make(RANK_7, SUIT_SPADES), unicode);
    return command_text(buf, "", kind_names[kind], card_make(RANK_7, SUIT_HEARTS), CARD_NONE,
                        unicode);
}

/* play C, transfer C, beat C [T]. */
static void private_card_command(parse_ctx *c, parse_kind kind)
{
    token t;
    char text[TEXT_SIZE];
    card_t card, target = CARD_NONE;
    if (!ctx_next(c, &t)) {
        ctx_fail(c, MSG_PARSE_NEEDS_CARD, kind_names[kind],
                 private_example(text, kind, c->unicode));
        return;
    }
    if (!ctx_card(c, t, &card))
        return;
    bool more = ctx_next(c, &t);
    if (more && kind == PC_BEAT) {
        if (!ctx_card(c, t, &target))
            return;
        more = ctx_next(c, &t);
    }
    if (more) {
        ctx_fail_extra(c, t, command_text(text, "", kind_names[kind], card, target, c->unicode));
        return;
    }
    c->out->kind = kind;
    c->out->card = card;
    c->out->target = target;
}

/* A card alone; a second card is read as a wish to beat. */
static void private_bare_card(parse_ctx *c, card_t card)
{
    token t;
    char text[TEXT_SIZE], a[PARSE_CARD_TEXT_SIZE], b[PARSE_CARD_TEXT_SIZE];
    if (ctx_next(c, &t)) {
        token w = word_strip(t);
        card_t second = card_exact(w.s, w.n);
        if (second == CARD_NONE) {
            ctx_fail_extra(c, t, parse_write_card(card, c->unicode, text));
            return;
        }
        ctx_fail(c, MSG_PARSE_TWO_CARDS, parse_write_card(second, c->unicode, a),
                 parse_write_card(card, c->unicode, b),
                 command_text(text, "", "beat", card, second, c->unicode));
        return;
    }
    c->out->kind = PC_CARD;
    c->out->card = card;
}

/* Does a word that is neither a command nor a card look like an attempt at a card? */
static bool word_looks_like_card(token w)
{
    if (w.n > 0 && byte_is_digit((unsigned char)w.s[0]))
        return true;
    for (size_t i = 0; i + 3 <= w.n; i++)
        if (memcmp(w.s + i, "\xE2\x99", 2) == 0 && (unsigned char)w.s[i + 2] >= 0xA0
            && (unsigned char)w.s[i + 2] <= 0xA7)
            return true;
    return false;
}

static void private_unknown(parse_ctx *c, token w)
{
    char q[QUOTE_SIZE];
    const notation *amb = notation_find(ambiguous_words, COUNT_OF(ambiguous_words), w);
    parse_kind kind = command_find(channel_words, COUNT_OF(channel_words), w);
    if (amb)
        ctx_fail(c, MSG_PARSE_AMBIGUOUS, quote(q, w), ambiguous_choices[amb->value]);
    else if (kind != PC_IGNORED)
        ctx_fail(c, MSG_PARSE_CHANNEL_ONLY, c->prefix_shown, kind_names[kind]);
    else if (word_looks_like_card(w))
        ctx_fail_card(c, w);
    else
        ctx_fail(c, MSG_PARSE_UNKNOWN_PRIVATE, quote(q, w));
}

void parse_private(const char *line, size_t len, const parse_opts *o, parsed_cmd *out)
{
    parse_ctx c;
    token t;
    if (!ctx_begin(&c, line, len, o, out))
        return;
    ctx_skip_spaces(&c);
    if (token_starts_with((token){ c.buf + c.pos, c.len - c.pos }, c.prefix, c.prefix_len))
        c.pos += c.prefix_len;
    if (!ctx_next(&c, &t))
        return;
    token w = word_strip(t);
    parse_kind kind = command_find(private_words, COUNT_OF(private_words), w);
    card_t card = card_exact(w.s, w.n);
    if (kind == PC_HELP)
        ctx_help(&c);
    else if (kind == PC_PLAY || kind == PC_BEAT || kind == PC_TRANSFER)
        private_card_command(&c, kind);
    else if (kind != PC_IGNORED)
        ctx_bare_command(&c, kind, "");
    else if (card != CARD_NONE)
        private_bare_card(&c, card);
    else
        private_unknown(&c, w);
}
