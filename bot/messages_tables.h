/* messages_tables.h — the texts of each language but English (messages_en.def has English and the
 * argument types), one file each, indexed by msg_id. Only messages.c and the tests use them. */
#ifndef DURAK_MESSAGES_TABLES_H
#define DURAK_MESSAGES_TABLES_H

#include "messages.h"

extern const char *const msg_russian[MSG_COUNT]; /* messages_ru.c */
extern const char *const msg_french[MSG_COUNT];  /* messages_fr.c */
extern const char *const msg_spanish[MSG_COUNT]; /* messages_es.c */

#endif
