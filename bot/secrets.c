/* secrets.c — where the bot's secrets come from (the config value, a file named by a *_file key, or
 * a systemd credential in $CREDENTIALS_DIRECTORY), and the warning when others can read them. */
#define _POSIX_C_SOURCE 200809L
#include "secrets.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "log.h"

/* A password and the key of the file that may hold it. */
struct secrets_password {
    const char *key;      /* "irc.password" */
    const char *file_key; /* "irc.password_file" */
    const char *cred;     /* the systemd credential's name */
    size_t value_off, value_size, file_off, file_size;
    bool one_word; /* no spaces: sent as one word */
};

#define SECRETS_FIELD(member) offsetof(bot_config, member), sizeof(((bot_config *)0)->member)

static const struct secrets_password secrets_passwords[] = {
    { "irc.password", "irc.password_file", SECRETS_CRED_IRC_PASSWORD, SECRETS_FIELD(irc.password),
      SECRETS_FIELD(irc.password_file), true },
    { "irc.nickserv_password", "irc.nickserv_password_file", SECRETS_CRED_NICKSERV_PASSWORD,
      SECRETS_FIELD(irc.nickserv_password), SECRETS_FIELD(irc.nickserv_password_file), false },
    { "irc.sasl_password", "irc.sasl_password_file", SECRETS_CRED_SASL_PASSWORD,
      SECRETS_FIELD(irc.sasl_password), SECRETS_FIELD(irc.sasl_password_file), false },
};

#undef SECRETS_FIELD

#define SECRETS_NPASSWORDS (sizeof secrets_passwords / sizeof secrets_passwords[0])

/* Where one secret is read from, for the error messages. */
struct secrets_source {
    const char *label; /* "irc.password_file" or "systemd credential irc-password" */
    const char *path;
    const char *fix; /* what to do when the file cannot be read */
};

static void secrets_wipe(char *p, size_t n)
{
    volatile char *v = p;
    while (n--)
        *v++ = '\0';
}

static bool secrets_has_ctl(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
            return true;
    return false;
}

/* Why line (len bytes, its line ending stripped) cannot be the password, or NULL if it can. */
static const char *secrets_line_problem(const char *line, size_t len, size_t size, bool one_word)
{
    if (len == 0)
        return "is empty (write the password on its first line)";
    if (len >= size)
        return "has a first line longer than 255 bytes (the password may have at most 255)";
    if (secrets_has_ctl(line, len))
        return "has control characters in its first line (remove tabs and other control bytes)";
    if (memchr(line, '%', len))
        return "holds a password with '%' (libircclient uses it as a printf format: change the "
               "password)";
    if (one_word && memchr(line, ' ', len))
        return "holds a password with spaces (the server password is sent as one word)";
    return NULL;
}

/* Reads the first line of src->path into out (size bytes), without its "\n" or "\r\n". */
static bool secrets_read_line(const struct secrets_source *src, char *out, size_t size,
                              bool one_word, char *err, size_t errlen)
{
    char buf[512]; /* more than any password: a longer first line is refused */
    errno = 0;
    FILE *f = fopen(src->path, "r");
    size_t n = f ? fread(buf, 1, sizeof buf, f) : 0;
    int saved = !f || ferror(f) ? (errno ? errno : EIO) : 0;
    if (f)
        fclose(f);
    if (saved) {
        snprintf(err, errlen, "%s: cannot read %s: %s (%s)", src->label, src->path, strerror(saved),
                 src->fix);
        return false;
    }
    const char *nl = memchr(buf, '\n', n);
    size_t len = nl ? (size_t)(nl - buf) : n;
    if (len > 0 && buf[len - 1] == '\r')
        len--;
    const char *problem = secrets_line_problem(buf, len, size, one_word);
    if (problem)
        snprintf(err, errlen, "%s: %s %s", src->label, src->path, problem);
    else
        memcpy(out, buf, len), out[len] = '\0';
    secrets_wipe(buf, sizeof buf);
    return problem == NULL;
}

enum secrets_cred { CRED_NONE, CRED_FOUND, CRED_ERROR };

/* The path of credential name in $CREDENTIALS_DIRECTORY into path (len bytes), if it is there. */
static enum secrets_cred secrets_credential(const char *name, char *path, size_t len, char *err,
                                            size_t errlen)
{
    const char *dir = getenv("CREDENTIALS_DIRECTORY");
    struct stat st;
    if (!dir || !dir[0])
        return CRED_NONE;
    int n = snprintf(path, len, "%s/%s", dir, name);
    if (n < 0 || (size_t)n >= len) {
        snprintf(err, errlen,
                 "systemd credential %s: the path %s/%s is longer than %zu bytes (shorten "
                 "$CREDENTIALS_DIRECTORY)",
                 name, dir, name, len - 1);
        return CRED_ERROR;
    }
    if (stat(path, &st) != 0 && (errno == ENOENT || errno == ENOTDIR))
        return CRED_NONE;
    return CRED_FOUND;
}

static void secrets_warn_shadowed(const char *cred, const char *key)
{
    log_msg(LOG_WARNING,
            "secrets: the systemd credential %s is not used because the config sets %s "
            "(remove one of them)",
            cred, key);
}

