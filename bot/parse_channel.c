/* parse_channel.c — the channel commands' arguments: the option words of durak and bot (in
 * parse_words.c), what a nick may hold, top's number; and the errors naming the right form. */
#include "parse_channel.h"

#include <stdio.h>
#include <string.h>

#include "durak.h"
#include "parse_words.h"

enum { TOP_ASKED_MAX = 999 };

/* Around a nick: IRC status marks before it, sentence punctuation after it. */
static const char NICK_LEAD[] = "@+%&~\"'(<";
static const char NICK_TRAIL[] = ",.:;!?\"')>";
static const char NICK_CHARS[] = "[]\\`_^{|}-";

static const char *const bot_level_names[] = { "easy", "normal", "hard", "expert" };

/* "!durak clásico", "!bot difficile": a word of one language (`lang`, -1: none) after a command
 * word all languages share tells the line's language, as a command word of its own would (the
 * reply speaks it, a lobby takes it); an error's sentences too, unless the sender chose theirs. */
static void word_tells_lang(parse_ctx *c, int lang)
{
    if (c->out->lang < 0)
        c->out->lang = lang;
    if (c->out->lang > 0 && !c->lang_chosen)
        c->lang = (msg_lang)c->out->lang;
}

/* An option's value as the error's example names it: its first word in the error's language
 * ("!дурак переводной"), else the canonical (first) one. */
static const char *durak_option_name(const words_entry *opt, msg_lang lang)
{
    size_t count;
    const char *first = NULL;
    const words_entry *list = parse_words_table(WL_OPTION, &count);
    for (size_t i = 0; i < count; i++)
        if (list[i].value == opt->value) {
            if ((int)list[i].lang == (int)lang)
                return list[i].text;
            first = first ? first : list[i].text;
        }
    return first ? first : opt->text;
}

void parse_channel_durak(parse_ctx *c)
{
    int values[WORDS_OPT_COUNT] = { -1, -1, -1, -1 };
    token set_by[WORDS_OPT_COUNT] = { { NULL, 0 }, { NULL, 0 }, { NULL, 0 }, { NULL, 0 } };
    token t;
    char q1[CTX_QUOTE_SIZE], q2[CTX_QUOTE_SIZE];
    while (parse_ctx_next(c, &t)) {
        token w = parse_token_trim(t);
        const words_entry *opt = parse_words_match(c, WL_OPTION, w); /* "por parejas" */
        const words_entry *near = opt ? NULL : parse_words_near(WL_OPTION, w, (words_lang)c->lang);
        if (near) { /* "transfr": one mistyped letter */
            parse_ctx_fail(c, MSG_PARSE_DURAK_OPTION_NEAR, parse_ctx_quote(q1, w), c->prefix_shown,
                           near->text);
            return;
        }
        if (opt == NULL) {
            parse_ctx_fail(c, MSG_PARSE_DURAK_OPTION, parse_ctx_quote(q1, w), c->prefix_shown);
            return;
        }
        int option = opt->value / 16, value = opt->value % 16; /* WORDS_OPTION */
        if (values[option] >= 0 && values[option] != value) {
            parse_ctx_fail(c, MSG_PARSE_DURAK_CONFLICT, parse_ctx_quote(q1, set_by[option]),
                           parse_ctx_quote(q2, w), c->prefix_shown,
                           durak_option_name(opt, c->lang));
            return;
        }
        values[option] = value;
        set_by[option] = w;
        /* "!durak transfer" is English, so that a later "!rejoindre" does not turn the lobby
         * French */
        word_tells_lang(c, parse_words_own_lang(WL_OPTION, opt));
    }
    c->out->kind = PC_DURAK;
    c->out->variant = values[WORDS_OPT_VARIANT];
    c->out->throwin = values[WORDS_OPT_THROWIN];
    c->out->first5 = values[WORDS_OPT_FIRST5];
    c->out->teams = values[WORDS_OPT_TEAMS];
}

