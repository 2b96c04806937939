/* parser.c — the command parser: reads the words of a cleaned line (parse_token.c) and turns them into
 * a parsed_cmd, or an error sentence from messages.c naming the right form. */

/*
 * Accepted forms (for README), in English; the Russian, French and Spanish words for each are in
 * parse_words.c, understood everywhere. Words are matched in any case (Latin and Cyrillic letters) and
 * with or without accents; punctuation around a
 * word (. , ; : ! ? " ' ( ) [ ] { } < > * _ ~ | ` « » “ ” ‘ ’ …) is ignored.
 *
 * Channel, right after the prefix (default "!"):
 *   durak [classic|transfer] [all|neighbours] [first5] [teams]    options in any order
 *         classic  = podkidnoy, podkidnoi, throwin
 *         transfer = perevodnoy, perevodnoi, passing
 *         neighbours = neighbors
 *   join   leave   start   stop   table   rules   help [topic]
 *   bot [easy|normal|hard|expert]  (medium = normal)     bot remove
 *   stats [nick]     top [n]  (n from 1 to 20)    top bots    top solo
 *   watch   unwatch   (a running game's public lines privately)
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
 *   hint          the move the hard player would make, and why (where game.hints allows)
 *   help [topic]
 *   play [classic|transfer] [easy|normal|hard] [2-6]   a private game against computer
 *                 players (any order; play alone starts one with the defaults)
 *   stop          ends your private game
 *   C             a bare card (the game decides what it means)
 *   "t", "p" and "h" are ambiguous: the answer lists the choices. The channel words answer
 *   that they belong in the channel. Anything else is an error pointing to moves and help.
 *
 *
 * Cards: the rank, then the suit, no space between (the notation is in parse_cardtext.c).
 *
 * Before any of this, at most 512 bytes are read; mIRC codes (\x02 \x0f \x11 \x16 \x1d \x1e
 * \x1f, \x03 with up to two colour digits and ",bg", \x04 with hex colours) are removed, other
 * control bytes (NUL, CR, LF, tab...) and Unicode spaces separate words, and invisible
 * characters (U+FE0E, U+FE0F, zero-width spaces, BOM) are dropped. A line starting with
 * \x01 (CTCP) is ignored.
 */
#include "parser.h"

#include <stdio.h>
#include <string.h>

#include "parse_cardtext.h"
#include "parse_channel.h"
#include "parse_ctx.h"
#include "parse_token.h"
#include "utf8.h"
#include "parse_words.h"

/* ---------------------------------------------------------------- tables */

static const char *const kind_names[PC_KIND_COUNT] = {
    [PC_IGNORED] = "ignored", [PC_ERROR] = "error",       [PC_DURAK] = "durak",
    [PC_JOIN] = "join",       [PC_LEAVE] = "leave",       [PC_START] = "start",
    [PC_STOP] = "stop",       [PC_TABLE] = "table",       [PC_HELP] = "help",
    [PC_RULES] = "rules",     [PC_BOT] = "bot",           [PC_STATS] = "stats",
    [PC_TOP] = "top",         [PC_AGAIN] = "again",       [PC_LAST] = "last",
    [PC_PLAY] = "play",       [PC_BEAT] = "beat",         [PC_TAKE] = "take",
    [PC_PASS] = "pass",       [PC_TRANSFER] = "transfer", [PC_HAND] = "hand",
    [PC_MOVES] = "moves",     [PC_CARD] = "card",         [PC_SET] = "set",
    [PC_SOLO] = "play",       [PC_WATCH] = "watch",       [PC_UNWATCH] = "unwatch",
    [PC_HINT] = "hint",
};

static const token_word ambiguous_words[] = {
    { "t", 0 },
    { "p", 1 },
    { "h", 2 },
};
/* What each may mean: the commands (by English name, shown in the reader's words) and their short
 * forms, which work in every language. */
static const struct {
    const char *word[3], *short_form[2];
} ambiguous_choices[] = {
    { { "take", "transfer", NULL }, { "tk", "tr" } },
    { { "play", "pass", NULL }, { "pl", "pa" } },
    { { "hand", "help", "hint" }, { NULL, NULL } },
};

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