static bool secrets_resolve_password(bot_config *c, const struct secrets_password *p, char *err,
                                     size_t errlen)
{
    char *value = (char *)c + p->value_off, *file = (char *)c + p->file_off;
    char cred[CONFIG_PATH_MAX];
    enum secrets_cred found = secrets_credential(p->cred, cred, sizeof cred, err, errlen);
    if (found == CRED_ERROR)
        return false;
    if (file[0] || value[0]) {
        if (found == CRED_FOUND)
            secrets_warn_shadowed(p->cred, file[0] ? p->file_key : p->key);
        if (!file[0])
            return true;
        char fix[128];
        snprintf(fix, sizeof fix, "write the password on the first line of that file, or remove %s",
                 p->file_key);
        struct secrets_source src = { p->file_key, file, fix };
        return secrets_read_line(&src, value, p->value_size, p->one_word, err, errlen);
    }
    if (found == CRED_NONE)
        return true;
    char label[64];
    snprintf(label, sizeof label, "systemd credential %s", p->cred);
    struct secrets_source src = { label, cred, "check LoadCredential= in the service's unit" };
    if (!secrets_read_line(&src, value, p->value_size, p->one_word, err, errlen))
        return false;
    snprintf(file, p->file_size, "%s", cred); /* both are CONFIG_PATH_MAX: never cut */
    return true;
}

static bool secrets_resolve_key(bot_config *c, char *err, size_t errlen)
{
    char cred[CONFIG_PATH_MAX];
    enum secrets_cred found =
        secrets_credential(SECRETS_CRED_TLS_KEY, cred, sizeof cred, err, errlen);
    if (found == CRED_ERROR)
        return false;
    if (found == CRED_NONE)
        return true;
    if (c->irc.tls_key[0]) {
        secrets_warn_shadowed(SECRETS_CRED_TLS_KEY, "irc.tls_key");
        return true;
    }
    if (!c->irc.tls_cert[0]) {
        snprintf(err, errlen,
                 "systemd credential %s: given, but irc.tls_cert is not set (set it to the client "
                 "certificate that goes with the key, or drop the credential)",
                 SECRETS_CRED_TLS_KEY);
        return false;
    }
    memcpy(c->irc.tls_key, cred, strlen(cred) + 1);
    return true;
}

bool secrets_resolve(bot_config *c, char *err, size_t errlen)
{
    bot_config *tmp = malloc(sizeof *tmp);
    char dummy[1];
    if (!err || errlen == 0)
        err = dummy, errlen = sizeof dummy;
    if (!tmp) {
        snprintf(err, errlen, "secrets: out of memory (free some memory and start again)");
        return false;
    }
    memcpy(tmp, c, sizeof *tmp);
    bool ok = secrets_resolve_key(tmp, err, errlen);
    for (size_t i = 0; ok && i < SECRETS_NPASSWORDS; i++)
        ok = secrets_resolve_password(tmp, &secrets_passwords[i], err, errlen);
    if (ok)
        memcpy(c, tmp, sizeof *c);
    secrets_wipe((char *)tmp, sizeof *tmp);
    free(tmp);
    return ok;
}

bool secrets_missing(const bot_config *c, char *err, size_t errlen)
{
    if (c->irc.sasl_mechanism != CONFIG_SASL_PLAIN || c->irc.sasl_password[0])
        return false;
    snprintf(err, errlen,
             "irc.sasl_mechanism \"plain\" has no password: set irc.sasl_password_file (or "
             "irc.sasl_password), or give the service the systemd credential %s "
             "(LoadCredential=)",
             SECRETS_CRED_SASL_PASSWORD);
    return true;
}

/* ---- permissions ---- */

/* Warns if path (named by key) is readable by others. */
static bool secrets_check_file(const char *key, const char *path)
{
    struct stat st;
    if (!path[0] || stat(path, &st) != 0 || !(st.st_mode & S_IROTH))
        return false;
    log_msg(LOG_WARNING, "secrets: %s %s is readable by others (mode %04o): chmod o-r %s", key,
            path, (unsigned)(st.st_mode & 07777), path);
    return true;
}

/* The inline secrets of c, as "irc.password and irc.nickserv_password", into buf; false if none. */
static bool secrets_inline(const bot_config *c, char *buf, size_t len)
{
    buf[0] = '\0';
    for (size_t i = 0; i < SECRETS_NPASSWORDS; i++) {
        const struct secrets_password *p = &secrets_passwords[i];
        const char *value = (const char *)c + p->value_off, *file = (const char *)c + p->file_off;
        if (value[0] && !file[0]) {
            size_t used = strlen(buf);
            snprintf(buf + used, len - used, "%s%s", used ? " and " : "", p->key);
        }
    }
    return buf[0] != '\0';
}

bool secrets_check_permissions(const char *config_path, const bot_config *c)
{
    char keys[128];
    struct stat st;
    bool warned = false;
    if (secrets_inline(c, keys, sizeof keys) && stat(config_path, &st) == 0
        && (st.st_mode & S_IROTH)) {
        log_msg(LOG_WARNING,
                "secrets: %s holds %s and is readable by others (mode %04o): chmod o-r %s, or "
                "move the secret to a *_file key or a systemd credential (see durakbot.conf)",
                config_path, keys, (unsigned)(st.st_mode & 07777), config_path);
        warned = true;
    }
    for (size_t i = 0; i < SECRETS_NPASSWORDS; i++)
        warned |= secrets_check_file(secrets_passwords[i].file_key,
                                     (const char *)c + secrets_passwords[i].file_off);
    if (c->irc.tls_key[0])
        warned |= secrets_check_file("irc.tls_key", c->irc.tls_key);
    else if (secrets_file_has_key(c->irc.tls_cert)) /* a certificate alone is public */
        warned |= secrets_check_file("irc.tls_cert (holding the key)", c->irc.tls_cert);
    return warned;
}

bool secrets_file_has_key(const char *path)
{
    char line[256];
    bool key = false;
    FILE *f = path[0] ? fopen(path, "r") : NULL;
    while (f && !key && fgets(line, sizeof line, f))
        key = strstr(line, "PRIVATE KEY-----") != NULL; /* "-----BEGIN [EC |RSA ]PRIVATE KEY" */
    if (f)
        fclose(f);
    return key;
}
