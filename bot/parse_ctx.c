/* parse_ctx.c — one parse in progress: cleaning the line, reading its words, and the error
 * sentences a parse ends in (quoted words made safe, example cards and commands). */
#include "parse_ctx.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "parse_cardtext.h"
#include "parse_cardwords.h"
#include "utf8.h"

enum { EXAMPLE_SIZE = 48 }; /* "10♥ or 10h", "10♥ или 10ч" */

/* English cards as the card notation writes them (parse_cardtext.c), the others by their table. */
static char *ctx_write_card_as(const parse_ctx *c, card_t card, bool unicode,
                               char buf[PARSE_CARD_TEXT_SIZE])
{
    if (c->lang == MSG_LANG_EN || card == CARD_NONE)
        return parse_write_card(card, unicode, buf);
    return msg_card(c->lang, card_rank(card), card_suit(card), unicode, buf, PARSE_CARD_TEXT_SIZE);
}

static void cmd_reset(parsed_cmd *out)
{
    memset(out, 0, sizeof *out);
    out->kind = out->move = PC_IGNORED;
    out->card = out->target = CARD_NONE;
    out->variant = out->throwin = out->first5 = out->teams = -1;
    out->bot_level = -1;
    out->number = -1;
    out->rank = -1;
    out->lang = -1;
}

/* Starts a parse; false when the line is to be ignored whatever it holds (CTCP). */
bool parse_ctx_begin(parse_ctx *c, const char *line, size_t len, const parse_opts *o,
                     parsed_cmd *out)
{
    cmd_reset(out);
    c->out = out;
    c->prefix = (o && o->prefix && o->prefix[0]) ? o->prefix : "!";
    c->prefix_len = strlen(c->prefix);
    c->unicode = o ? o->unicode_suits : true;
    c->no_transfer = o && o->no_transfer;
    c->lang = o && o->lang > 0 && o->lang < MSG_LANG_COUNT ? (msg_lang)o->lang : MSG_LANG_EN;
    c->lang_chosen = o && o->lang_chosen;
    c->no_game = o && o->no_game;
    c->game_here = o && o->game_here;
    c->no_seat = o && o->no_seat;
    c->hand = o ? o->hand : 0;
    c->shown = NULL;
    c->asked = false;
    utf8_sanitize(c->prefix_shown, c->prefix, c->prefix_len, CTX_PREFIX_SHOWN_MAX);
    c->pos = 0;
    c->len = 0;
    c->buf[0] = '\0';
    if (line == NULL || len == 0 || line[0] == '\x01')
        return false;
    c->len = parse_token_clean_line(c->buf, line, len < PARSE_MAX_LINE ? len : PARSE_MAX_LINE);
    return true;
}

void parse_ctx_skip_spaces(parse_ctx *c)
{
    while (c->pos < c->len && c->buf[c->pos] == ' ')
        c->pos++;
}

/* The next run of non-spaces, as it stands. */
token parse_ctx_run(parse_ctx *c)
{
    size_t start = c->pos;
    while (c->pos < c->len && c->buf[c->pos] != ' ')
        c->pos++;
    return (token){ c->buf + start, c->pos - start };
}

/* The next word that is not only punctuation (unstripped); false at the end of the line. */
bool parse_ctx_next(parse_ctx *c, token *t)
{
    for (;;) {
        parse_ctx_skip_spaces(c);
        if (c->pos >= c->len)
            return false;
        *t = parse_ctx_run(c);
        if (parse_token_trim(*t).n > 0)
            return true;
    }
}

token parse_ctx_with_next(const parse_ctx *c, token w)
{
    const char *end = c->buf + c->len, *p = w.s + w.n, *q;
    while (p < end && *p == ' ')
        p++;
    for (q = p; q < end && *q != ' ';)
        q++;
    return q > p ? parse_token_trim((token){ w.s, (size_t)(q - w.s) }) : w;
}

void parse_ctx_fail(parse_ctx *c, msg_id id, ...)
{
    parsed_cmd *out = c->out;
    int lang = out->lang; /* the error is a reply in the words' language too */
    cmd_reset(out);
    out->kind = PC_ERROR;
    out->lang = lang;
    va_list ap;
    va_start(ap, id);
    vsnprintf(out->error, sizeof out->error, msg_in(c->lang, id), ap);
    va_end(ap);
    utf8_cut_invalid(out->error);
}