/* ---------------------------------------------------------------- words */

/* The kind an entry stands for (PC_IGNORED for none); errors then show its word as typed in
 * another language than English ("type just беру"), else the English name. */
static parse_kind command_of(parse_ctx *c, words_list l, const words_entry *e)
{
    if (e && e->lang != WORDS_EN)
        c->shown = e->text;
    int lang = e ? parse_words_lang_of(l, e) : -1;
    if (lang > 0) {
        _Static_assert((int)WORDS_RU == (int)MSG_LANG_RU && (int)WORDS_ES == (int)MSG_LANG_ES,
                       "words_lang is msg_lang");
        c->out->lang = lang;
        if (!c->lang_chosen) /* errors in the words they typed */
            c->lang = (msg_lang)lang;
    }
    return e ? (parse_kind)e->value : PC_IGNORED;
}

/* The kind a one-word command of list l stands for; PC_IGNORED if none. */
static parse_kind command_find(parse_ctx *c, words_list l, token w)
{
    return command_of(c, l, parse_words_find(l, w));
}

/* Likewise for the word w and, for commands of several words, those after it in c. */
static parse_kind command_match(parse_ctx *c, words_list l, token w)
{
    return command_of(c, l, parse_words_match(c, l, w));
}

/* The command word shown in an error about a command of this kind: as typed when it was another
 * language's, else the word of the reader's language. */
static const char *shown_word(const parse_ctx *c, parse_kind kind)
{
    return c->shown ? c->shown : parse_ctx_word(c, kind_names[kind]);
}

/* ---------------------------------------------------------------- cards */

card_t parse_card(const char *s, size_t len)
{
    token w = s ? parse_token_trim((token){ s, len }) : (token){ "", 0 };
    return parse_cardtext_read(w.s, w.n);
}

char *parse_write_card(card_t c, bool unicode_suits, char buf[PARSE_CARD_TEXT_SIZE])
{
    return parse_cardtext_write(c, unicode_suits, buf);
}

const char *parse_kind_name(parse_kind k)
{
    return (unsigned)k < PC_KIND_COUNT ? kind_names[k] : "?";
}

/* ---------------------------------------------------------------- channel commands */

/* The command word right after the prefix; false when the line does not start with both. */
static bool ctx_prefixed_word(parse_ctx *c, token *w)
{
    parse_ctx_skip_spaces(c);
    token rest = { c->buf + c->pos, c->len - c->pos };
    if (!parse_token_starts_with(rest, c->prefix, c->prefix_len))
        return false;
    c->pos += c->prefix_len;
    *w = parse_token_trim_end(parse_ctx_run(c));
    return w->n > 0;
}

/* help [topic]: the first word after it, lower case, without punctuation or prefix; the rest
 * of the line is ignored (help is never an error). */
static void ctx_help(parse_ctx *c)
{
    token t;
    c->out->kind = PC_HELP;
    if (!parse_ctx_next(c, &t))
        return;
    token w = parse_token_trim(t);
    if (parse_token_starts_with(w, c->prefix, c->prefix_len)) {
        w.s += c->prefix_len;
        w.n -= c->prefix_len;
        w = parse_token_trim(w);
    }
    utf8_sanitize(c->out->arg, w.s, w.n, PARSE_ARG_SIZE - 4);
    for (char *p = c->out->arg; *p; p++)
        *p = (char)byte_lower((unsigned char)*p);
    const words_entry *topic = parse_words_find(WL_TOPIC, w); /* "помощь карты": help cards */
    if (topic)
        snprintf(c->out->arg, PARSE_ARG_SIZE, "%s", parse_words_topic_names[topic->value]);
}

/* A word for one's language ("язык ru", "langue fr", "idioma es", "language en"): set language,
 * said the way people ask for it. Its msg_lang, or -1 when w is none. They are not `set` in the
 * word tables: "язык" is no Russian word for every `set`. */
