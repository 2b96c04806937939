/* config_hint.h — libconfig's own parse errors ("syntax error", "duplicate setting name") say only
 * what is wrong; this adds what to type instead, reading the line of the config they point at. */
#ifndef DURAK_CONFIG_HINT_H
#define DURAK_CONFIG_HINT_H

#include <stddef.h>

/* The advice for libconfig's `error` at `line` of the config's text (len bytes; NULL when the
 * error is in an included file, whose text this does not have), written into hint (cap bytes) as
 * " (...)", or "" when there is none. Returns hint. */
const char *config_hint(const char *error, const char *text, size_t len, int line, char *hint,
                        size_t cap);

#endif
