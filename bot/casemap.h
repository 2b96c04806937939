/* casemap.h — IRC nick and channel comparison per the server's CASEMAPPING, and
 * hostmask matching (nick!user@host with * and ? wildcards) for admins. */
#ifndef DURAK_CASEMAP_H
#define DURAK_CASEMAP_H

#include <stdbool.h>
#include <stddef.h>

typedef enum { CASEMAP_RFC1459, CASEMAP_STRICT_RFC1459, CASEMAP_ASCII } casemap;

/* "rfc1459", "strict-rfc1459", "ascii"; unknown names give rfc1459. */
casemap casemap_from_name(const char *name);
/* Lower-cases `in` per the mapping into out (always NUL-terminated, truncated to cap-1). */
void casemap_fold(casemap m, const char *in, char *out, size_t cap);
/* Does `name` name a channel (#, &, + or !), not a nick? */
bool casemap_is_channel(const char *name);
bool casemap_equal(casemap m, const char *a, const char *b);
/* Does `mask` (wildcards * and ?) match "nick!user@host"? Case-insensitive per m. */
bool casemap_mask_match(casemap m, const char *mask, const char *nick, const char *user,
                        const char *host);
/* Does one of the n masks (a config's table of them, as the admins key) match "nick!user@host"? */
bool casemap_mask_any(casemap m, const char (*masks)[128], int n, const char *nick,
                      const char *user, const char *host);

#endif