static int language_word(token w)
{
    static const char *const words[] = { "language", "язык", "langue", "idioma" };
    return parse_words_index(w, words, COUNT_OF(words));
}

/* set [words]: the rest of the line, lower case, one space between words (the tables check it);
 * after a word for one's language, "language" and the rest; a language word first after set
 * ("réglages langue es") is "language" too. */
static void ctx_set(parse_ctx *c, bool language)
{
    token t;
    size_t len = 0;
    c->out->kind = PC_SET;
    if (language)
        len = (size_t)snprintf(c->out->arg, PARSE_ARG_SIZE, "language");
    while (len + 8 < PARSE_ARG_SIZE && parse_ctx_next(c, &t)) {
        token w = parse_token_trim(t);
        if (len)
            c->out->arg[len++] = ' ';
        if (!len && language_word(w) >= 0)
            w = (token){ "language", 8 };
        utf8_sanitize(c->out->arg + len, w.s, w.n, PARSE_ARG_SIZE - 4 - len);
        len = strlen(c->out->arg);
    }
    for (char *p = c->out->arg; *p; p++)
        *p = (char)byte_lower((unsigned char)*p);
}

/* A command without arguments: anything after it is an error. */
static void ctx_bare_command(parse_ctx *c, parse_kind kind, const char *before)
{
    token t;
    char text[CTX_TEXT_SIZE];
    if (parse_ctx_next(c, &t)) {
        parse_ctx_fail_extra(
            c, t,
            parse_ctx_command_text(text, before, shown_word(c, kind), CARD_NONE, CARD_NONE, c));
        return;
    }
    c->out->kind = kind;
}

/* "!strat" where a game is open: a typo of a channel command is answered with the command. Other
 * bots' commands share the prefix, so only words this near are, and only with a game there, but
 * for the opener's own word ("!durka", "!дурк"), which is ours wherever it is typed; a move word
 * ("!pass") is the tables' to answer. */
static void channel_typo(parse_ctx *c, token w)
{
    char q[CTX_QUOTE_SIZE], text[CTX_TEXT_SIZE];
    w = parse_token_trim(w);
    const words_entry *near = parse_words_find(WL_PRIVATE, w)
                                  ? NULL
                                  : parse_words_near(WL_CHANNEL, w, (words_lang)c->lang);
    if (near && !c->game_here && near->value != PC_DURAK)
        near = NULL;
    if (!near || c->out->kind != PC_IGNORED)
        return;
    command_of(c, WL_CHANNEL, near); /* answered in the language of the word it is near */
    snprintf(text, sizeof text, "%s%s", c->prefix_shown, near->text);
    parse_ctx_fail(c, MSG_PARSE_DID_YOU_MEAN_CHANNEL, c->prefix_shown, parse_ctx_quote(q, w), text);
}

/* "!langue fr", "!язык ru": one's own language, as privately (a word this plain is ours wherever
 * it is said); "!set ..." with a game here only, where another bot's "!set" is less likely. Else
 * a typo of a channel command, or nothing. */
static void channel_setting(parse_ctx *c, token w)
{
    const words_entry *set = parse_words_find(WL_PRIVATE, parse_token_trim(w));
    int lang = language_word(parse_token_trim(w));
    if (lang > 0)
        c->out->lang = lang;
    if (lang >= 0 || (c->game_here && set && set->value == PC_SET))
        ctx_set(c, lang >= 0);
    else
        channel_typo(c, w);
}

void parse_channel(const char *line, size_t len, const parse_opts *o, parsed_cmd *out)
{
    parse_ctx c;
    token w;
    if (!parse_ctx_begin(&c, line, len, o, out) || !ctx_prefixed_word(&c, &w))
        return;
    parse_kind kind = command_match(&c, WL_CHANNEL, w);
    /* "!дурак" from a cp1251 client; "!durak clásico" from a Latin-1 one */
    if (!utf8_valid(kind == PC_IGNORED ? w.s : c.buf, kind == PC_IGNORED ? w.n : c.len)) {
        parse_ctx_fail(&c, MSG_PARSE_NOT_UTF8);
        return;
    }
    switch (kind) {
    case PC_IGNORED: channel_setting(&c, w); return;
    case PC_DURAK: parse_channel_durak(&c); return;
    case PC_BOT: parse_channel_bot(&c); return;
    case PC_STATS: parse_channel_stats(&c); return;
    case PC_TOP: parse_channel_top(&c); return;
    case PC_HELP: ctx_help(&c); return;
    default: ctx_bare_command(&c, kind, c.prefix_shown); return;
    }
}