/* A user's word made safe to quote: printable UTF-8, at most CTX_QUOTE_MAX bytes. */
const char *parse_ctx_quote(char buf[CTX_QUOTE_SIZE], token t)
{
    utf8_sanitize(buf, t.s, t.n, CTX_QUOTE_MAX);
    return buf;
}

char *parse_ctx_write_card(const parse_ctx *c, card_t card, char buf[PARSE_CARD_TEXT_SIZE])
{
    return ctx_write_card_as(c, card, c->unicode, buf);
}

const char *parse_ctx_word(const parse_ctx *c, const char *english)
{
    return msg_command(c->lang, english);
}

/* "7♥ or 7h" (Unicode suits) or "7h": cards to show in an error. */
static const char *card_example(char buf[EXAMPLE_SIZE], const parse_ctx *c, int rank, int suit)
{
    char a[PARSE_CARD_TEXT_SIZE], b[PARSE_CARD_TEXT_SIZE];
    card_t card = card_make(rank, suit);
    if (c->unicode)
        snprintf(buf, EXAMPLE_SIZE, msg_in(c->lang, MSG_CARD_OR),
                 ctx_write_card_as(c, card, true, a), ctx_write_card_as(c, card, false, b));
    else
        snprintf(buf, EXAMPLE_SIZE, "%s", ctx_write_card_as(c, card, false, b));
    return buf;
}

/* A command with up to two cards as the user should type it: "beat 9♠ 7♠". */
const char *parse_ctx_command_text(char buf[CTX_TEXT_SIZE], const char *before, const char *word,
                                   card_t a, card_t b, const parse_ctx *c)
{
    char ta[PARSE_CARD_TEXT_SIZE] = "", tb[PARSE_CARD_TEXT_SIZE] = "";
    if (a != CARD_NONE)
        parse_ctx_write_card(c, a, ta);
    if (b != CARD_NONE)
        parse_ctx_write_card(c, b, tb);
    snprintf(buf, CTX_TEXT_SIZE, "%s%s%s%s%s%s", before, parse_ctx_word(c, word), ta[0] ? " " : "",
             ta, tb[0] ? " " : "", tb);
    return buf;
}

/* Error: `extra` is not understood after the command shown as `text`. */
void parse_ctx_fail_extra(parse_ctx *c, token extra, const char *text)
{
    char q[CTX_QUOTE_SIZE];
    parse_ctx_fail(c, MSG_PARSE_EXTRA_WORD, parse_ctx_quote(q, parse_token_trim(extra)), text,
                   text);
}

/* Error for a word that was meant as a card: says what is wrong with it. */
void parse_ctx_fail_card(parse_ctx *c, token t)
{
    static const msg_id fault_msg[] = {
        [CARDTEXT_NO_SUIT] = MSG_PARSE_NO_SUIT,   [CARDTEXT_SUIT_FIRST] = MSG_PARSE_SUIT_FIRST,
        [CARDTEXT_BAD_RANK] = MSG_PARSE_BAD_RANK, [CARDTEXT_BAD_SUIT] = MSG_PARSE_BAD_SUIT,
        [CARDTEXT_NOT_CARD] = MSG_PARSE_NOT_CARD,
    };
    token w = parse_token_trim(t);
    char q[CTX_QUOTE_SIZE], ex[EXAMPLE_SIZE];
    card_t example;
    cardtext_fault fault = parse_cardtext_fault_of(w.s, w.n, &example);
    parse_ctx_fail(c, fault_msg[fault], parse_ctx_quote(q, w),
                   card_example(ex, c, card_rank(example), card_suit(example)));
}

/* The line as typed with the word w (inside c->buf) spelt `with` instead: a move to offer. */
static const char *line_with(char buf[CTX_TEXT_SIZE], const parse_ctx *c, token w, const char *with)
{
    char raw[PARSE_MAX_LINE + CARDTEXT_OTHER_SIZE];
    size_t before = (size_t)(w.s - c->buf), after = c->len - before - w.n;
    snprintf(raw, sizeof raw, "%.*s%s%.*s", (int)before, c->buf, with, (int)after, w.s + w.n);
    token all = parse_token_trim_end((token){ raw, strlen(raw) });
    while (all.n && all.s[0] == ' ')
        all.s++, all.n--;
    utf8_sanitize(buf, all.s, all.n, CTX_TEXT_SIZE - 4);
    return buf;
}

