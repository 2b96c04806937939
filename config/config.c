/* config.c — loads and validates durakbot.conf (libconfig) into a bot_config.
 * Owns the defaults (equal to config/durakbot.conf) and every key's type, range and error text. */
#define _XOPEN_SOURCE 700 /* POSIX 2008, and realpath */
#include "config.h"
#include "config_hint.h"
#include "config_include.h"

#include <ctype.h>
#include <errno.h>
#include <libconfig.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

/* ---- the schema: one row per key ---- */

enum config_kind {
    KIND_INT,
    KIND_FLOAT,
    KIND_BOOL,
    KIND_STRING,
    KIND_ENUM,
    KIND_LIST,
    KIND_CHANNELS
};

enum { STR_NON_EMPTY = 1, STR_NO_PERCENT = 2 };

/* Returns true if s is acceptable; otherwise writes "what is wrong (what is expected)" into why. */
typedef bool (*config_check_fn)(const char *s, char *why, size_t whylen);

struct config_enum {
    const char *name;
    int value;
};

struct config_key {
    const char *path; /* "irc.port": the group, a dot, the name; or a top-level name */
    enum config_kind kind;
    size_t offset;       /* of the field in bot_config */
    size_t size;         /* a string's buffer, or one list element's */
    size_t count_offset; /* lists: the int that holds the number of entries */
    double min, max;     /* numbers: the range; lists: the number of entries */
    const char *unit;    /* after a range: " seconds" */
    unsigned flags;      /* strings and list entries: STR_* */
    config_check_fn check;
    const struct config_enum *enums; /* KIND_ENUM: the names, then {NULL, 0} */
    const char *expect;              /* KIND_ENUM: what the error says is expected */
};

static bool config_check_host(const char *s, char *why, size_t whylen);
static bool config_check_nick(const char *s, char *why, size_t whylen);
static bool config_check_user(const char *s, char *why, size_t whylen);
static bool config_check_text(const char *s, char *why, size_t whylen);
static bool config_check_password(const char *s, char *why, size_t whylen);
static bool config_check_channel(const char *s, char *why, size_t whylen);
static bool config_check_prefix(const char *s, char *why, size_t whylen);
static bool config_check_hostmask(const char *s, char *why, size_t whylen);
static bool config_check_path(const char *s, char *why, size_t whylen);
static bool config_check_url(const char *s, char *why, size_t whylen);
static bool config_check_service(const char *s, char *why, size_t whylen);
static bool config_check_service_host(const char *s, char *why, size_t whylen);

static const struct config_enum config_variants[] = { { "classic", CONFIG_VARIANT_CLASSIC },
                                                      { "transfer", CONFIG_VARIANT_TRANSFER },
                                                      { NULL, 0 } };
static const struct config_enum config_throwins[] = { { "all", CONFIG_THROWIN_ALL },
                                                      { "neighbours", CONFIG_THROWIN_NEIGHBOURS },
                                                      { "neighbors", CONFIG_THROWIN_NEIGHBOURS },
                                                      { NULL, 0 } };
static const struct config_enum config_hints[] = { { "off", CONFIG_HINTS_OFF },
                                                   { "private", CONFIG_HINTS_PRIVATE },
                                                   { "always", CONFIG_HINTS_ALWAYS },
                                                   { NULL, 0 } };
static const struct config_enum config_lines[] = { { "notice", CONFIG_LINES_NOTICE },
                                                   { "privmsg", CONFIG_LINES_PRIVMSG },
                                                   { NULL, 0 } };
static const struct config_enum config_syncs[] = { { "normal", CONFIG_SYNC_NORMAL },
                                                   { "full", CONFIG_SYNC_FULL },
                                                   { NULL, 0 } };

static const struct config_enum config_languages[] = { { "en", CONFIG_LANG_EN },
                                                       { "ru", CONFIG_LANG_RU },
                                                       { "fr", CONFIG_LANG_FR },
                                                       { "es", CONFIG_LANG_ES },
                                                       { NULL, 0 } };
#define CONFIG_LANGUAGES_EXPECTED "\"en\", \"ru\", \"fr\" or \"es\""

static const struct config_enum config_sasl[] = { { "none", CONFIG_SASL_NONE },
                                                  { "plain", CONFIG_SASL_PLAIN },
                                                  { "external", CONFIG_SASL_EXTERNAL },
                                                  { NULL, 0 } };

static const struct config_enum config_encodings[] = { { "utf-8", CONFIG_ENC_UTF8 },
                                                       { "cp1251", CONFIG_ENC_CP1251 },
                                                       { "koi8-r", CONFIG_ENC_KOI8R },
                                                       { "auto", CONFIG_ENC_AUTO_CP1251 },
                                                       { "auto:cp1251", CONFIG_ENC_AUTO_CP1251 },
                                                       { "auto:koi8-r", CONFIG_ENC_AUTO_KOI8R },
                                                       { NULL, 0 } };

#define KEY_FIELD(member) offsetof(bot_config, member), sizeof(((bot_config *)0)->member)
#define KEY_STR(path, member, flags, check)                                                        \
    {                                                                                              \
        path, KIND_STRING, KEY_FIELD(member), 0, 0, 0, "", flags, check, NULL, NULL                \
    }
#define KEY_INT(path, member, min, max, unit)                                                      \
    {                                                                                              \
        path, KIND_INT, KEY_FIELD(member), 0, min, max, unit, 0, NULL, NULL, NULL                  \
    }
#define KEY_FLOAT(path, member, min, max, unit)                                                    \
    {                                                                                              \
        path, KIND_FLOAT, KEY_FIELD(member), 0, min, max, unit, 0, NULL, NULL, NULL                \
    }
#define KEY_BOOL(path, member)                                                                     \
    {                                                                                              \
        path, KIND_BOOL, KEY_FIELD(member), 0, 0, 0, "", 0, NULL, NULL, NULL                       \
    }
#define KEY_PATH(path, member, flags) KEY_STR(path, member, flags, config_check_path)
#define KEY_ENUM(path, member, enums, expect)                                                      \
    {                                                                                              \
        path, KIND_ENUM, KEY_FIELD(member), 0, 0, 0, "", 0, NULL, enums, expect                    \
    }