/* ---------------------------------------------------------------- private commands */

/* "9ч на 7ч", "beat 7h with 9h", "9co sobre 7co": a word between the two cards of a cover. Which
 * card covers which the hand says (tables_typed.c), so "on" and "with" may both stand there. */
static bool cover_word(token w)
{
    static const char *const words[] = { "на", "on", "with", "sur", "avec", "par", "sobre", "con" };
    return parse_words_index(w, words, COUNT_OF(words)) >= 0;
}

/* Words before a card that say nothing of it: "хожу с семёрки", "tiro el 6 de diamantes", "cubro
 * con la jota", "joue le 7co", "play the 7h". (Not "a": "play A" is the ace.) */
static bool filler_word(token w)
{
    static const char *const words[] = { "с",   "со", "con", "avec", "with", "el",  "la", "los",
                                         "las", "un", "una", "le",   "les",  "une", "the" };
    return parse_words_index(w, words, COUNT_OF(words)) >= 0;
}

/* The next word past any fillers; a filler that ends the line is read as it is (and refused). */
static bool next_past_fillers(parse_ctx *c, token *t)
{
    bool given = parse_ctx_next(c, t);
    token next;
    for (size_t at = c->pos; given && filler_word(parse_token_trim(*t)); at = c->pos) {
        if (!parse_ctx_next(c, &next)) {
            c->pos = at;
            break;
        }
        *t = next;
    }
    return given;
}

/* The example a card command shows: "play 7♥", "beat 9♠ 7♠", "transfer 7♥". */
static const char *private_example(const parse_ctx *c, char buf[CTX_TEXT_SIZE], parse_kind kind)
{
    if (kind == PC_BEAT)
        return parse_ctx_command_text(buf, "", shown_word(c, kind), card_make(RANK_9, SUIT_SPADES),
                                      card_make(RANK_7, SUIT_SPADES), c);
    return parse_ctx_command_text(buf, "", shown_word(c, kind), card_make(RANK_7, SUIT_HEARTS),
                                  CARD_NONE, c);
}

/* "бью козырем 7ч", "бью дамой 7ч", "couvre avec l'as le 7co": the covering card's rank before
 * the card it covers, and nothing after (as "бью 7ч козырем"): the hand says which covers it.
 * True when read (or asked: "8c" to a French reader); false with nothing read. */
static bool cover_first(parse_ctx *c, token t)
{
    size_t at = c->pos;
    token onto = { 0 }, rest, w = { 0 };
    int rank = c->no_game ? -1 : parse_ctx_word_rank(c, parse_token_trim(t));
    if (rank >= 0 && next_past_fillers(c, &onto))
        w = parse_token_trim(onto);
    card_t target = w.n ? parse_cardtext_read(w.s, w.n) : CARD_NONE;
    if (target == CARD_NONE || parse_ctx_next(c, &rest)) {
        c->pos = at;
        return false;
    }
    if (parse_ctx_card_clear(c, onto)) {
        c->out->kind = PC_BEAT;
        c->out->rank = rank;
        c->out->target = target;
    }
    return true;
}

