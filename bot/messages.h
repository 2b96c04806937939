/* messages.h — every sentence a user can see, keyed by id (messages_en.def: one row per id), with
 * its arguments' types and send priority; one table of texts per language (en, ru, fr, es). */
#ifndef DURAK_MESSAGES_H
#define DURAK_MESSAGES_H

#include <stdbool.h>
#include <stddef.h>

/* Every message's id, in the order of messages_en.def's rows (one row per message: id, argument
 * types, send priority, English text). */
typedef enum {
#define MSG(id, types, prio, text) id,
#include "messages_en.def"
#undef MSG
    MSG_COUNT
} msg_id;

/* The languages that have a table of texts (messages_en.def, messages_ru.c, _fr.c, _es.c). */
typedef enum { MSG_LANG_EN, MSG_LANG_RU, MSG_LANG_FR, MSG_LANG_ES, MSG_LANG_COUNT } msg_lang;

/* The English text of a message (never NULL; "" for an id out of range). */
const char *msg_text(msg_id id);
/* The text of a message in a language's table; NULL for an id the table lacks or out of range. */
const char *msg_text_in(msg_lang lang, msg_id id);
/* The text in lang, or "" for an id out of range (the tests make sure none is missing). */
const char *msg_in(msg_lang lang, msg_id id);
/* "en", "ru", "fr", "es"; NULL out of range. */
const char *msg_lang_code(msg_lang lang);
/* A language number from elsewhere (config.h's, a snapshot's) as a msg_lang: English when out of
 * range, where msg_in would give "". */
msg_lang msg_lang_checked(int lang);
/* The language of a code ("ru", any case); -1 when none. */
int msg_lang_of_code(const char *code);
/* The plural form of n in lang: 0 one, 1 few, 2 many (Russian: 1, 21 one; 2-4, 22 few; 5-20,
 * 25, 0 many; English and Spanish: 1 one, else many; French: 0 and 1 one, else many). */
int msg_plural_form(msg_lang lang, int n);
/* The word for n of a plural triple whose ONE id is `one` (then FEW, then MANY). */
const char *msg_plural(msg_lang lang, int n, msg_id one);
/* The word lang's players type for the command whose English word is `english` ("join" ->
 * "играть", "moves" -> "coups"); `english` itself when it is none of them. */
const char *msg_command(msg_lang lang, const char *english);
/* A card as text in lang: rank as card.h counts (0 for a 2 ... 12 for an ace), suit 0-3
 * (spade, club, diamond, heart): "10♠", or the language's letters without Unicode: "Дч". */
char *msg_card(msg_lang lang, int rank, int suit, bool unicode, char *buf, size_t cap);
/* A text's part in braces is for readers shown suit symbols only: "a suit s c d h{ or ♠ ♣ ♦ ♥}".
 * A legacy irc.encoding has no symbols, and their stand-ins, Russian letters, would repeat the
 * letters beside them ("п т б ч или п т б ч") or put Cyrillic in a French line: there it is left
 * out. The text of id in lang as its reader gets it: where the server's lines carry suit symbols
 * (symbols_shown), with those parts (their braces dropped); else without them, and each other
 * symbol as the language's letter ("joue 7♥" reads "joue 7co"). The text itself when that changes
 * nothing, else written into buf (cap bytes; the text's length is enough: no letter is longer
 * than a symbol). */
const char *msg_in_suits(msg_lang lang, msg_id id, bool symbols_shown, char *buf, size_t cap);
/* A rank alone as text in lang, counted as msg_card counts it: "10", "Д". */
char *msg_rank(msg_lang lang, int rank, char *buf, size_t cap);
/* The types of a message's arguments, in order, one char each: 's' a string (const char *),
 * 'd' an int; "" for none. The same in every language. NULL for an id out of range. */
const char *msg_arg_types(msg_id id);

/* How a message's line ranks in the send queue (the priority column of messages_en.def). */
typedef enum {
    MSG_PRIO_BY_KIND, /* a game line when said (PRIVMSG), a reply when noticed */
    MSG_PRIO_REPLY,   /* a reply however it is sent: an answer to one user */
    MSG_PRIO_STREAM,  /* a spectator's copy of a game's line: after game lines, kept in order */
    MSG_PRIO_GAME,    /* a game line however it is sent: news of a game even as it ends */
} msg_prio;

/* The priority column of id's row; MSG_PRIO_BY_KIND for an id out of range. */
msg_prio msg_priority(msg_id id);

#endif