/* Grouped by their first component, in the order of config/durakbot.conf. */
static const struct config_key config_keys[] = {
    KEY_STR("irc.server", irc.server, STR_NON_EMPTY, config_check_host),
    KEY_INT("irc.port", irc.port, 1, 65535, ""),
    KEY_BOOL("irc.tls", irc.tls),
    KEY_BOOL("irc.tls_verify", irc.tls_verify),
    KEY_PATH("irc.tls_ca_file", irc.tls_ca_file, 0),
    KEY_PATH("irc.tls_cert", irc.tls_cert, 0),
    KEY_PATH("irc.tls_key", irc.tls_key, 0),
    KEY_STR("irc.password", irc.password, STR_NO_PERCENT, config_check_password),
    KEY_PATH("irc.password_file", irc.password_file, 0),
    KEY_STR("irc.nick", irc.nick, STR_NON_EMPTY | STR_NO_PERCENT, config_check_nick),
    { "irc.alt_nicks", KIND_LIST, offsetof(bot_config, irc.alt_nicks),
      sizeof(((bot_config *)0)->irc.alt_nicks[0]), offsetof(bot_config, irc.nalt_nicks), 0,
      CONFIG_MAX_ALT_NICKS, "", STR_NON_EMPTY | STR_NO_PERCENT, config_check_nick, NULL, NULL },
    KEY_STR("irc.username", irc.username, STR_NON_EMPTY | STR_NO_PERCENT, config_check_user),
    KEY_STR("irc.realname", irc.realname, STR_NON_EMPTY | STR_NO_PERCENT, config_check_text),
    { "irc.channels", KIND_LIST, offsetof(bot_config, irc.channels),
      sizeof(((bot_config *)0)->irc.channels[0]), offsetof(bot_config, irc.nchannels), 1,
      CONFIG_MAX_CHANNELS, "", STR_NON_EMPTY, config_check_channel, NULL, NULL },
    KEY_STR("irc.nickserv_password", irc.nickserv_password, STR_NO_PERCENT, NULL),
    KEY_PATH("irc.nickserv_password_file", irc.nickserv_password_file, 0),
    KEY_INT("irc.nickserv_wait", irc.nickserv_wait, 0, 120, " seconds"),
    KEY_STR("irc.nickserv_target", irc.nickserv_target, STR_NON_EMPTY, config_check_service),
    KEY_STR("irc.nickserv_host", irc.nickserv_host, 0, config_check_service_host),
    KEY_ENUM("irc.sasl_mechanism", irc.sasl_mechanism, config_sasl,
             "\"none\", \"plain\" or \"external\""),
    KEY_STR("irc.sasl_username", irc.sasl_username, 0, config_check_user),
    KEY_STR("irc.sasl_password", irc.sasl_password, 0, NULL),
    KEY_PATH("irc.sasl_password_file", irc.sasl_password_file, 0),
    KEY_BOOL("irc.sasl_required", irc.sasl_required),
    KEY_INT("irc.ping_interval", irc.ping_interval, 10, 3600, " seconds"),
    KEY_ENUM("irc.encoding", irc.encoding, config_encodings,
             "\"utf-8\", \"cp1251\", \"koi8-r\", \"auto\" (= \"auto:cp1251\") or \"auto:koi8-r\""),
    KEY_INT("flood.burst", flood.burst, 1, 50, " lines"),
    KEY_FLOAT("flood.rate", flood.rate, 0.1, 50, " lines per second"),
    KEY_STR("game.prefix", game.prefix, 0, config_check_prefix),
    KEY_INT("game.turn_timeout", game.turn_timeout, 10, 3600, " seconds"),
    KEY_INT("game.throwin_timeout", game.throwin_timeout, 5, 3600, " seconds"),
    KEY_INT("game.lobby_timeout", game.lobby_timeout, 30, 86400, " seconds"),
    KEY_INT("game.rejoin_grace", game.rejoin_grace, 0, 3600, " seconds"),
    KEY_INT("game.max_timeouts", game.max_timeouts, 1, 10, ""),
    KEY_ENUM("game.variant", game.variant, config_variants, "\"classic\" or \"transfer\""),
    KEY_ENUM("game.throwin", game.throwin, config_throwins, "\"all\" or \"neighbours\""),
    KEY_BOOL("game.first5", game.first5),
    KEY_FLOAT("game.bot_delay", game.bot_delay, 0, 30, " seconds"),
    KEY_FLOAT("game.expert_budget", game.expert_budget, 0.2, 10, " seconds"),
    KEY_ENUM("game.hints", game.hints, config_hints, "\"off\", \"private\" or \"always\""),
    KEY_BOOL("game.replace_leavers", game.replace_leavers),
    KEY_INT("game.private_per_hour", game.private_per_hour, 0, CONFIG_PRIVATE_PER_HOUR_MAX,
            " games an hour"),
    KEY_ENUM("game.language", game.language, config_languages, CONFIG_LANGUAGES_EXPECTED),
    KEY_BOOL("ui.colors", ui.colors),
    KEY_BOOL("ui.unicode_suits", ui.unicode_suits),
    KEY_ENUM("ui.private_lines", ui.private_lines, config_lines, "\"notice\" or \"privmsg\""),
    KEY_PATH("state.database", state.database, STR_NON_EMPTY),
    KEY_ENUM("state.synchronous", state.synchronous, config_syncs, "\"normal\" or \"full\""),
    KEY_PATH("site.dir", site.dir, 0),
    KEY_STR("site.url", site.url, 0, config_check_url),
    { "admins", KIND_LIST, offsetof(bot_config, admins), sizeof(((bot_config *)0)->admins[0]),
      offsetof(bot_config, nadmins), 0, CONFIG_MAX_ADMINS, "", STR_NON_EMPTY, config_check_hostmask,
      NULL, NULL },
    { "channel_settings", KIND_CHANNELS, offsetof(bot_config, channel_settings),
      sizeof(((bot_config *)0)->channel_settings[0]), offsetof(bot_config, nchannel_settings), 0,
      CONFIG_MAX_CHANNELS, "", STR_NON_EMPTY, config_check_channel, config_languages,
      CONFIG_LANGUAGES_EXPECTED },
};

#undef KEY_FIELD
#undef KEY_STR
#undef KEY_INT
#undef KEY_FLOAT
#undef KEY_BOOL
#undef KEY_PATH
#undef KEY_ENUM

#define CONFIG_NKEYS (sizeof config_keys / sizeof config_keys[0])

void config_defaults(bot_config *c)
{
    memset(c, 0, sizeof *c);
    strcpy(c->irc.server, "127.0.0.1");
    c->irc.port = 6667;
    c->irc.tls_verify = true;
    strcpy(c->irc.nick, "durakbot");
    strcpy(c->irc.username, "durak");
    strcpy(c->irc.realname, "Durak card game");
    strcpy(c->irc.channels[0], "#durak");
    c->irc.nchannels = 1;
    c->irc.nickserv_wait = 10;
    strcpy(c->irc.nickserv_target, "NickServ");
    c->irc.ping_interval = 120;
    c->flood.burst = 5;
    c->flood.rate = 1.0;
    strcpy(c->game.prefix, "!");
    c->game.turn_timeout = 60;
    c->game.throwin_timeout = 15;
    c->game.lobby_timeout = 600;
    c->game.rejoin_grace = 90;
    c->game.max_timeouts = 2;
    c->game.variant = CONFIG_VARIANT_CLASSIC;
    c->game.throwin = CONFIG_THROWIN_ALL;
    c->game.first5 = false;
    c->game.bot_delay = 1.5;
    c->game.expert_budget = 1.0;
    c->game.hints = CONFIG_HINTS_PRIVATE;
    c->game.replace_leavers = false;
    c->game.private_per_hour = 20;
    c->game.language = CONFIG_LANG_EN;
    c->ui.colors = true;
    c->ui.unicode_suits = true;
    c->ui.private_lines = CONFIG_LINES_NOTICE;
    strcpy(c->state.database, "/var/lib/durakbot/durakbot.db");
    c->state.synchronous = CONFIG_SYNC_NORMAL;
    strcpy(c->admins[0], "*!*@trusted.host");
    c->nadmins = 1;
}

/* ---- error text ---- */

struct config_ctx {
    const char *path; /* as given to config_load */
    bot_config *c;
    char *err;
    size_t errlen;
};

static void config_vfail(struct config_ctx *x, const char *file, unsigned line, const char *key,
                         const char *fmt, va_list ap)
{
    if (!x->err || x->errlen == 0)
        return;
    int n = snprintf(x->err, x->errlen, "%s:%u: %s: ", file ? file : x->path, line, key);
    if (n >= 0 && (size_t)n < x->errlen)
        vsnprintf(x->err + n, x->errlen - (size_t)n, fmt, ap);
}

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static bool
config_fail(struct config_ctx *x, const config_setting_t *s, const char *key, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    config_vfail(x, config_setting_source_file(s), config_setting_source_line(s), key, fmt, ap);
    va_end(ap);
    return false;
}