/* play C, transfer C, beat C [T]; with solo, play alone or with a private game's words. */
static void private_card_command(parse_ctx *c, parse_kind kind, bool solo)
{
    token t;
    char text[CTX_TEXT_SIZE];
    card_t card, target = CARD_NONE;
    bool given = next_past_fillers(c, &t); /* "хожу с семёрки", "tiro el 6 de diamantes" */
    /* "хожу 6", "play Q": the hand says which card; after play, a lone 2 to 5 still counts the
     * players of a private game */
    int rank = given ? parse_ctx_rank_alone(c, t) : -1;
    if (rank >= RANK_6 || (rank >= 0 && !solo)) {
        c->out->kind = kind;
        c->out->rank = rank;
        return;
    }
    if (solo && (!given || parse_solo_word(parse_token_trim(t), c->no_game))) {
        parse_private_solo(c, given ? &t : NULL); /* play [classic|transfer] [level] [N] */
        return;
    }
    if (!given) {
        parse_ctx_fail(c, MSG_PARSE_NEEDS_CARD, shown_word(c, kind),
                       private_example(c, text, kind));
        c->out->move = kind;
        return;
    }
    if (kind == PC_BEAT && cover_first(c, t))
        return;
    if (!parse_ctx_card(c, t, &card))
        return;
    bool more = parse_ctx_next(c, &t);
    if (more && (kind == PC_PLAY || kind == PC_BEAT) && cover_word(parse_token_trim(t))) {
        token between = t;
        if (!next_past_fillers(c, &t)) { /* "mato el 6d con el 7d" */
            parse_ctx_fail_extra(
                c, between,
                parse_ctx_command_text(text, "", shown_word(c, kind), card, CARD_NONE, c));
            return;
        }
        kind = PC_BEAT; /* "кладу 9ч на 7ч": a card put on another covers it */
    }
    int cover = more && kind == PC_BEAT ? parse_ctx_rank_alone(c, t) : -1;
    if (cover >= 0) { /* "бью 7ч козырем", "бью 7 крестей дамой": the hand says which covers it */
        c->out->kind = kind;
        c->out->rank = cover;
        c->out->target = card;
        return;
    }
    if (more && kind == PC_BEAT) {
        if (!parse_ctx_card(c, t, &target))
            return;
        more = parse_ctx_next(c, &t);
    }
    card_t next = CARD_NONE;
    if (more && kind != PC_BEAT) {
        token w = parse_token_trim(t);
        next = parse_cardtext_read(w.s, w.n);
    }
    if (next != CARD_NONE && kind == PC_TRANSFER) { /* R17: the transferer attacks after it */
        parse_ctx_fail(c, MSG_PARSE_TRANSFER_ONE,
                       parse_ctx_command_text(text, "", shown_word(c, kind), card, CARD_NONE, c));
        c->out->move = kind;
        c->out->card = card;
        return;
    }
    if (next != CARD_NONE && next == card) { /* "play 7h 7h": not "7♥, then 7♥" */
        parse_ctx_fail_extra(
            c, t, parse_ctx_command_text(text, "", shown_word(c, kind), card, target, c));
        return;
    }
    if (next != CARD_NONE) { /* "хожу 6♦ 6♥": two moves in one line */
        char then[CTX_TEXT_SIZE];
        parse_ctx_fail(c, MSG_PARSE_ONE_AT_A_TIME,
                       parse_ctx_command_text(text, "", shown_word(c, kind), card, CARD_NONE, c),
                       parse_ctx_command_text(then, "", shown_word(c, kind), next, CARD_NONE, c));
        c->out->move = kind;
        c->out->card = card;
        return;
    }
    if (more) {
        parse_ctx_fail_extra(
            c, t, parse_ctx_command_text(text, "", shown_word(c, kind), card, target, c));
        return;
    }
    c->out->kind = kind;
    c->out->card = card;
    c->out->target = target;
}

/* Is w the word that, alone or with a private game's choices, asks for one: "play",
 * and in the other languages their verb for playing a game (not хожу or joue, a card's move)? */
static bool asks_private_game(token w)
{
    static const char *const words[] = { "play", "играю", "jouer", "jugar" };
    return parse_words_index(w, words, COUNT_OF(words)) >= 0;
}

