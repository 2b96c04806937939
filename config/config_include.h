/* config_include.h — the @include directives of a config file, checked before libconfig reads it:
 * libconfig 1.5 ends the process on an included directory, so no such file may reach it. */
#ifndef DURAK_CONFIG_INCLUDE_H
#define DURAK_CONFIG_INCLUDE_H

#include <stdbool.h>
#include <stddef.h>

#define CONFIG_INCLUDE_DEPTH 10      /* libconfig's own limit */
#define CONFIG_INCLUDE_MAX (1 << 20) /* bytes of one included file */

/* Checks every `@include "NAME"` of text (the file `file`, len bytes), and of the files it
 * includes, as libconfig will open them (incdir/NAME): each must be a regular file the bot can
 * read. false with "FILE:LINE: @include: what is wrong (what to do)" in err otherwise. */
bool config_include_check(const char *file, const char *text, size_t len, const char *incdir,
                          char *err, size_t errlen);

#endif