static const char *config_type_name(int type)
{
    switch (type) {
    case CONFIG_TYPE_INT:
    case CONFIG_TYPE_INT64: return "an integer";
    case CONFIG_TYPE_FLOAT: return "a number with a decimal point";
    case CONFIG_TYPE_STRING: return "a string";
    case CONFIG_TYPE_BOOL: return "true or false";
    case CONFIG_TYPE_GROUP: return "a group { ... }";
    case CONFIG_TYPE_ARRAY: return "an array [ ... ]";
    case CONFIG_TYPE_LIST: return "a list ( ... )";
    default: return "nothing";
    }
}

static const char *config_kind_name(enum config_kind kind)
{
    switch (kind) {
    case KIND_INT: return "an integer";
    case KIND_FLOAT: return "a number";
    case KIND_BOOL: return "true or false";
    case KIND_STRING:
    case KIND_ENUM: return "a string in double quotes";
    case KIND_LIST: return "an array of strings [ \"...\", ... ]";
    case KIND_CHANNELS:
        return "a list of groups ( { name = \"#channel\"; language = \"ru\"; }, ... )";
    }
    return "?";
}

static bool config_fail_type(struct config_ctx *x, const config_setting_t *s, const char *key,
                             const char *expected)
{
    return config_fail(x, s, key, "must be %s (got %s)", expected,
                       config_type_name(config_setting_type(s)));
}

/* ---- string checks ---- */

static bool config_is_ctl(unsigned char ch) { return ch < 0x20 || ch == 0x7f; }

static bool config_has_ctl(const char *s)
{
    for (; *s; s++)
        if (config_is_ctl((unsigned char)*s))
            return true;
    return false;
}

/* A host name, an IPv4 or an IPv6 address (two colons or more): not "host:port", "[::1]:6697" nor
 * a URL, which would fail only at run time, as a name that does not resolve, again and again. */
static bool config_check_host(const char *s, char *why, size_t whylen)
{
    const char *colon = strchr(s, ':');
    if (strchr(s, '/'))
        snprintf(why, whylen,
                 "must be a host name or address, not an address with a scheme or path: "
                 "irc.server = \"irc.libera.chat\", with irc.port and irc.tls (got \"%s\")",
                 s);
    else if ((colon && !strchr(colon + 1, ':')) || strpbrk(s, "[]"))
        snprintf(why, whylen,
                 "must be a host name or address alone, an IPv6 one without brackets: put the "
                 "port in irc.port (got \"%s\")",
                 s);
    else if (strchr(s, ' ') || config_has_ctl(s))
        snprintf(why, whylen,
                 "must be a host name or address without spaces or control characters (got \"%s\")",
                 s);
    else
        return true;
    return false;
}

static bool config_is_nick_char(char ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9')
           || (ch && strchr("[]\\`_^{|}-", ch));
}

static bool config_check_nick(const char *s, char *why, size_t whylen)
{
    size_t n = strlen(s);
    bool ok = n >= 1 && n <= 30 && !(s[0] >= '0' && s[0] <= '9') && s[0] != '-';
    for (size_t i = 0; ok && i < n; i++)
        ok = config_is_nick_char(s[i]);
    if (!ok)
        snprintf(why, whylen,
                 "must be an IRC nick: 1 to 30 letters, digits or []\\`_^{|}-, not starting with a "
                 "digit "
                 "or '-' (got \"%s\")",
                 s);
    return ok;
}

/* A server name: at most 63 letters, digits, '-', '_' and at least one '.', not first
 * ("services." of old is one). */
static bool config_is_server_name(const char *s)
{
    size_t n = strlen(s);
    bool dot = false;
    if (n < 2 || n > 63 || s[0] == '.')
        return false;
    for (; *s; s++) {
        dot = dot || *s == '.';
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9')
              || strchr(".-_", *s)))
            return false;
    }
    return dot;
}

/* Services' nick, alone or on their server: "NickServ", "NickServ@services.example.net". */
static bool config_check_service(const char *s, char *why, size_t whylen)
{
    const char *at = strchr(s, '@');
    char nick[32];
    size_t n = at ? (size_t)(at - s) : strlen(s);
    bool ok = n < sizeof nick && (!at || config_is_server_name(at + 1));
    if (ok) {
        snprintf(nick, sizeof nick, "%.*s", (int)n, s);
        ok = config_check_nick(nick, why, whylen);
    }
    if (!ok)
        snprintf(
            why, whylen,
            "must be services' nick, like \"NickServ\", or their nick on their server, like "
            "\"NickServ@services.example.net\": a nick of at most 30 bytes, a server name of at "
            "most 63 letters, digits, '-' and '_' with a dot (got \"%s\")",
            s);
    return ok;
}

/* The host services speak from, as the server shows it: any word without '@', '!' or ','. */
static bool config_check_service_host(const char *s, char *why, size_t whylen)
{
    if (!strpbrk(s, " @!,") && !config_has_ctl(s))
        return true;
    snprintf(why, whylen,
             "must be the host services speak from, like \"services.example.net\", without "
             "spaces, '@', '!', ',' or control characters, or \"\" (got \"%s\")",
             s);
    return false;
}

static bool config_check_user(const char *s, char *why, size_t whylen)
{
    if (!strpbrk(s, " @") && !config_has_ctl(s))
        return true;
    snprintf(why, whylen, "must not contain spaces, '@' or control characters (got \"%s\")", s);
    return false;
}

static bool config_check_password(const char *s, char *why, size_t whylen)
{
    if (!strchr(s, ' '))
        return true;
    snprintf(why, whylen, "must not contain spaces (the server password is sent as one word)");
    return false;
}

static bool config_check_channel(const char *s, char *why, size_t whylen)
{
    bool ok =
        (s[0] == '#' || s[0] == '&') && strlen(s) <= 50 && !strpbrk(s, " ,") && !config_has_ctl(s);
    /* libconfig joins strings written side by side: [ "#durak" "#cards" ] is one "#durak#cards".
     * A # past the name's leading ones ("##linux") is taken for that; an & ("#r&d") is not. */
    const char *glued = strchr(s + strspn(s, "#&"), '#');
    if (ok && glued) {
        snprintf(why, whylen,
                 "looks like two channels run together (got \"%s\"): strings written side by "
                 "side are joined into one; put a comma between \"%.*s\" and \"%s\"",
                 s, (int)(glued - s), s, glued);
        return false;
    }
    if (!ok)
        snprintf(why, whylen,
                 "must be a channel name starting with # or &, without spaces, commas or control "
                 "characters, at most 50 bytes (got \"%s\")",
                 s);
    return ok;
}

static bool config_is_punct(char ch)
{
    return (ch >= '!' && ch <= '/') || (ch >= ':' && ch <= '@') || (ch >= '[' && ch <= '`')
           || (ch >= '{' && ch <= '~');
}

static bool config_check_prefix(const char *s, char *why, size_t whylen)
{
    size_t n = strlen(s);
    bool ok = n >= 1 && n <= 3;
    for (size_t i = 0; ok && i < n; i++)
        ok = config_is_punct(s[i]);
    if (!ok)
        snprintf(why, whylen, "must be 1 to 3 ASCII punctuation characters like \"!\" (got \"%s\")",
                 s);
    return ok;
}

