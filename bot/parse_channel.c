/* parse_channel.c — the channel commands' arguments: the option words of durak and bot and
 * their aliases, what a nick may hold, top's number; and the errors naming the right form. */
#include "parse_channel.h"

#include <stdio.h>
#include <string.h>

#include "durak.h"

enum { TOP_MAX = 20 };

/* Around a nick: IRC status marks before it, sentence punctuation after it. */
static const char NICK_LEAD[] = "@+%&~\"'(<";
static const char NICK_TRAIL[] = ",.:;!?\"')>";
static const char NICK_CHARS[] = "[]\\`_^{|}-";

enum { OPT_VARIANT, OPT_THROWIN, OPT_FIRST5, OPT_COUNT };

typedef struct {
    const char *word; /* the first entry of an (option, value) pair is its canonical name */
    int option;
    int value;
} option_word;

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

static const token_word bot_levels[] = {
    { "easy", 0 }, { "normal", 1 }, { "medium", 1 }, { "hard", 2 }, { "expert", 3 },
};
static const char *const bot_level_names[] = { "easy", "normal", "hard", "expert" };

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

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

void parse_channel_durak(parse_ctx *c)
{
    int values[OPT_COUNT] = { -1, -1, -1 };
    token set_by[OPT_COUNT] = { { NULL, 0 }, { NULL, 0 }, { NULL, 0 } };
    token t;
    char q1[CTX_QUOTE_SIZE], q2[CTX_QUOTE_SIZE];
    while (ctx_next(c, &t)) {
        token w = token_trim(t);
        const option_word *opt = durak_option_find(w);
        if (opt == NULL) {
            ctx_fail(c, MSG_PARSE_DURAK_OPTION, ctx_quote(q1, w), c->prefix_shown);
            return;
        }
        if (values[opt->option] >= 0 && values[opt->option] != opt->value) {
            ctx_fail(c, MSG_PARSE_DURAK_CONFLICT, ctx_quote(q1, set_by[opt->option]),
                     ctx_quote(q2, w), c->prefix_shown, durak_option_name(opt));
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

void parse_channel_bot(parse_ctx *c)
{
    token t;
    char q[CTX_QUOTE_SIZE], text[CTX_TEXT_SIZE];
    int level = -1, remove = 0;
    if (ctx_next(c, &t)) {
        token w = token_trim(t);
        const token_word *x = token_find(bot_levels, COUNT_OF(bot_levels), w);
        if (x)
            level = x->value;
        else if (token_is(w, "remove"))
            remove = 1;
        else {
            const char *p = c->prefix_shown;
            ctx_fail(c, MSG_PARSE_BOT_OPTION, ctx_quote(q, w), p, p, p);
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

void parse_channel_stats(parse_ctx *c)
{
    token t;
    char q[CTX_QUOTE_SIZE], text[CTX_TEXT_SIZE];
    if (ctx_next(c, &t)) {
        token w = token_strip(t, NICK_LEAD, NICK_TRAIL);
        if (!nick_is_valid(w)) {
            ctx_fail(c, MSG_PARSE_STATS_NICK, ctx_quote(q, token_trim(t)), c->prefix_shown,
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
    return v < 1 ? -1 : v > TOP_MAX ? TOP_MAX : v; /* !top 50: the top 20 */
}

void parse_channel_top(parse_ctx *c)
{
    token t;
    char q[CTX_QUOTE_SIZE], text[CTX_TEXT_SIZE];
    int number = -1;
    bool given = ctx_next(c, &t);
    if (given && token_is(token_trim(t), "bots")) {
        snprintf(c->out->arg, PARSE_ARG_SIZE, "bots"); /* !top bots: the computer players */
    } else if (given) {
        number = top_number(token_trim(t));
        if (number < 0) {
            ctx_fail(c, MSG_PARSE_TOP_NUMBER, ctx_quote(q, token_trim(t)), c->prefix_shown);
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
