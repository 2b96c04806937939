/* messages.c — the columns of messages_en.def's rows (English texts, argument types, priorities)
 * as arrays by id, and the text of an id in each language. Add a message as a row there. */
#include "messages.h"
#include "messages_tables.h"

#include <stddef.h>

/* The columns of messages_en.def's rows, each an array indexed by id. */
static const char *const msg_english[MSG_COUNT] = {
#define MSG(id, types, prio, text) [id] = text,
#include "messages_en.def"
#undef MSG
};

static const char *const msg_types[MSG_COUNT] = {
#define MSG(id, types, prio, text) [id] = types,
#include "messages_en.def"
#undef MSG
};

static const msg_prio msg_prios[MSG_COUNT] = {
#define MSG(id, types, prio, text) [id] = MSG_PRIO_##prio,
#include "messages_en.def"
#undef MSG
};

/* Three tables per language, the game's lines, the web pages' words and the parser's errors
 * (English has all in one); together they have every id (tests/unit/test_messages.c checks). */
static const char *const *const msg_tables[MSG_LANG_COUNT][3] = {
    [MSG_LANG_EN] = { msg_english, msg_english, msg_english },
    [MSG_LANG_RU] = { msg_russian, msg_russian_site, msg_russian_parse },
    [MSG_LANG_FR] = { msg_french, msg_french_site, msg_french_parse },
    [MSG_LANG_ES] = { msg_spanish, msg_spanish_site, msg_spanish_parse },
};

const char *msg_text_in(msg_lang lang, msg_id id)
{
    if ((unsigned)lang >= MSG_LANG_COUNT || (unsigned)id >= MSG_COUNT)
        return NULL;
    const char *text = NULL;
    for (int k = 0; k < 3 && !text; k++)
        text = msg_tables[lang][k][id];
    return text;
}

const char *msg_in(msg_lang lang, msg_id id)
{
    const char *text = msg_text_in(lang, id);
    return text ? text : "";
}

const char *msg_text(msg_id id) { return msg_in(MSG_LANG_EN, id); }

const char *msg_arg_types(msg_id id) { return (unsigned)id < MSG_COUNT ? msg_types[id] : NULL; }

msg_prio msg_priority(msg_id id)
{
    return (unsigned)id < MSG_COUNT ? msg_prios[id] : MSG_PRIO_BY_KIND;
}
