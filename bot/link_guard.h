/* link_guard.h — the wire guard, pure functions on one line from the server: tags read and
 * stripped, the line cut, parsed, checked against libircclient's crashes and written again. */

/* In full: IRCv3 tags read and stripped, the line cut to 510 bytes at a UTF-8 boundary, parsed,
 * checked against what libircclient 1.9 cannot survive, and written again in one canonical form for
 * it.
 *
 * What libircclient 1.9 does with bad lines (libircclient.c, libirc_process_incoming_data): a
 * command of three digits is a numeric, but "000" gives code 0 and then a NULL command is compared
 * (SEGV); after a numeric or command with nothing behind it, it steps past the end of the string
 * and parses stack garbage; NOTICE reads strlen(params[1]) before counting them (SEGV with fewer
 * than 2); NICK without a prefix passes NULL to strstr (SEGV); a CTCP of a lone \001 underflows
 * its length; "DCC" CTCPs start its DCC code; a line over 1023 bytes fills its buffer for good
 * (deaf); a NUL byte hides the rest of the line. */
#ifndef DURAK_LINK_GUARD_H
#define DURAK_LINK_GUARD_H

#include <stdbool.h>
#include <stddef.h>

enum {
    LINK_LINE_MAX = 510, /* bytes of a line without tags and CR LF (RFC 1459's 512) */
    /* The same for a line converted to UTF-8 from a one-byte encoding, where a Cyrillic letter
     * takes 2 bytes: what libircclient 1.9 survives (1,023 bytes with CR LF, its buffer being
     * 2 * 512) less the account and ':' link_msg_write may add. */
    LINK_CONVERTED_MAX = 940,
    LINK_PARAMS_MAX = 15, /* parameters kept */
    LINK_ACCOUNT_MAX = 64,
    LINK_ISUPPORT_PER_LINE = 8, /* tokens per 005 line written for libircclient (it keeps 10) */
    LINK_OUT_MAX = 2048,        /* room link_msg_write needs at most */
};

/* Why a line was dropped. */
typedef enum {
    LINK_OK = 0,
    LINK_DROP_NUL,         /* a NUL byte */
    LINK_DROP_NO_COMMAND,  /* a prefix or tags and nothing else */
    LINK_DROP_BAD_COMMAND, /* not letters, nor three digits */
    LINK_DROP_NUMERIC_000, /* numeric 000 */
    LINK_DROP_NO_PARAMS,   /* a numeric without parameters */
    LINK_DROP_FEW_PARAMS,  /* NOTICE/PRIVMSG with fewer than 2, NICK/JOIN/KICK/... with too few */
    LINK_DROP_NO_PREFIX,   /* NICK without a prefix */
    LINK_DROP_BAD_PREFIX,  /* control bytes or spaces in the prefix */
    LINK_DROP_CTCP,        /* DCC, or a lone \001 */
    LINK_DROP_BAD_NICK,    /* NICK, or a WHO reply (352, 354), giving a nick with control bytes */
    LINK_DROP_KINDS,
    LINK_EMPTY = -1 /* nothing but spaces: ignored without counting */
} link_verdict;

/* One parsed line; the strings point into the buffer given to link_msg_parse. */
typedef struct {
    const char *prefix; /* without ':'; NULL when none */
    const char *command;
    const char *params[LINK_PARAMS_MAX];
    int nparams;
    char account[LINK_ACCOUNT_MAX]; /* the `account` tag, "" when none */
    bool cut;                       /* it was longer than its limit and was cut */
} link_msg;

/* Parses line (len bytes, without CR LF, may hold NUL) in place into m, cut to LINK_LINE_MAX
 * bytes after its tags; link_msg_parse_cut to max (LINK_CONVERTED_MAX for a converted line). */
link_verdict link_msg_parse(char *line, size_t len, link_msg *m);
link_verdict link_msg_parse_cut(char *line, size_t len, size_t max, link_msg *m);

/* A short name of a drop kind for the log ("numeric 000"). */
const char *link_verdict_name(link_verdict v);

/* Whether m's command is cmd (ASCII case-insensitive). */
bool link_msg_is(const link_msg *m, const char *cmd);

/* Writes m for libircclient, each line ending in CR LF, into out (at least LINK_OUT_MAX bytes):
 * single spaces, the last parameter after ':' when it must be, the account tag after the prefix
 * behind LINK_ACCOUNT_SEP when annotate is set, a 005 split into lines of at most
 * LINK_ISUPPORT_PER_LINE tokens. Returns the bytes written. */
size_t link_msg_write(const link_msg *m, bool annotate, char *out, size_t cap);

/* The length of s[0..len) cut to at most max bytes without splitting a UTF-8 sequence. */
size_t link_utf8_cut(const char *s, size_t len, size_t max);

#endif