/* A card alone; a second card is read as a wish to beat. */
static void private_bare_card(parse_ctx *c, card_t card)
{
    token t;
    char text[CTX_TEXT_SIZE], a[PARSE_CARD_TEXT_SIZE], b[PARSE_CARD_TEXT_SIZE];
    if (parse_ctx_next(c, &t)) {
        token w = parse_token_trim(t);
        if (cover_word(w) && parse_ctx_next(c, &t)) /* "9ч на 7ч" */
            w = parse_token_trim(t);
        card_t second = parse_cardtext_read(w.s, w.n);
        bool words = second == CARD_NONE /* "9 червей на 7 червей" */
                     && (second = parse_ctx_card_in_two_words(c, w)) != CARD_NONE;
        if (c->asked) /* "8 c" to a French reader: the question stands */
            return;
        if (second == CARD_NONE) {
            parse_ctx_fail_extra(c, t, parse_ctx_write_card(c, card, text));
            return;
        }
        if (!words && !parse_ctx_card_clear(c, t))
            return;
        if (parse_ctx_next(c, &t)) {
            parse_ctx_fail(c, MSG_PARSE_TWO_CARDS, parse_ctx_write_card(c, second, a),
                           parse_ctx_write_card(c, card, b),
                           parse_ctx_command_text(text, "", "beat", card, second, c));
            return;
        }
        c->out->kind = PC_BEAT; /* "9s 7s" as the bot itself would read it: beat 9s 7s */
        c->out->card = card;
        c->out->target = second;
        return;
    }
    c->out->kind = PC_CARD;
    c->out->card = card;
}

/* "take (tk) or transfer (tr)", "беру (tk) или перевожу (tr)", "hand, help or hint". */
static const char *ambiguous_text(const parse_ctx *c, int which, char buf[CTX_TEXT_SIZE])
{
    char one[2][CTX_TEXT_SIZE / 2];
    const char *const *word = ambiguous_choices[which].word;
    for (int i = 0; i < 2; i++) {
        const char *sf = ambiguous_choices[which].short_form[i];
        snprintf(one[i], sizeof one[i], "%s%s%s%s", parse_ctx_word(c, word[i]), sf ? " (" : "",
                 sf ? sf : "", sf ? ")" : "");
    }
    if (word[2]) { /* three: "A, B" or "C" */
        size_t n = strlen(one[0]);
        snprintf(one[0] + n, sizeof one[0] - n, ", %s", one[1]);
        snprintf(one[1], sizeof one[1], "%s", parse_ctx_word(c, word[2]));
    }
    snprintf(buf, CTX_TEXT_SIZE, msg_in(c->lang, MSG_CARD_OR), one[0], one[1]);
    return buf;
}

static void private_unknown(parse_ctx *c, token w)
{
    char q[CTX_QUOTE_SIZE], choices[CTX_TEXT_SIZE];
    const token_word *amb = parse_token_find(ambiguous_words, COUNT_OF(ambiguous_words), w);
    parse_kind kind = command_find(c, WL_CHANNEL, w);
    const words_entry *near, *near_private = NULL;
    token two;
    if (amb && amb->value == 0 && c->no_transfer) /* only what the variant allows */
        ctx_bare_command(c, PC_TAKE, "");
    else if (amb)
        parse_ctx_fail(c, MSG_PARSE_AMBIGUOUS, parse_ctx_quote(q, w),
                       ambiguous_text(c, amb->value, choices));
    else if (kind == PC_TABLE && !c->no_game) /* the tables say where, or show a private game's */
        ctx_bare_command(c, kind, "");
    else if (kind != PC_IGNORED)
        parse_ctx_fail(c, MSG_PARSE_CHANNEL_ONLY, c->prefix_shown, shown_word(c, kind));
    else if (parse_cardtext_looks_like_card(w.s, w.n))
        parse_ctx_fail_card(c, w);
    else if ((near = near_private = parse_words_near(WL_PRIVATE, w, (words_lang)c->lang))
             || (near = parse_words_near(WL_CHANNEL, w, (words_lang)c->lang)))
        parse_ctx_fail(c, MSG_PARSE_DID_YOU_MEAN, parse_ctx_quote(q, w), near->text);
    else if ((two = parse_ctx_with_next(c, w)).n > w.n /* "je prend": "je prends" */
             && (near = near_private = parse_words_near(WL_PRIVATE, two, (words_lang)c->lang)))
        parse_ctx_fail(c, MSG_PARSE_DID_YOU_MEAN, parse_ctx_quote(q, two), near->text);
    else if (c->no_seat) /* "привет" from a newcomer: how to play, not their moves */
        parse_ctx_fail(c, MSG_PARSE_UNKNOWN_NO_GAME, parse_ctx_quote(q, w), c->prefix_shown,
                       c->prefix_shown);
    else
        parse_ctx_fail(c, MSG_PARSE_UNKNOWN_PRIVATE, parse_ctx_quote(q, w));
    /* "tak" for take is a mistyped move, which never counts against the flood limit */
    c->out->no_move =
        !amb && kind == PC_IGNORED && !parse_cardtext_looks_like_card(w.s, w.n) && !near_private;
}

