/* secrets.h — where the bot's secrets come from (the config value, a file named by a *_file key, or
 * a systemd credential in $CREDENTIALS_DIRECTORY), and the warning when others can read them. */
#ifndef DURAK_SECRETS_H
#define DURAK_SECRETS_H

#include <stdbool.h>
#include <stddef.h>

#include "config.h"

/* The systemd credential names, as in the unit's LoadCredential=NAME:PATH (or SetCredential=). */
#define SECRETS_CRED_IRC_PASSWORD "irc-password"           /* the server password (PASS) */
#define SECRETS_CRED_NICKSERV_PASSWORD "nickserv-password" /* NickServ IDENTIFY */
#define SECRETS_CRED_SASL_PASSWORD "sasl-password"         /* SASL PLAIN */
#define SECRETS_CRED_TLS_KEY "tls-key" /* the private key of irc.tls_cert (PEM) */

/* Fills irc.password, irc.nickserv_password and irc.sasl_password, and irc.tls_key, from where they are given:
 * 1. the config: the value itself, or the *_file key (the file's first line, its line ending
 *    stripped; config_load refuses both at once);
 * 2. else the systemd credential of that name, if $CREDENTIALS_DIRECTORY holds it; its path then
 *    goes into the *_file key (irc.tls_key for the key), which so always tells where a secret came
 *    from. A credential shadowed by the config is logged as a warning.
 * A secret read from a file must not be empty, longer than 255 bytes, hold control characters or
 * '%' (libircclient uses it as a printf format), and the server password no spaces.
 * Returns true on success; on error returns false, leaves c untouched and writes one line into err:
 * "irc.password_file: cannot read /etc/durakbot/pass: No such file or directory (...)". */
bool secrets_resolve(bot_config *c, char *err, size_t errlen);

/* After secrets_resolve: true, with why in err, when a secret the config needs came from nowhere
 * (SASL PLAIN's password: the bot could never log in). */
bool secrets_missing(const bot_config *c, char *err, size_t errlen);

/* Logs a warning and returns true when config_path holds a secret itself (irc.password,
 * irc.nickserv_password or irc.sasl_password without its *_file key) and is readable by others
 * (mode & 004), or when a file named by one of the *_file keys or irc.tls_key (else
 * irc.tls_cert, if it holds the key) is. Meant after secrets_resolve, which puts the credential
 * tls-key in irc.tls_key. Checks config_path itself, not the files it @includes. */
bool secrets_check_permissions(const char *config_path, const bot_config *c);
/* Whether the PEM file at path holds a private key (irc.tls_cert may hold the key, or not: a
 * certificate whose key is irc.tls_key or the credential tls-key). */
bool secrets_file_has_key(const char *path);

#endif