void parse_channel_bot(parse_ctx *c)
{
    token t;
    char q[CTX_QUOTE_SIZE], text[CTX_TEXT_SIZE];
    int level = -1, remove = 0;
    if (parse_ctx_next(c, &t)) {
        token w = parse_token_trim(t);
        const words_entry *x = parse_words_find(WL_BOT, w);
        if (!x) {
            const char *p = c->prefix_shown;
            parse_ctx_fail(c, MSG_PARSE_BOT_OPTION, parse_ctx_quote(q, w), p, p, p);
            return;
        }
        /* "!bot difficile"; not "!bot hard", as the players' names say it in every language */
        word_tells_lang(c, parse_words_lang_of(WL_BOT, x));
        if (x->value == WORDS_BOT_REMOVE)
            remove = 1;
        else
            level = x->value;
        if (parse_ctx_next(c, &t)) {
            snprintf(text, sizeof text, "%sbot %s", c->prefix_shown,
                     remove ? "remove" : bot_level_names[level]);
            parse_ctx_fail_extra(c, t, text);
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

void parse_channel_stats(parse_ctx *c)
{
    token t;
    char q[CTX_QUOTE_SIZE], text[CTX_TEXT_SIZE];
    parse_ctx_skip_spaces(c);
    /* the run as it stands: a nick may be punctuation alone ("_", "[]", "|"), which
     * parse_ctx_next passes over as no word */
    if (c->pos < c->len) {
        t = parse_ctx_run(c);
        token w = parse_token_strip(t, NICK_LEAD, NICK_TRAIL);
        if (!nick_is_valid(w)) {
            token shown = parse_token_trim(t);
            parse_ctx_fail(c, MSG_PARSE_STATS_NICK, parse_ctx_quote(q, shown.n ? shown : t),
                           c->prefix_shown, c->prefix_shown);
            return;
        }
        memcpy(c->out->arg, w.s, w.n);
        c->out->arg[w.n] = '\0';
        if (parse_ctx_next(c, &t)) {
            snprintf(text, sizeof text, "%s%s %s", c->prefix_shown, parse_ctx_word(c, "stats"),
                     c->out->arg); /* "!estadísticas a", as it was typed */
            parse_ctx_fail_extra(c, t, text);
            return;
        }
    }
    c->out->kind = PC_STATS;
}

/* A number of 1 or more written in decimal digits, TOP_ASKED_MAX for any larger; else -1. More
 * than the bot lists is answered with its most and says so (tables_info.c). */
static int top_number(token w)
{
    int v = 0;
    if (w.n == 0)
        return -1;
    for (size_t i = 0; i < w.n; i++) {
        if (!byte_is_digit((unsigned char)w.s[i]))
            return -1;
        v = v * 10 + (w.s[i] - '0');
        v = v > TOP_ASKED_MAX ? TOP_ASKED_MAX : v;
    }
    return v < 1 ? -1 : v;
}

/* !top [n] [bots|solo], the two in either order ("!top bots 3", "!top 3 bots"). */
void parse_channel_top(parse_ctx *c)
{
    token t;
    char q[CTX_QUOTE_SIZE], text[CTX_TEXT_SIZE];
    int number = -1;
    const words_entry *board = NULL;
    while (parse_ctx_next(c, &t)) {
        token w = parse_token_trim(t);
        const words_entry *b = parse_words_find(WL_BOTS, w);
        int v = top_number(w);
        if (b && !board) { /* bots: the computer players; solo: private games against them */
            board = b;
        } else if (v > 0 && number < 0) {
            number = v;
        } else if (!b && number < 0) {
            parse_ctx_fail(c, MSG_PARSE_TOP_NUMBER, parse_ctx_quote(q, w), c->prefix_shown);
            return;
        } else { /* a second number or board, or a word that is neither after one */
            int n = snprintf(text, sizeof text, "%s%s", c->prefix_shown, parse_ctx_word(c, "top"));
            if (number > 0)
                n += snprintf(text + n, sizeof text - (size_t)n, " %d", number);
            if (board)
                snprintf(text + n, sizeof text - (size_t)n, " %s", board->text);
            parse_ctx_fail_extra(c, t, text);
            return;
        }
    }
    if (board)
        snprintf(c->out->arg, PARSE_ARG_SIZE, "%s",
                 board->value == WORDS_TOP_SOLO ? "solo" : "bots");
    c->out->kind = PC_TOP;
    c->out->number = number;
}

/* ---- private: play [classic|transfer] [easy|normal|hard] [N] ---- */

/* A number of players written as one digit, else -1 (any other number: 0). */
static int solo_players(token w)
{
    for (size_t i = 0; i < w.n; i++)
        if (!byte_is_digit((unsigned char)w.s[i]))
            return -1;
    return w.n == 1 ? w.s[0] - '0' : 0;
}

/* The variant a word of play's options names, or -1. */
static int solo_variant(token w)
{
    const words_entry *opt = parse_words_find(WL_OPTION, w);
    return opt && opt->value / 16 == WORDS_OPT_VARIANT ? opt->value % 16 : -1;
}

/* The computer players' level a word names, or -1 ("remove" is none). */
static int solo_level(token w)
{
    const words_entry *level = parse_words_find(WL_BOT, w);
    return level && level->value <= 2 ? level->value : -1; /* expert and remove are no choice */
}

/* "play against the computer", "jugar contra la máquina": what a private game is, said again;
 * read past among play's options. */
static bool solo_filler(token w)
{
    static const char *const words[] = {
        "against", "the",        "computer",    "computers", "bots",         "contra",
        "la",      "máquina",    "máquinas",    "contre",    "l'ordinateur", "ordinateur",
        "против",  "компьютера", "компьютеров", "ботов",
    };
    return parse_words_index(w, words, sizeof words / sizeof *words) >= 0;
}

bool parse_solo_word(token w, bool no_game)
{
    int n = solo_players(w); /* in a game, 7 and up (or 10) are a rank without its suit */
    /* A game's other words (expert, remove, teams, first5, neighbours) and 0 or 1 players are
     * refused as play's choices, not as cards: "expert" is no card with a bad rank. */
    return solo_variant(w) >= 0 || parse_words_find(WL_BOT, w) || parse_words_find(WL_OPTION, w)
           || (n >= 0 && (no_game || (w.n == 1 && n <= 6))) || solo_filler(w);
}

/* One word of play's options into out; false (and the error) when it is not one, or says again
 * what an earlier word said. */
static bool solo_word(parse_ctx *c, token w)
{
    char q[CTX_QUOTE_SIZE];
    if (solo_filler(w))
        return true;
    int variant = solo_variant(w), level = solo_level(w), n = solo_players(w);
    int *slot = variant >= 0 ? &c->out->variant
                : level >= 0 ? &c->out->bot_level
                : n >= 0     ? &c->out->number
                             : NULL;
    if (n >= 0 && (n < 2 || n > 6)) {
        parse_ctx_fail(c, MSG_PARSE_SOLO_PLAYERS, parse_ctx_quote(q, w));
        return false;
    }
    if (!slot || *slot >= 0) {
        parse_ctx_fail(c, MSG_PARSE_SOLO_WORD, parse_ctx_quote(q, w));
        return false;
    }
    *slot = variant >= 0 ? variant : level >= 0 ? level : n;
    return true;
}

void parse_private_solo(parse_ctx *c, const token *first)
{
    token t;
    c->out->variant = c->out->bot_level = c->out->number = -1;
    if (first && !solo_word(c, parse_token_trim(*first)))
        return;
    while (parse_ctx_next(c, &t))
        if (!solo_word(c, parse_token_trim(t)))
            return;
    c->out->kind = PC_SOLO;
}