static bool config_check_hostmask(const char *s, char *why, size_t whylen)
{
    const char *bang = strchr(s, '!');
    const char *at = strchr(s, '@');
    bool ok = bang && at && bang > s && at > bang + 1 && at[1] && !strchr(bang + 1, '!')
              && !strchr(at + 1, '@') && !strchr(s, ' ') && !config_has_ctl(s);
    if (!ok)
        snprintf(why, whylen,
                 "must be a hostmask nick!user@host with * and ? as wildcards, like "
                 "\"*!*@trusted.host\" "
                 "(got \"%s\")",
                 s);
    return ok;
}

/* File names: absolute, so that they do not depend on the directory the bot starts in; "" for none. */
static bool config_check_path(const char *s, char *why, size_t whylen)
{
    if (!s[0] || (s[0] == '/' && !config_has_ctl(s)))
        return true;
    snprintf(
        why, whylen,
        "must be an absolute file name starting with / without control characters (got \"%s\")", s);
    return false;
}

/* Whether s is UTF-8: what IRC clients show and link (a name in another encoding would not be). */
static bool config_is_utf8(const unsigned char *s)
{
    while (*s) {
        int more = *s < 0x80                           ? 0
                   : (*s & 0xE0) == 0xC0 && *s >= 0xC2 ? 1
                   : (*s & 0xF0) == 0xE0               ? 2
                   : (*s & 0xF8) == 0xF0 && *s <= 0xF4 ? 3
                                                       : -1;
        if (more < 0)
            return false;
        for (s++; more > 0; more--, s++)
            if ((*s & 0xC0) != 0x80)
                return false;
    }
    return true;
}

/* http:// or https:// in any case, then a host: "http:///x" would make links like "http:/g/1". */
static size_t config_url_scheme(const char *s)
{
    size_t n = !strncasecmp(s, "http://", 7) ? 7 : !strncasecmp(s, "https://", 8) ? 8 : 0;
    return n && s[n] && s[n] != '/' ? n : 0;
}

/* Text the bot sends as it is (irc.realname): UTF-8, like every line it writes. */
static bool config_check_text(const char *s, char *why, size_t whylen)
{
    bool ok = config_is_utf8((const unsigned char *)s);
    if (!ok)
        snprintf(why, whylen, "must be UTF-8 text (save the config file as UTF-8)");
    return ok;
}

/* A web address said on IRC after the pages' names: http(s)://, no spaces or controls; "" for none. */
static bool config_check_url(const char *s, char *why, size_t whylen)
{
    bool ok = !s[0]
              || (config_url_scheme(s) && !strpbrk(s, " \"<>") && !config_has_ctl(s)
                  && config_is_utf8((const unsigned char *)s));
    if (!ok)
        snprintf(why, whylen,
                 "must be a web address: http:// or https:// and a host, in UTF-8, without "
                 "spaces, \", < or >, like \"https://example.org/durak\" (got \"%s\")",
                 s);
    return ok;
}

/* The checks every string gets, then the key's own check. */
static bool config_string_ok(struct config_ctx *x, const config_setting_t *s, const char *key,
                             const char *v, const struct config_key *k)
{
    char why[512];
    size_t n = strlen(v);
    if (strpbrk(v, "\r\n"))
        return config_fail(x, s, key, "must not contain CR or LF (remove the line break)");
    if ((k->flags & STR_NON_EMPTY) && n == 0)
        return config_fail(x, s, key, "must not be empty (got \"\")");
    if ((k->flags & STR_NO_PERCENT) && strchr(v, '%'))
        return config_fail(x, s, key,
                           "must not contain '%%' (libircclient uses it as a printf format)");
    if (k->check && !k->check(v, why, sizeof why))
        return config_fail(x, s, key, "%s", why);
    if (n >= k->size)
        return config_fail(x, s, key, "must be at most %zu bytes (got %zu)", k->size - 1, n);
    return true;
}

/* ---- applying one setting to its field ---- */

static bool config_apply_int(struct config_ctx *x, const config_setting_t *s,
                             const struct config_key *k, int *dst)
{
    int type = config_setting_type(s);
    if (type != CONFIG_TYPE_INT && type != CONFIG_TYPE_INT64)
        return config_fail_type(x, s, k->path, config_kind_name(k->kind));
    long long v = config_setting_get_int64(s);
    if (v < k->min || v > k->max)
        return config_fail(x, s, k->path, "must be between %g and %g%s (got %lld)", k->min, k->max,
                           k->unit, v);
    *dst = (int)v;
    return true;
}

static bool config_apply_float(struct config_ctx *x, const config_setting_t *s,
                               const struct config_key *k, double *dst)
{
    int type = config_setting_type(s);
    double v;
    if (type == CONFIG_TYPE_INT || type == CONFIG_TYPE_INT64)
        v = (double)config_setting_get_int64(s);
    else if (type == CONFIG_TYPE_FLOAT)
        v = config_setting_get_float(s);
    else
        return config_fail_type(x, s, k->path, config_kind_name(k->kind));
    if (!(v >= k->min && v <= k->max))
        return config_fail(x, s, k->path, "must be between %g and %g%s (got %g)", k->min, k->max,
                           k->unit, v);
    *dst = v;
    return true;
}

static bool config_apply_bool(struct config_ctx *x, const config_setting_t *s,
                              const struct config_key *k, bool *dst)
{
    if (config_setting_type(s) != CONFIG_TYPE_BOOL)
        return config_fail_type(x, s, k->path, config_kind_name(k->kind));
    *dst = config_setting_get_bool(s) != 0;
    return true;
}

static bool config_apply_string(struct config_ctx *x, const config_setting_t *s, const char *key,
                                const struct config_key *k, char *dst)
{
    if (config_setting_type(s) != CONFIG_TYPE_STRING)
        return config_fail_type(x, s, key, config_kind_name(KIND_STRING));
    const char *v = config_setting_get_string(s);
    if (!config_string_ok(x, s, key, v, k))
        return false;
    memcpy(dst, v, strlen(v) + 1);
    return true;
}

static bool config_apply_enum(struct config_ctx *x, const config_setting_t *s,
                              const struct config_key *k, int *dst)
{
    if (config_setting_type(s) != CONFIG_TYPE_STRING)
        return config_fail_type(x, s, k->path, config_kind_name(k->kind));
    const char *v = config_setting_get_string(s);
    for (const struct config_enum *e = k->enums; e->name; e++) {
        if (strcasecmp(v, e->name) == 0) { /* "PLAIN", "UTF-8": as they are usually written */
            *dst = e->value;
            return true;
        }
    }
    return config_fail(x, s, k->path, "must be %s (got \"%s\")", k->expect, v);
}

/* Nicks and channels the same under IRC's usual casemapping (rfc1459: [\]^ are the capitals of
 * {|}~), as the bot compares its channel_settings: "#a[x]" and "#A{x}" are one channel. */
static bool config_same_name(const char *a, const char *b)
{
    static const char upper[] = "[\\]^", lower[] = "{|}~";
    for (;; a++, b++) {
        char ca = *a, cb = *b;
        const char *pa = ca ? strchr(upper, ca) : NULL, *pb = cb ? strchr(upper, cb) : NULL;
        ca = pa ? lower[pa - upper] : (char)tolower((unsigned char)ca);
        cb = pb ? lower[pb - upper] : (char)tolower((unsigned char)cb);
        if (ca != cb)
            return false;
        if (!ca)
            return true;
    }
}

