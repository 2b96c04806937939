/* parse_words.h — the words players type, in English, Russian, French and Spanish, in one table per
 * list (channel commands, private moves, option words...), compared case- and accent-blind. */
#ifndef DURAK_PARSE_WORDS_H
#define DURAK_PARSE_WORDS_H

#include <stdbool.h>
#include <stddef.h>

#include "parse_ctx.h"
#include "parser.h"
#include "parse_token.h"

typedef enum { WORDS_EN, WORDS_RU, WORDS_FR, WORDS_ES, WORDS_LANG_COUNT } words_lang;

typedef enum {
    WL_CHANNEL, /* value: a parse_kind, said after the prefix */
    WL_PRIVATE, /* value: a parse_kind, said to the bot */
    WL_OPTION,  /* value: WORDS_OPTION(option, value), !durak's options (parse_channel.c) */
    WL_BOT,     /* value: 0 easy, 1 normal, 2 hard, 3 expert, WORDS_BOT_REMOVE */
    WL_BOTS,    /* value: WORDS_TOP_BOTS ("top bots") or WORDS_TOP_SOLO ("top solo") */
    WL_TOPIC,   /* value: index into parse_words_topic_names (help topics) */
    WL_COUNT
} words_list;

/* !durak's options, and a value of one as a WL_OPTION value. */
enum { WORDS_OPT_VARIANT, WORDS_OPT_THROWIN, WORDS_OPT_FIRST5, WORDS_OPT_TEAMS, WORDS_OPT_COUNT };
#define WORDS_OPTION(option, value) ((option)*16 + (value))
enum { WORDS_BOT_REMOVE = 4 };
enum { WORDS_TOP_BOTS = 1, WORDS_TOP_SOLO = 2 };

/* One word (or a few, separated by single spaces: "je ramasse") and what it stands for. */
typedef struct {
    const char *text;
    int value;
    words_lang lang;
} words_entry;

/* The entries of a list, in table order (the first of a value in a language is its canonical
 * word). */
const words_entry *parse_words_table(words_list l, size_t *count);

/* Is the word text (one word) in any case, with or without its accents? */
bool parse_words_equal(token t, const char *text);
/* The index of the first of words[0..n) that t is (as parse_words_equal), or -1. */
int parse_words_index(token t, const char *const *words, size_t n);
/* The entry of list l that the word t (already trimmed) and, for entries of several words, the
 * words after it in c spell out; the longest one wins, and c then stands after its last word.
 * NULL (c unchanged) if none. */
const words_entry *parse_words_match(parse_ctx *c, words_list l, token t);
/* The language an entry of list l marks its speaker as: its own, unless it is English or another
 * language's entry of l has the same text (then -1). */
int parse_words_lang_of(words_list l, const words_entry *e);
/* The same, English included: an English-only entry ("transfer") is English. */
int parse_words_own_lang(words_list l, const words_entry *e);
/* The entry of a one-word reading of t; NULL if none. */
const words_entry *parse_words_find(words_list l, token t);
/* "Did you mean": the entry of list l that w (trimmed, not itself a word of l; one word, or a
 * phrase for the entries of several words) was most likely meant as, at most parse_suggest_most
 * edits away; NULL when none is that near, or entries of different meanings are equally near. Of
 * equally near words of one meaning, the one in language `prefer` ("pas": "paso" to a Spanish
 * reader, "pass" to others). */
const words_entry *parse_words_near(words_list l, token w, words_lang prefer);

/* The canonical word of a command in a language ("беру" for PC_TAKE in WORDS_RU, "join" for
 * PC_JOIN in WORDS_EN); the channel word for channel commands. NULL when it has none. (The
 * tests check every command has one.) */
const char *parse_words_command(words_lang lang, parse_kind kind);

/* The canonical English name of help topic i (WL_TOPIC's values). */
extern const char *const parse_words_topic_names[];

#endif