/* Does the reader speak French or Spanish (their chosen language, or the words they typed)? */
static bool romance_reader(const parse_ctx *c)
{
    return c->lang == MSG_LANG_FR || c->lang == MSG_LANG_ES || c->out->lang == MSG_LANG_FR
           || c->out->lang == MSG_LANG_ES;
}

bool parse_ctx_ace_word(const parse_ctx *c, token w)
{
    return w.n == 2 && (w.s[0] | 0x20) == 'a' && (w.s[1] | 0x20) == 's' && romance_reader(c);
}

/* "8c" to a French or Spanish reader: c is clubs in the bot's Latin letters, but hearts is cœur,
 * corazón to them (their own letters for hearts and clubs are co and t): asked, never guessed.
 * w: the words as typed, quoted in the question ("8c", "8 c"); card: what they read as. */
static bool c_asked_card(parse_ctx *c, token w, card_t card)
{
    if (!romance_reader(c) || w.n < 2 || (w.s[w.n - 1] | 0x20) != 'c' || card == CARD_NONE
        || card_suit(card) != SUIT_CLUBS)
        return false;
    char q[CTX_QUOTE_SIZE], clubs[PARSE_CARD_TEXT_SIZE], hearts[PARSE_CARD_TEXT_SIZE],
        both[CTX_TEXT_SIZE];
    card_t heart = card_make(card_rank(card), SUIT_HEARTS);
    parse_ctx_write_card(c, card, clubs);
    parse_ctx_write_card(c, heart, hearts);
    if (c->hand && !cards_has(c->hand, card) && !cards_has(c->hand, heart)) { /* either refused */
        parse_ctx_fail(c, MSG_PARSE_NEITHER, clubs, hearts);
        return true;
    }
    snprintf(both, sizeof both, msg_in(c->lang, MSG_CARD_OR), clubs, hearts);
    parse_ctx_fail(c, MSG_PARSE_AMBIGUOUS, parse_ctx_quote(q, w), both);
    return true;
}

static bool c_asked(parse_ctx *c, token w)
{
    return c_asked_card(c, w, parse_cardtext_read(w.s, w.n));
}

/* "Tп": the ten in the bot's letters, the ace to a Russian typing in Latin letters: asked, each
 * with the line that means it. w: the words as typed ("Tп", "T п"), quoted and replaced in those
 * lines; card: their text as one word. True if asked. */
static bool t_asked(parse_ctx *c, token w, const char *card, size_t n)
{
    char ten_text[CARDTEXT_OTHER_SIZE], ace_text[CARDTEXT_OTHER_SIZE];
    if (!parse_cardtext_t_ambiguous(card, n, ten_text, ace_text))
        return false;
    int suit = card_suit(parse_cardtext_read(card, n));
    char q[CTX_QUOTE_SIZE], ten[PARSE_CARD_TEXT_SIZE], ace[PARSE_CARD_TEXT_SIZE],
        ten_line[CTX_TEXT_SIZE], ace_line[CTX_TEXT_SIZE];
    parse_ctx_fail(
        c, MSG_PARSE_T_AMBIGUOUS, parse_ctx_quote(q, w),
        parse_ctx_write_card(c, card_make(RANK_10, suit), ten), line_with(ten_line, c, w, ten_text),
        parse_ctx_write_card(c, card_make(RANK_A, suit), ace), line_with(ace_line, c, w, ace_text));
    return true;
}

bool parse_ctx_card_clear(parse_ctx *c, token t)
{
    token w = parse_token_trim(t);
    return !c_asked(c, w) && !t_asked(c, w, w.s, w.n);
}

/* Is w a Latin T: the ten in English, but the ace to a Russian typing in Latin letters (a
 * Cyrillic Т is the ace)? */
static bool latin_t(token w) { return w.n && (w.s[0] == 'T' || w.s[0] == 't'); }

/* "червовую даму", "пиковый туз": a Russian suit said as an adjective before the rank's word. */
static card_t adjective_first(parse_ctx *c, token w)
{
    size_t at = c->pos;
    token next;
    int suit = bytes_have_cyrillic(w.s, w.n, true) ? parse_cardwords_suit(w.s, w.n) : -1;
    int rank = -1;
    if (suit >= 0 && parse_ctx_next(c, &next)) {
        token r = parse_token_trim(next);
        rank = parse_cardwords_rank(r.s, r.n);
    }
    if (rank < 0)
        c->pos = at;
    return rank < 0 ? CARD_NONE : card_make(rank, suit);
}

