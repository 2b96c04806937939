/* link_enc.h — the server's character encoding (irc.encoding): lines converted to and from UTF-8
 * (glibc iconv), so that the rest of the bot only ever sees UTF-8. */

/* Lines from the server are converted to UTF-8 and the bot's lines to the server converted from it.
 * Used by the relay only (link_pump.c); pure functions otherwise.
 *
 * "utf-8": nothing is converted. "cp1251", "koi8-r": every line, both ways. "auto:cp1251",
 * "auto:koi8-r" ("auto" is "auto:cp1251"): a line from the server that is valid UTF-8 is taken as
 * it is, any other is converted from the legacy encoding; lines to the server go in the legacy
 * encoding (what clients that autodetect and clients that do not both display), but a private
 * line (PRIVMSG or NOTICE to a nick) to one whose last message with letters outside ASCII came in
 * UTF-8 (link_enc_people): their client writes it, so it reads it.
 * Bytes the legacy encoding does not define become U+FFFD. Characters it cannot write become a
 * stand-in: the suits ♠ ♣ ♦ ♥ (and white ones) the Russian card letters п т б ч, typographic
 * quotes and dashes their ASCII forms, … "...", · ".", № "N", anything else "?". */
#ifndef DURAK_LINK_ENC_H
#define DURAK_LINK_ENC_H

#include <iconv.h>
#include <stdbool.h>
#include <stddef.h>

/* The values of irc.encoding (config.h's CONFIG_ENC_* alike). */
typedef enum {
    LINK_ENC_UTF8,
    LINK_ENC_CP1251,
    LINK_ENC_KOI8R,
    LINK_ENC_AUTO_CP1251,
    LINK_ENC_AUTO_KOI8R,
    LINK_ENC_COUNT
} link_encoding;

enum { LINK_ENC_PEOPLE = 64, LINK_ENC_NICK = 32 };

/* "auto": who last wrote letters outside ASCII in UTF-8 (a miss means the legacy set), under
 * their nick now (NICK follows it). The caller's (conn.c), so a reconnect forgets no one; only
 * link_enc_in and link_enc_out touch it, in the loop's thread. Full, the one heard or written to
 * least recently makes room. Nicks compared in ASCII case. */
typedef struct link_enc_people {
    struct {
        char nick[LINK_ENC_NICK]; /* "": free */
        unsigned long last;       /* clock when last heard or written to */
    } who[LINK_ENC_PEOPLE];
    unsigned long clock; /* counts the lines that touched an entry */
} link_enc_people;

typedef struct {
    link_encoding enc;
    iconv_t in, out;         /* legacy -> UTF-8, UTF-8 -> legacy; (iconv_t)-1 for utf-8 */
    link_enc_people *people; /* "auto": set after link_enc_open; NULL: no one is known */
} link_enc;

/* Opens the converters of enc; false with one line in err if iconv lacks them. */
bool link_enc_open(link_enc *e, link_encoding enc, char *err, size_t errlen);
void link_enc_close(link_enc *e);
/* Does e convert anything (not utf-8)? */
bool link_enc_active(const link_enc *e);
/* The legacy encoding's name as iconv knows it ("CP1251"), or "UTF-8" (the tests' messages). */
const char *link_enc_name(link_encoding enc);

/* One line from the server, without CR LF, into UTF-8 in out (cap > 0 bytes); returns the bytes
 * written. What does not fit is cut at a character boundary. */
size_t link_enc_in(link_enc *e, const char *in, size_t n, char *out, size_t cap);
/* The bot's UTF-8 bytes (whole lines) into the server's encoding in out (cap bytes; n is always
 * enough: no stand-in is longer than what it stands for); returns the bytes written. */
size_t link_enc_out(link_enc *e, const char *in, size_t n, char *out, size_t cap);

#endif