static bool config_apply_list(struct config_ctx *x, const config_setting_t *s,
                              const struct config_key *k, char *dst)
{
    if (!config_setting_is_array(s) && !config_setting_is_list(s))
        return config_fail_type(x, s, k->path, config_kind_name(k->kind));
    int n = config_setting_length(s);
    if (n < k->min || n > k->max)
        return config_fail(x, s, k->path, "must have between %g and %g entries (got %d)", k->min,
                           k->max, n);
    for (int i = 0; i < n; i++) {
        char key[128];
        snprintf(key, sizeof key, "%s[%d]", k->path, i);
        const config_setting_t *e = config_setting_get_elem(s, (unsigned)i);
        char *item = dst + (size_t)i * k->size;
        if (!config_apply_string(x, e, key, k, item))
            return false;
        for (int j = 0; j < i; j++) /* a channel given twice would be joined once, told twice */
            if (config_same_name(dst + (size_t)j * k->size, item))
                return config_fail(x, e, key, "\"%s\" is already %s[%d] (give each once)", item,
                                   k->path, j);
    }
    *(int *)((char *)x->c + k->count_offset) = n;
    return true;
}

const config_channel *config_channel_of(const config_channel *v, int n, const char *channel)
{
    for (int i = 0; i < n; i++)
        if (config_same_name(v[i].name, channel))
            return &v[i];
    return NULL;
}

/* A channel key as a JOIN line carries it: one word, no ',' (JOIN's list separator) or ':' (a
 * server strips it, or takes the rest for the key), printable ASCII (servers that keep 7 bits of
 * each byte, and irc.encoding, would change the rest). The key is not repeated: it is a secret. */
static bool config_check_channel_key(const char *s, char *why, size_t whylen)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        const char *what = *p == ' '                ? "a space"
                           : *p == ','              ? "','"
                           : *p == ':'              ? "':'"
                           : *p < ' ' || *p == 0x7f ? "a control character"
                           : *p > 0x7f              ? "a byte that is not ASCII"
                                                    : NULL;
        if (what) {
            snprintf(why, whylen,
                     "must be the channel's key (+k): printable ASCII without spaces, ',' or ':' "
                     "(it holds %s)",
                     what);
            return false;
        }
    }
    return true;
}

/* One group of channel_settings: name (a channel, required), language and key (optional). */
static bool config_apply_channel(struct config_ctx *x, const config_setting_t *g, int i,
                                 const struct config_key *k, config_channel *dst)
{
    char key[160];
    snprintf(key, sizeof key, "%s[%d]", k->path, i);
    if (!config_setting_is_group(g))
        return config_fail_type(x, g, key, "a group { name = \"#channel\"; language = \"ru\"; }");
    dst->language = -1;
    for (int j = 0; j < config_setting_length(g); j++) {
        const config_setting_t *m = config_setting_get_elem(g, (unsigned)j);
        const char *name = config_setting_name(m);
        snprintf(key, sizeof key, "%s[%d].%s", k->path, i, name);
        if (!strcmp(name, "name")) {
            struct config_key nk = *k;
            nk.size = sizeof dst->name;
            if (!config_apply_string(x, m, key, &nk, dst->name))
                return false;
        } else if (!strcmp(name, "language")) {
            struct config_key lk = *k;
            lk.path = key;
            if (!config_apply_enum(x, m, &lk, &dst->language))
                return false;
        } else if (!strcmp(name, "key")) {
            struct config_key kk = *k;
            kk.size = sizeof dst->key;
            kk.flags = 0; /* "": none */
            kk.check = config_check_channel_key;
            if (!config_apply_string(x, m, key, &kk, dst->key))
                return false;
        } else {
            return config_fail(x, m, key, "unknown key (expected one of: name, language, key)");
        }
    }
    if (!dst->name[0]) {
        snprintf(key, sizeof key, "%s[%d]", k->path, i);
        return config_fail(x, g, key, "needs name = \"#channel\" (the channel it is for)");
    }
    return true;
}

/* channel_settings = ( { name = "#durak.ru"; language = "ru"; }, ... ): each channel once. */
static bool config_apply_channels(struct config_ctx *x, const config_setting_t *s,
                                  const struct config_key *k, config_channel *dst)
{
    if (!config_setting_is_list(s) && !config_setting_is_array(s))
        return config_fail_type(x, s, k->path, config_kind_name(k->kind));
    int n = config_setting_length(s);
    if (n > k->max)
        return config_fail(x, s, k->path, "must have at most %g entries (got %d)", k->max, n);
    for (int i = 0; i < n; i++) {
        const config_setting_t *g = config_setting_get_elem(s, (unsigned)i);
        memset(&dst[i], 0, sizeof dst[i]);
        if (!config_apply_channel(x, g, i, k, &dst[i]))
            return false;
        for (int j = 0; j < i; j++)
            if (config_same_name(dst[j].name, dst[i].name)) {
                char key[160];
                snprintf(key, sizeof key, "%s[%d].name", k->path, i);
                return config_fail(x, g, key, "\"%s\" is already in %s[%d] (one entry a channel)",
                                   dst[i].name, k->path, j);
            }
    }
    *(int *)((char *)x->c + k->count_offset) = n;
    return true;
}

static bool config_apply(struct config_ctx *x, const config_setting_t *s,
                         const struct config_key *k)
{
    char *dst = (char *)x->c + k->offset;
    switch (k->kind) {
    case KIND_INT: return config_apply_int(x, s, k, (int *)(void *)dst);
    case KIND_FLOAT: return config_apply_float(x, s, k, (double *)(void *)dst);
    case KIND_BOOL: return config_apply_bool(x, s, k, (bool *)(void *)dst);
    case KIND_STRING: return config_apply_string(x, s, k->path, k, dst);
    case KIND_ENUM: return config_apply_enum(x, s, k, (int *)(void *)dst);
    case KIND_LIST: return config_apply_list(x, s, k, dst);
    case KIND_CHANNELS: return config_apply_channels(x, s, k, (config_channel *)(void *)dst);
    }
    return false;
}

/* ---- walking the tree ---- */

static const struct config_key *config_find(const char *path)
{
    for (size_t i = 0; i < CONFIG_NKEYS; i++)
        if (strcmp(config_keys[i].path, path) == 0)
            return &config_keys[i];
    return NULL;
}

/* The length of a key's first component ("irc" of "irc.port"), and whether it has more. */
static size_t config_head(const char *path, bool *grouped)
{
    size_t n = strcspn(path, ".");
    *grouped = path[n] == '.';
    return n;
}

static bool config_is_group(const char *name)
{
    for (size_t i = 0; i < CONFIG_NKEYS; i++) {
        bool grouped;
        size_t n = config_head(config_keys[i].path, &grouped);
        if (grouped && strlen(name) == n && strncmp(name, config_keys[i].path, n) == 0)
            return true;
    }
    return false;
}

/* The names allowed inside group (NULL: at the top level), comma separated, into buf. */
static void config_known_names(const char *group, char *buf, size_t len)
{
    size_t used = 0, glen = group ? strlen(group) : 0;
    const char *last = "";
    size_t lastn = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < CONFIG_NKEYS; i++) {
        const char *p = config_keys[i].path;
        bool grouped;
        size_t n = config_head(p, &grouped);
        if (group && !(grouped && n == glen && strncmp(p, group, n) == 0))
            continue;
        const char *name = group ? p + glen + 1 : p;
        size_t namen = group ? strlen(name) : n;
        if (namen == lastn && strncmp(name, last, namen) == 0)
            continue;
        int w = snprintf(buf + used, len - used, "%s%.*s", used ? ", " : "", (int)namen, name);
        if (w < 0 || (size_t)w >= len - used)
            return;
        used += (size_t)w, last = name, lastn = namen;
    }
}