/* stats [nick], top [n], rules: the channel's information commands work privately too; and
 * unwatch, for a spectator whose copies come privately. */
static void private_info(parse_ctx *c, token w)
{
    switch (command_match(c, WL_CHANNEL, w)) {
    case PC_STATS: parse_channel_stats(c); return;
    case PC_TOP: parse_channel_top(c); return;
    case PC_RULES: ctx_bare_command(c, PC_RULES, ""); return;
    case PC_UNWATCH: ctx_bare_command(c, PC_UNWATCH, ""); return;
    default: private_unknown(c, w); return;
    }
}

void parse_private(const char *line, size_t len, const parse_opts *o, parsed_cmd *out)
{
    parse_ctx c;
    token t;
    if (!parse_ctx_begin(&c, line, len, o, out))
        return;
    if (!utf8_valid(c.buf, c.len)) { /* "jugar clásico" from a Latin-1 client: say why, not "?" */
        parse_ctx_fail(&c, MSG_PARSE_NOT_UTF8);
        return;
    }
    /* "привет", "7ч": a Russian reader, whatever the words */
    if (!c.lang_chosen && bytes_have_cyrillic(c.buf, c.len, false)) {
        c.lang = MSG_LANG_RU;
        out->lang = MSG_LANG_RU;
    }
    parse_ctx_skip_spaces(&c);
    if (parse_token_starts_with((token){ c.buf + c.pos, c.len - c.pos }, c.prefix, c.prefix_len))
        c.pos += c.prefix_len;
    if (c.pos + 1 < c.len && c.buf[c.pos] == '+' && c.buf[c.pos + 1] != ' ') {
        t = (token){ c.buf + c.pos++, 1 }; /* "+6п": the "+" of "+ 6п", a card after it */
    } else if (!parse_ctx_next(&c, &t)) {
        return;
    }
    token w = parse_token_trim(t);
    parse_kind kind = command_match(&c, WL_PRIVATE, w);
    /* "as" to a French or Spanish player in a game: the ace, which the hand settles */
    card_t card =
        parse_ctx_ace_word(&c, w) && !c.no_game ? CARD_NONE : parse_cardtext_read(w.s, w.n);
    if (kind == PC_HELP)
        ctx_help(&c);
    else if (kind == PC_SET)
        ctx_set(&c, false);
    else if (language_word(w) >= 0) {
        if (language_word(w) > 0)
            c.out->lang = language_word(w);
        ctx_set(&c, true);
    } else if (kind == PC_PLAY || kind == PC_BEAT || kind == PC_TRANSFER)
        private_card_command(&c, kind, asks_private_game(w));
    else if (kind != PC_IGNORED)
        ctx_bare_command(&c, kind, "");
    else if (card != CARD_NONE) {
        if (parse_ctx_card_clear(&c, w))
            private_bare_card(&c, card);
    } else if ((out->rank = parse_ctx_rank_alone(&c, t)) >= 0)
        out->kind = PC_CARD; /* "6" alone: the hand says which */
    else if ((card = parse_ctx_card_in_two_words(&c, w)) != CARD_NONE)
        private_bare_card(&c, card); /* "6 п" */
    else if (!c.asked)
        private_info(&c, w);
}