card_t parse_ctx_card_in_two_words(parse_ctx *c, token w)
{
    size_t at = c->pos;
    card_t example, card = adjective_first(c, w);
    token next;
    char both[2 * CTX_QUOTE_SIZE];
    bool as = parse_ctx_ace_word(c, w); /* "as de trèfle": the ace, not A♠ */
    if (card != CARD_NONE)
        return card;
    if ((!as && parse_cardtext_fault_of(w.s, w.n, &example) != CARDTEXT_NO_SUIT)
        || !parse_ctx_next(c, &next))
        return CARD_NONE;
    if (as)
        example = card_make(RANK_A, SUIT_HEARTS);
    token s = parse_token_trim(next);
    if (parse_cardwords_of(s.s, s.n) && parse_ctx_next(c, &next)) /* "valet de pique" */
        s = parse_token_trim(next);
    bool asked = false; /* "T п": the ten or the ace, asked as the one word "Tп" is */
    token typed = { w.s, (size_t)(s.s + s.n - w.s) };
    if (!as && w.n + s.n < sizeof both) {
        memcpy(both, w.s, w.n);
        memcpy(both + w.n, s.s, s.n);
        asked = c->asked = t_asked(c, typed, both, w.n + s.n);
        if (!asked)
            card = parse_cardtext_read(both, w.n + s.n);
    }
    int suit = card == CARD_NONE && !asked && !latin_t(w) ? parse_cardtext_suit(s.s, s.n) : -1;
    if (suit >= 0) /* "6 пик", "король червей", "В бубен" */
        card = card_make(card_rank(example), suit);
    /* "8 c", "dame c": the letter alone, which "8c" would have asked about */
    if (s.n == 1 && c_asked_card(c, typed, card)) {
        c->asked = true;
        card = CARD_NONE;
    }
    if (card == CARD_NONE)
        c->pos = at;
    return card;
}

int parse_ctx_word_rank(parse_ctx *c, token w)
{
    card_t example;
    if (parse_cardwords_trump(w.s, w.n))
        return PARSE_RANK_TRUMP;
    if (parse_ctx_ace_word(c, w))
        return RANK_A;
    return parse_cardtext_fault_of(w.s, w.n, &example) == CARDTEXT_NO_SUIT && !latin_t(w)
               ? card_rank(example)
               : -1;
}

int parse_ctx_rank_alone(parse_ctx *c, token t)
{
    token w = parse_token_trim(t), next, v = { 0 };
    size_t at = c->pos;
    bool lowest = parse_cardwords_lowest(w.s, w.n);
    int first = parse_ctx_word_rank(c, w), second = -1;
    if (c->no_game || (first < 0 && !lowest))
        return -1;
    bool two = parse_ctx_next(c, &next);
    if (two) {
        v = parse_token_trim(next);
        second = parse_ctx_word_rank(c, v);
    }
    bool more = two && parse_ctx_next(c, &next);
    c->pos = at;
    if (!two)
        return first;
    if (more)
        return -1;
    if (lowest && second == PARSE_RANK_TRUMP) { /* "младшим козырем": of the trumps, the lowest */
        c->out->lowest = true;
        return PARSE_RANK_TRUMP;
    }
    /* "9 козырной", "козырной девяткой", "туз козырей": that rank of the trump suit */
    bool of_first = parse_cardwords_of_trumps(w.s, w.n),
         of_second = parse_cardwords_of_trumps(v.s, v.n);
    int rank = of_second && first >= 0 && first != PARSE_RANK_TRUMP    ? first
               : of_first && second >= 0 && second != PARSE_RANK_TRUMP ? second
                                                                       : -1;
    c->out->of_trumps = rank >= 0;
    return rank;
}

/* Reads a card word into *card; on a bad word fails and returns false. */
bool parse_ctx_card(parse_ctx *c, token t, card_t *card)
{
    token w = parse_token_trim(t);
    *card = parse_ctx_ace_word(c, w) ? CARD_NONE : parse_cardtext_read(w.s, w.n); /* "as de" */
    if (*card == CARD_NONE && (*card = parse_ctx_card_in_two_words(c, w)) != CARD_NONE)
        return true;
    if (*card == CARD_NONE) {
        if (!c->asked) /* else the question stands */
            parse_ctx_fail_card(c, t);
        return false;
    }
    return parse_ctx_card_clear(c, t);
}