static bool config_fail_unknown(struct config_ctx *x, const config_setting_t *s, const char *group,
                                const char *key)
{
    char names[512];
    config_known_names(group, names, sizeof names);
    return config_fail(x, s, key, "unknown key (expected one of: %s)", names);
}

static bool config_walk(struct config_ctx *x, const config_setting_t *group, const char *prefix)
{
    int n = config_setting_length(group);
    for (int i = 0; i < n; i++) {
        const config_setting_t *m = config_setting_get_elem(group, (unsigned)i);
        const char *name = config_setting_name(m);
        char path[256];
        snprintf(path, sizeof path, "%s%s%s", prefix ? prefix : "", prefix ? "." : "", name);
        const struct config_key *k = config_find(path);
        bool ok;
        if (k)
            ok = config_apply(x, m, k);
        else if (!prefix && config_is_group(name))
            ok = config_setting_is_group(m) ? config_walk(x, m, name)
                                            : config_fail_type(x, m, path, "a group { ... }");
        else
            ok = config_fail_unknown(x, m, prefix, path);
        if (!ok)
            return false;
    }
    return true;
}

/* ---- the pre-scan: what libconfig 1.5 hides ----
 * libconfig 1.5 wraps integer literals that do not fit in 32 bits (port = 4294973963 reads as 6667),
 * keeps a string only up to a NUL byte and drops "\x00": this scan of the raw text catches them. */

struct config_scan {
    struct config_ctx *x;
    const char *incdir;
    char path[256];   /* dotted key of the enclosing groups and lists */
    size_t marks[32]; /* path lengths to pop back to */
    int depth;
    char word[64];  /* the last identifier */
    char name[64];  /* the last "name =" or "name :" */
    bool word_last; /* the last token was an identifier */
    bool named;     /* a name is waiting for its value (until ; , or a bracket) */
};

struct config_text {
    const char *file;
    const char *s;
    size_t len, pos;
    unsigned line;
};

/* The whole file, NUL-terminated (it may hold NULs of its own: see *len), or NULL with errno set. */
static char *config_slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap + 1);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        char *more = realloc(buf, cap * 2 + 1);
        if (!more)
            free(buf);
        buf = more, cap *= 2;
    }
    int saved = buf ? EIO : ENOMEM;
    if (buf && ferror(f)) {
        saved = errno;
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (!buf) {
        errno = saved;
        return NULL;
    }
    buf[n] = '\0', *len = n;
    return buf;
}

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static bool
config_scan_fail(struct config_scan *sc, struct config_text *t, const char *key, const char *fmt,
                 ...)
{
    va_list ap;
    va_start(ap, fmt);
    config_vfail(sc->x, t->file, t->line, key, fmt, ap);
    va_end(ap);
    return false;
}

/* The key a value at this point belongs to. */
static void config_scan_key(const struct config_scan *sc, char *key, size_t len)
{
    if (sc->named)
        snprintf(key, len, "%s%s%s", sc->path, sc->path[0] ? "." : "", sc->name);
    else
        snprintf(key, len, "%s", sc->path[0] ? sc->path : "(top level)");
}

static void config_scan_push(struct config_scan *sc)
{
    if (sc->depth < 32) {
        size_t n = strlen(sc->path);
        sc->marks[sc->depth] = n;
        if (sc->named)
            snprintf(sc->path + n, sizeof sc->path - n, "%s%s", n ? "." : "", sc->name);
    }
    sc->depth++;
    sc->named = false;
}

static void config_scan_pop(struct config_scan *sc)
{
    if (sc->depth > 0 && --sc->depth < 32)
        sc->path[sc->marks[sc->depth]] = '\0';
    sc->named = false;
}

/* Does the integer literal tok (sign, digits or 0x hex, maybe an L) keep its value in libconfig 1.5? */
static bool config_int_fits(const char *tok)
{
    char buf[64];
    size_t n = strlen(tok);
    if (n >= sizeof buf)
        return false;
    memcpy(buf, tok, n + 1);
    bool wide = n > 0 && (buf[n - 1] == 'L' || buf[n - 1] == 'l');
    if (wide)
        buf[n - 1] = '\0';
    const char *digits = buf + (buf[0] == '-' || buf[0] == '+');
    bool hex = digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X');
    errno = 0;
    if (hex) {
        unsigned long long v = strtoull(buf, NULL, 16);
        return errno == 0 && buf[0] != '-' && v <= (wide ? (unsigned long long)LLONG_MAX : INT_MAX);
    }
    long long v = strtoll(buf, NULL, 10);
    return errno == 0 && (wide || (v >= INT_MIN && v <= INT_MAX));
}

static bool config_scan_number(struct config_scan *sc, struct config_text *t)
{
    size_t start = t->pos;
    char tok[128], key[384];
    for (t->pos++; t->pos < t->len; t->pos++) {
        char ch = t->s[t->pos];
        bool exp_sign =
            (ch == '+' || ch == '-') && (t->s[t->pos - 1] == 'e' || t->s[t->pos - 1] == 'E');
        if (!exp_sign && !(ch && strchr("0123456789abcdefABCDEFxXlL.", ch)))
            break;
    }
    size_t n = t->pos - start < sizeof tok ? t->pos - start : sizeof tok - 1;
    memcpy(tok, t->s + start, n);
    tok[n] = '\0';
    bool hex = strpbrk(tok, "xX") != NULL;
    bool real = strchr(tok, '.') || (!hex && strpbrk(tok, "eE"));
    config_scan_key(sc, key, sizeof key);
    const struct config_key *k = config_find(key);
    if (real || config_int_fits(tok) || !k || (k->kind != KIND_INT && k->kind != KIND_FLOAT))
        return true; /* anything else wrong is reported by the walk */
    return config_scan_fail(sc, t, key, "must be between %g and %g%s (got %s)", k->min, k->max,
                            k->unit, tok);
}

static bool config_scan_string(struct config_scan *sc, struct config_text *t)
{
    char key[384];
    config_scan_key(sc, key, sizeof key);
    for (t->pos++; t->pos < t->len && t->s[t->pos] != '"'; t->pos++) {
        const char *p = t->s + t->pos;
        if (*p == '\n')
            t->line++;
        if (*p == '\0'
            || (p[0] == '\\' && (p[1] == 'x' || p[1] == 'X') && p[2] == '0' && p[3] == '0'))
            return config_scan_fail(sc, t, key,
                                    "must not contain NUL (remove the NUL byte or \\x00)");
        if (*p == '\\' && t->pos + 1 < t->len)
            t->pos++;
    }
    t->pos++;
    return true;
}

static void config_scan_comment(struct config_text *t)
{
    if (t->s[t->pos] == '#' || t->s[t->pos + 1] == '/') {
        while (t->pos < t->len && t->s[t->pos] != '\n')
            t->pos++;
        return;
    }
    for (t->pos += 2; t->pos < t->len && strncmp(t->s + t->pos, "*/", 2) != 0; t->pos++)
        if (t->s[t->pos] == '\n')
            t->line++;
    t->pos += 2;
}

static bool config_scan_text(struct config_scan *sc, struct config_text *t, int level);

