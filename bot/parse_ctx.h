/* parse_ctx.h — one parse in progress: the cleaned line read word by word, the options it runs
 * with, and how it ends in an error (a messages.c sentence quoting the user, with examples). */
#ifndef DURAK_PARSE_CTX_H
#define DURAK_PARSE_CTX_H

#include <stdbool.h>
#include <stddef.h>

#include "messages.h"
#include "parser.h"
#include "parse_token.h"

enum {
    CTX_QUOTE_MAX = 20,                     /* bytes of a user's word quoted in an error */
    CTX_QUOTE_SIZE = CTX_QUOTE_MAX + 3 + 1, /* plus "…" and NUL */
    CTX_PREFIX_SHOWN_MAX = 16,
    CTX_TEXT_SIZE = 96, /* a command as shown in an error: "!bot hard", "beat 9♠ 7♠" */
};

typedef struct {
    char buf[PARSE_MAX_LINE + 1]; /* the cleaned line */
    size_t len, pos;
    const char *prefix;
    size_t prefix_len;
    char prefix_shown[CTX_PREFIX_SHOWN_MAX + 4]; /* the prefix made safe to quote */
    bool unicode;
    bool no_transfer;  /* the player's game has no transfer: a bare t is take */
    msg_lang lang;     /* of the error sentences, their example commands and cards */
    bool lang_chosen;  /* lang is the sender's setting, not to follow their words */
    bool no_game;      /* parse_opts.no_game */
    bool game_here;    /* parse_opts.game_here */
    bool no_seat;      /* parse_opts.no_seat */
    uint64_t hand;     /* parse_opts.hand */
    const char *shown; /* the command word as errors show it ("беру"); NULL: the English name */
    bool asked;        /* parse_ctx_card_in_two_words asked which card was meant ("8 c") */
    parsed_cmd *out;
} parse_ctx;

/* Starts a parse into out (reset to PC_IGNORED); false when the line is to be ignored whatever
 * it holds (CTCP). At most PARSE_MAX_LINE bytes of line are read. */
bool parse_ctx_begin(parse_ctx *c, const char *line, size_t len, const parse_opts *o,
                     parsed_cmd *out);
void parse_ctx_skip_spaces(parse_ctx *c);
/* The next run of non-spaces, as it stands. */
token parse_ctx_run(parse_ctx *c);
/* The next word that is not only punctuation (unstripped); false at the end of the line. */
bool parse_ctx_next(parse_ctx *c, token *t);
/* w (a word of the line) and the word after it as one phrase, trimmed ("je prend"): what a typo
 * in a command of two words is quoted and matched as; w itself when nothing follows. */
token parse_ctx_with_next(const parse_ctx *c, token w);

/* Ends the parse as PC_ERROR with the text of id formatted with the arguments. */
void parse_ctx_fail(parse_ctx *c, msg_id id, ...);
/* Error: `extra` is not understood after the command shown as `text`. */
void parse_ctx_fail_extra(parse_ctx *c, token extra, const char *text);
/* Reads a card word into *card; on a bad word fails saying what is wrong and returns false. */
bool parse_ctx_card(parse_ctx *c, token t, card_t *card);
/* True when the card word t (read as a card) means one card; false after failing with the
 * question which was meant, when its T could be the ten or the ace ("Tп"), or when a French or
 * Spanish reader's c could be clubs or their cœur, corazones ("8c"). */
bool parse_ctx_card_clear(parse_ctx *c, token t);
/* A rank w (trimmed) whose suit came as the next word ("хожу 6 п", "play 10 ♥"), or a Russian
 * suit's adjective before a rank's word ("червовую даму"): the card both make, read past that
 * word, or CARD_NONE (nothing read). Not a T: which card it is is asked; nor "8 c" to a French or
 * Spanish reader: asked as "8c" is (then CARD_NONE, the question failed into c, and c->asked). */
card_t parse_ctx_card_in_two_words(parse_ctx *c, token w);
/* A card named by its rank alone ("6", "хожу Д"), the last word of the line: its rank (card.h's
 * count), or PARSE_RANK_TRUMP for "a trump" ("бью козырем"), for the hand to say which card is
 * meant; -1 otherwise. Two words may end the line as well: a rank "of trumps" ("9 козырной": the
 * rank, with out->of_trumps) or "the lowest trump" (PARSE_RANK_TRUMP, with out->lowest). Only in
 * a running game (with
 * none, a number after play counts players), and never a Latin T: the ten or the ace is asked.
 * To a French or Spanish reader "as" is the ace, as those languages call it, not A♠. */
int parse_ctx_rank_alone(parse_ctx *c, token t);
/* The rank one word w (trimmed) names ("7", "Д", "дамой", the ace's word), PARSE_RANK_TRUMP for
 * "a trump", or -1 (a Latin T too: the ten or the ace is asked). */
int parse_ctx_word_rank(parse_ctx *c, token w);
/* Is w "as", the ace in French and Spanish, said by such a reader (their words or their chosen
 * language)? Then it is not the card A♠ its Latin letters spell. */
bool parse_ctx_ace_word(const parse_ctx *c, token w);
/* Error for a word that was meant as a card: says what is wrong with it. */
void parse_ctx_fail_card(parse_ctx *c, token t);

/* A user's word made safe to quote: printable UTF-8, at most CTX_QUOTE_MAX bytes. */
const char *parse_ctx_quote(char buf[CTX_QUOTE_SIZE], token t);
/* A command with up to two cards (CARD_NONE: none) as the user should type it: "beat 9♠ 7♠",
 * in c's language (Russian "бью 9♠ 7♠"; `word` is the English one). */
const char *parse_ctx_command_text(char buf[CTX_TEXT_SIZE], const char *before, const char *word,
                                   card_t a, card_t b, const parse_ctx *c);
/* A command word in c's language ("play" -> "хожу", "join" -> "играть"); others as they are. */
const char *parse_ctx_word(const parse_ctx *c, const char *english);
/* A card as c's language writes it, with c's suits: "7♥", "Дч". */
char *parse_ctx_write_card(const parse_ctx *c, card_t card, char buf[PARSE_CARD_TEXT_SIZE]);

#endif
