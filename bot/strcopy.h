/* strcopy.h — the one bounded string copy (connection code, tables): src (NULL as "") into
 * dst, cut to cap - 1 bytes and always terminated. */
#ifndef DURAK_STRCOPY_H
#define DURAK_STRCOPY_H

#include <stddef.h>
#include <string.h>

static inline void copy_str(char *dst, size_t cap, const char *src)
{
    size_t n = src ? strlen(src) : 0;
    if (n >= cap)
        n = cap - 1;
    memcpy(dst, src ? src : "", n);
    dst[n] = '\0';
}

#endif