/* @include "file": scan the file where it stands (libconfig opens it as incdir/file). */
static bool config_scan_include(struct config_scan *sc, struct config_text *t, int level)
{
    size_t q = t->pos;
    while (q < t->len && t->s[q] != '"' && t->s[q] != '\n')
        q++;
    size_t end = q + 1;
    while (end < t->len && t->s[end] != '"' && t->s[end] != '\n')
        end++;
    t->pos = end + 1;
    if (end >= t->len || t->s[q] != '"' || t->s[end] != '"' || level >= 10)
        return true;
    char name[512], full[1024];
    snprintf(name, sizeof name, "%.*s", (int)(end - q - 1), t->s + q + 1);
    snprintf(full, sizeof full, "%s/%s", sc->incdir, name);
    struct config_text sub = { name, NULL, 0, 0, 1 };
    char *text = config_slurp(full, &sub.len);
    if (!text)
        return true; /* libconfig read it a moment ago; if it is gone now, nothing to check */
    sub.s = text;
    bool ok = config_scan_text(sc, &sub, level + 1);
    free(text);
    return ok;
}

static bool config_is_name_char(char ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9')
           || ch == '-' || ch == '_' || ch == '*';
}

static void config_scan_word(struct config_scan *sc, struct config_text *t)
{
    size_t start = t->pos;
    while (t->pos < t->len && config_is_name_char(t->s[t->pos]))
        t->pos++;
    snprintf(sc->word, sizeof sc->word, "%.*s", (int)(t->pos - start), t->s + start);
}

/* One punctuation or blank character. */
static void config_scan_punct(struct config_scan *sc, struct config_text *t, bool word_last)
{
    char ch = t->s[t->pos++];
    if (ch == '\n')
        t->line++;
    if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n') {
        sc->word_last = word_last;
    } else if ((ch == '=' || ch == ':') && word_last) {
        memcpy(sc->name, sc->word, sizeof sc->name);
        sc->named = true;
    } else if (ch == '{' || ch == '[' || ch == '(') {
        config_scan_push(sc);
    } else if (ch == '}' || ch == ']' || ch == ')') {
        config_scan_pop(sc);
    } else if (ch == ';' || ch == ',') {
        sc->named = false;
    }
}

static bool config_scan_step(struct config_scan *sc, struct config_text *t, int level)
{
    char ch = t->s[t->pos];
    char next = t->pos + 1 < t->len ? t->s[t->pos + 1] : '\0';
    bool word_last = sc->word_last;
    sc->word_last = false;
    if (ch == '\0') {
        char key[384];
        config_scan_key(sc, key, sizeof key);
        return config_scan_fail(sc, t, key,
                                "contains a NUL byte (the file must be plain text: remove it)");
    }
    if (ch == '#' || (ch == '/' && (next == '/' || next == '*'))) {
        config_scan_comment(t);
        sc->word_last = word_last;
    } else if (ch == '"') {
        return config_scan_string(sc, t);
    } else if (ch == '@') {
        return config_scan_include(sc, t, level);
    } else if ((ch >= '0' && ch <= '9')
               || ((ch == '-' || ch == '+' || ch == '.') && next >= '0' && next <= '9')) {
        return config_scan_number(sc, t);
    } else if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '*') {
        config_scan_word(sc, t);
        sc->word_last = true;
    } else {
        config_scan_punct(sc, t, word_last);
    }
    return true;
}

static bool config_scan_text(struct config_scan *sc, struct config_text *t, int level)
{
    while (t->pos < t->len)
        if (!config_scan_step(sc, t, level))
            return false;
    return true;
}

/* ---- rules between keys, after the walk ---- */

/* key's line for an error: the setting if the file has it, else the top of the file. */
static bool config_cross_fail(struct config_ctx *x, const config_t *lc, const char *key,
                              const char *what)
{
    const config_setting_t *s = config_lookup(lc, key);
    if (!s)
        return config_fail(x, config_root_setting(lc), key, "%s", what);
    return config_fail(x, s, key, "%s", what);
}

/* Each channel_settings entry names a channel the bot joins. */
static bool config_cross_channels(struct config_ctx *x, const config_t *lc)
{
    const bot_config *c = x->c;
    for (int i = 0; i < c->nchannel_settings; i++) {
        bool found = false;
        for (int j = 0; j < c->irc.nchannels && !found; j++)
            found = config_same_name(c->irc.channels[j], c->channel_settings[i].name);
        if (found)
            continue;
        char key[64], what[160];
        snprintf(key, sizeof key, "channel_settings[%d].name", i);
        snprintf(what, sizeof what, "\"%s\" is not in irc.channels (add it there, or fix the name)",
                 c->channel_settings[i].name);
        const config_setting_t *s = config_lookup(lc, "channel_settings");
        if (s && config_setting_get_elem(s, (unsigned)i))
            s = config_setting_get_elem(s, (unsigned)i);
        return s ? config_fail(x, s, key, "%s", what) : config_cross_fail(x, lc, key, what);
    }
    return true;
}

/* Whether path is dir or lies under it (dir's trailing slashes aside; "/" holds everything). */
/* An absolute path with "//", "/." and "/x/.." folded, as the system reads it (no symlinks). */
static void config_fold_path(const char *in, char *out, size_t cap)
{
    size_t len = 0;
    out[0] = '\0';
    while (*in) {
        while (*in == '/')
            in++;
        size_t n = strcspn(in, "/");
        if (n == 2 && !strncmp(in, "..", 2)) {
            while (len && out[--len] != '/')
                ;
            out[len] = '\0';
        } else if (n && !(n == 1 && in[0] == '.') && len + n + 2 <= cap) {
            len += (size_t)snprintf(out + len, cap - len, "/%.*s", (int)n, in);
        }
        in += n;
    }
    if (!len && cap > 1)
        snprintf(out, cap, "/");
}

/* path as the system reaches it: folded, and its symlinks resolved where it, or its folder,
 * exists (a file not yet made: its folder's real path and its name). */
static void config_real_path(const char *path, char *out, size_t cap)
{
    char folded[PATH_MAX], real[PATH_MAX];
    config_fold_path(path, folded, sizeof folded);
    char *slash = strrchr(folded, '/');
    if (realpath(folded, real)) {
        snprintf(out, cap, "%s", real);
    } else if (slash && slash != folded) {
        *slash = '\0';
        if (realpath(folded, real))
            snprintf(out, cap, "%s/%s", strcmp(real, "/") ? real : "", slash + 1);
        else
            snprintf(out, cap, "%s/%s", folded, slash + 1);
    } else {
        snprintf(out, cap, "%s", folded);
    }
}

/* Whether path is dir or under it, however either is spelled ("/srv//d/.", a symlink). */
static bool config_under(const char *dir, const char *path)
{
    char d[2 * PATH_MAX + 2], p[2 * PATH_MAX + 2]; /* a real folder, '/', a name */
    if (!path[0])
        return false;
    config_real_path(dir, d, sizeof d);
    config_real_path(path, p, sizeof p);
    size_t n = strcmp(d, "/") ? strlen(d) : 0;
    return !strncmp(p, d, n) && (p[n] == '/' || p[n] == '\0');
}

