/* outq_log.h — the one way an IRC line is written to the log — the secrets in it hidden, cut to a
 * length on a UTF-8 boundary. Pure. */
#ifndef DURAK_OUTQ_LOG_H
#define DURAK_OUTQ_LOG_H

#include <stddef.h>

/* An IRC line as it may be logged, the one way every log of a line is written: secrets become
 * "[hidden]" and the result is cut to at most max bytes (on a UTF-8 boundary). Hidden are the
 * parameters of PASS, AUTHENTICATE, OPER, NICKSERV, NS; the keys of a JOIN ("JOIN #a,#b
 * [hidden]": channel keys); the text of a PRIVMSG/NOTICE/SQUERY after its first word when the
 * target is a service (a nick ending in "Serv", or nick@server) or when that word is IDENTIFY,
 * REGAIN, GHOST, RECOVER, RELEASE, REGISTER, LOGIN or AUTH ("PRIVMSG NickServ :IDENTIFY
 * [hidden]"). Tags (@...) and a prefix (:...) are kept. Writes out (cap >= 1) and returns it. */
const char *outq_log_line(const char *line, size_t max, char *out, size_t cap);

#endif
