/* messages_tables.h — the texts of each language but English (messages_en.def has English and the
 * argument types), a file each, the web pages' and the parser's errors apart. Only messages.c. */
#ifndef DURAK_MESSAGES_TABLES_H
#define DURAK_MESSAGES_TABLES_H

#include "messages.h"

extern const char *const msg_russian[MSG_COUNT]; /* messages_ru.c */
extern const char *const msg_french[MSG_COUNT];  /* messages_fr.c */
extern const char *const msg_spanish[MSG_COUNT]; /* messages_es.c */
/* The web pages' words (MSG_SITE_*, messages_site.def), each language's in messages_site.c. */
extern const char *const msg_russian_site[MSG_COUNT];
extern const char *const msg_french_site[MSG_COUNT];
extern const char *const msg_spanish_site[MSG_COUNT];
/* The parser's errors (MSG_PARSE_*, messages_parse.def), each language's in messages_parse.c. */
extern const char *const msg_russian_parse[MSG_COUNT];
extern const char *const msg_french_parse[MSG_COUNT];
extern const char *const msg_spanish_parse[MSG_COUNT];

#endif