bool config_site_dir_ok(const bot_config *c, const char *dir, char *what, size_t cap)
{
    const struct {
        const char *key, *path;
    } kept[] = { { "state.database", c->state.database },
                 { "irc.password_file", c->irc.password_file },
                 { "irc.nickserv_password_file", c->irc.nickserv_password_file },
                 { "irc.sasl_password_file", c->irc.sasl_password_file },
                 { "irc.tls_key", c->irc.tls_key },
                 /* without irc.tls_key, the key may be in the certificate's file */
                 { "irc.tls_cert (which may hold the key)",
                   c->irc.tls_key[0] ? "" : c->irc.tls_cert } };
    for (size_t i = 0; dir[0] && i < sizeof kept / sizeof kept[0]; i++)
        if (config_under(dir, kept[i].path)) {
            snprintf(what, cap,
                     "holds %s (%s), and the pages' folder is for everyone to read: give the pages "
                     "a folder of their own, like \"/var/lib/durakbot/site\"",
                     kept[i].key, kept[i].path);
            return false;
        }
    return true;
}

/* site.dir is served to everyone: it must hold no file the bot keeps to itself. */
static bool config_cross_site(struct config_ctx *x, const config_t *lc)
{
    char what[CONFIG_PATH_MAX + 200];
    return config_site_dir_ok(x->c, x->c->site.dir, what, sizeof what)
           || config_cross_fail(x, lc, "site.dir", what);
}

/* The database a file, the pages' folder a folder, where either is there already: the bot would
 * run, and say it is fine, yet keep nothing (or write no page). What is not there yet is made at
 * start, where systemd gives the state directory. */
static bool config_cross_kinds(struct config_ctx *x, const config_t *lc)
{
    const bot_config *c = x->c;
    struct stat st;
    char what[2 * CONFIG_PATH_MAX + 200];
    if (!stat(c->state.database, &st) && !S_ISREG(st.st_mode)) {
        size_t n = strlen(c->state.database);
        if (S_ISDIR(st.st_mode))
            snprintf(what, sizeof what,
                     "%s is a folder: name the database file, like \"%s%sdurakbot.db\"",
                     c->state.database, c->state.database,
                     c->state.database[n - 1] == '/' ? "" : "/");
        else
            snprintf(what, sizeof what, "%s is not a regular file: name the database file",
                     c->state.database);
        return config_cross_fail(x, lc, "state.database", what);
    }
    if (c->site.dir[0] && !stat(c->site.dir, &st) && !S_ISDIR(st.st_mode)) {
        snprintf(what, sizeof what, "%s is not a folder: name a folder for the pages", c->site.dir);
        return config_cross_fail(x, lc, "site.dir", what);
    }
    return true;
}

/* A TLS file the bot would never read: without irc.tls it connects in plain text, and the owner
 * who set a certificate most likely meant TLS. */
static bool config_cross_tls(struct config_ctx *x, const config_t *lc)
{
    const bot_config *c = x->c;
    const char *keys[] = { "irc.tls_ca_file", "irc.tls_cert", "irc.tls_key" };
    const char *paths[] = { c->irc.tls_ca_file, c->irc.tls_cert, c->irc.tls_key };
    char what[160];
    for (size_t i = 0; !c->irc.tls && i < sizeof keys / sizeof keys[0]; i++)
        if (paths[i][0]) {
            snprintf(what, sizeof what,
                     "is not used while irc.tls = false (set irc.tls = true, or remove %s)",
                     keys[i]);
            return config_cross_fail(x, lc, keys[i], what);
        }
    return true;
}

static bool config_cross_check(struct config_ctx *x, const config_t *lc)
{
    const bot_config *c = x->c;
    if (!config_cross_channels(x, lc) || !config_cross_site(x, lc) || !config_cross_kinds(x, lc)
        || !config_cross_tls(x, lc))
        return false;
    if (c->irc.tls_key[0] && !c->irc.tls_cert[0])
        return config_cross_fail(
            x, lc, "irc.tls_key",
            "needs irc.tls_cert (the client certificate that goes with this key)");
    if (c->irc.password[0] && c->irc.password_file[0])
        return config_cross_fail(x, lc, "irc.password_file",
                                 "irc.password is set too (keep one of them)");
    if (c->irc.nickserv_password[0] && c->irc.nickserv_password_file[0])
        return config_cross_fail(x, lc, "irc.nickserv_password_file",
                                 "irc.nickserv_password is set too (keep one of them)");
    if (c->irc.sasl_password[0] && c->irc.sasl_password_file[0])
        return config_cross_fail(x, lc, "irc.sasl_password_file",
                                 "irc.sasl_password is set too (keep one of them)");
    if (c->irc.sasl_mechanism == CONFIG_SASL_PLAIN && !c->irc.sasl_username[0])
        return config_cross_fail(x, lc, "irc.sasl_mechanism",
                                 "\"plain\" needs irc.sasl_username (the services account)");
    if (c->irc.sasl_mechanism == CONFIG_SASL_EXTERNAL && (!c->irc.tls || !c->irc.tls_cert[0]))
        return config_cross_fail(
            x, lc, "irc.sasl_mechanism",
            "\"external\" needs irc.tls = true and irc.tls_cert (the client certificate)");
    return true;
}

/* Defaults that depend on other keys. */
static void config_derive(struct config_ctx *x, const config_t *lc)
{
    if (x->c->irc.tls && !config_lookup(lc, "irc.port"))
        x->c->irc.port = 6697;
    if (!config_lookup(lc, "irc.sasl_required"))
        x->c->irc.sasl_required = x->c->irc.sasl_mechanism != CONFIG_SASL_NONE;
}

/* ---- loading ---- */

static void config_dirname(const char *path, char *dir, size_t len)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        snprintf(dir, len, ".");
    else if (slash == path)
        snprintf(dir, len, "/");
    else
        snprintf(dir, len, "%.*s", (int)(slash - path), path);
}

static bool config_parse(struct config_ctx *x, const char *text, size_t len, const char *incdir)
{
    /* before libconfig opens them: it exits the process on an included directory */
    if (!config_include_check(x->path, text, len, incdir, x->err, x->errlen))
        return false;
    config_t lc;
    config_init(&lc);
    config_set_include_dir(&lc, incdir);
    bool ok = config_read_file(&lc, x->path) == CONFIG_TRUE;
    char hint[300];
    const char *file = config_error_file(&lc) ? config_error_file(&lc) : x->path;
    bool ours = !strcmp(file, x->path); /* not an included file: text is its text */
    if (!ok && x->err && x->errlen)
        snprintf(x->err, x->errlen, "%s:%d: %s%s", file, config_error_line(&lc),
                 config_error_text(&lc),
                 config_hint(config_error_text(&lc), ours ? text : NULL, len,
                             config_error_line(&lc), hint, sizeof hint));
    if (ok) {
        struct config_scan sc = { .x = x, .incdir = incdir };
        struct config_text t = { x->path, text, len, 0, 1 };
        ok = config_scan_text(&sc, &t, 0) && config_walk(x, config_root_setting(&lc), NULL)
             && config_cross_check(x, &lc);
        if (ok)
            config_derive(x, &lc);
    }
    config_destroy(&lc);
    return ok;
}

bool config_load(const char *path, bot_config *c, char *err, size_t errlen)
{
    bot_config tmp;
    struct config_ctx x = { path, &tmp, err, errlen };
    size_t len = 0;
    char incdir[1024];
    config_defaults(&tmp);
    char *text = config_slurp(path, &len);
    if (!text) {
        if (err && errlen)
            snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return false;
    }
    config_dirname(path, incdir, sizeof incdir);
    bool ok = config_parse(&x, text, len, incdir);
    free(text);
    if (ok)
        *c = tmp;
    return ok;
}
