/* ctcp: the bot's answers to CTCP requests (VERSION, PING), pure: a request in, a reply out. */
#ifndef DURAK_CTCP_H
#define DURAK_CTCP_H

#include <stdbool.h>
#include <stddef.h>

/* The NOTICE text (with its \001 marks) answering request ("VERSION", "PING 123"); false for a
 * request the bot does not answer (or a PING holding other than printable ASCII). */
bool ctcp_reply(const char *request, const char *version, char *reply, size_t len);

#endif
