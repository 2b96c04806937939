/* config.h — loads and validates durakbot.conf (libconfig) into a bot_config.
 * Owns the defaults (equal to config/durakbot.conf) and every key's type, range and error text. */
#ifndef DURAK_CONFIG_H
#define DURAK_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#define CONFIG_MAX_CHANNELS 32
#define CONFIG_MAX_ADMINS 32
#define CONFIG_MAX_ALT_NICKS 8
#define CONFIG_PATH_MAX 256 /* file-name keys: at most 255 bytes */
/* game.private_per_hour: private games a person may start in any hour, at most */
#define CONFIG_PRIVATE_PER_HOUR_MAX 100

enum { CONFIG_VARIANT_CLASSIC = 0, CONFIG_VARIANT_TRANSFER = 1 };
enum { CONFIG_THROWIN_ALL = 0, CONFIG_THROWIN_NEIGHBOURS = 1 };
enum { CONFIG_SYNC_NORMAL = 0, CONFIG_SYNC_FULL = 1 };
/* game.hints: where `/msg durakbot hint` answers. */
enum { CONFIG_HINTS_OFF = 0, CONFIG_HINTS_PRIVATE = 1, CONFIG_HINTS_ALWAYS = 2 };
enum { CONFIG_LINES_NOTICE = 0, CONFIG_LINES_PRIVMSG = 1 }; /* ui.private_lines */
enum { CONFIG_SASL_NONE = 0, CONFIG_SASL_PLAIN = 1, CONFIG_SASL_EXTERNAL = 2 }; /* = link_sasl */
enum { /* irc.encoding: = link_encoding (bot/link_enc.h) */
       CONFIG_ENC_UTF8 = 0,
       CONFIG_ENC_CP1251 = 1,
       CONFIG_ENC_KOI8R = 2,
       CONFIG_ENC_AUTO_CP1251 = 3,
       CONFIG_ENC_AUTO_KOI8R = 4
};
/* The languages of game.language and channel_settings: the order of msg_lang (bot/messages.h). */
enum { CONFIG_LANG_EN = 0, CONFIG_LANG_RU = 1, CONFIG_LANG_FR = 2, CONFIG_LANG_ES = 3 };

/* A channel key (+k): at most 23 bytes, the shortest limit of the usual servers (ircu, hybrid,
 * UnrealIRCd; InspIRCd takes 32, ngircd 64). */
#define CONFIG_CHANNEL_KEY_MAX 23

/* One entry of channel_settings: what differs in one channel. */
typedef struct {
    char name[64];                        /* a channel of irc.channels */
    int language;                         /* CONFIG_LANG_*, or -1: game.language */
    char key[CONFIG_CHANNEL_KEY_MAX + 1]; /* sent with each JOIN of it; "" for none */
} config_channel;

typedef struct {
    struct {
        char server[256];
        int port;        /* default 6697 with tls, else 6667 */
        bool tls;        /* TLS in the relay (bot/link.h); every connection goes through it */
        bool tls_verify; /* check the server's certificate and host name */
        char tls_ca_file
            [CONFIG_PATH_MAX]; /* PEM CAs to trust instead of the system store; "" for those */
        char tls_cert[CONFIG_PATH_MAX];      /* client certificate (PEM) for CertFP; "" for none */
        char tls_key[CONFIG_PATH_MAX];       /* its private key (PEM); "" for none or in tls_cert */
        char password[256];                  /* server password; "" for none */
        char password_file[CONFIG_PATH_MAX]; /* or its first line is the password (bot/secrets.h) */
        char nick[64];
        char alt_nicks[CONFIG_MAX_ALT_NICKS][64]; /* tried when nick is taken; none: nick_ */
        int nalt_nicks;
        char username[64];
        char realname[256];
        char channels[CONFIG_MAX_CHANNELS][64];
        int nchannels;
        char nickserv_password[256];                  /* "" for none */
        char nickserv_password_file[CONFIG_PATH_MAX]; /* or its first line is the password */
        int nickserv_wait;         /* seconds to wait for NickServ's confirmation before joining */
        char nickserv_target[128]; /* "NickServ", or "NickServ@services.server": lines to it */
        char nickserv_host[256];   /* its notices' host; "" for target's server, or any */
        int sasl_mechanism;        /* CONFIG_SASL_*: SASL in the relay before registration */
        char sasl_username[256];   /* PLAIN: the account; EXTERNAL: "" or authzid */
        char sasl_password[256];   /* PLAIN: its password */
        char sasl_password_file[CONFIG_PATH_MAX]; /* or its first line is the password */
        bool sasl_required; /* default: true when a mechanism is set: never go on without it */
        int ping_interval;  /* seconds of silence before the bot PINGs */
        int encoding;       /* CONFIG_ENC_*: the server's lines, converted in the relay */
    } irc;
    struct {
        int burst;   /* lines at once */
        double rate; /* then lines per second */
    } flood;
    struct {
        char prefix[8];
        int turn_timeout;    /* seconds */
        int throwin_timeout; /* seconds for an optional decision (throw in or add, or pass) */
        int lobby_timeout;   /* seconds */
        int rejoin_grace;    /* seconds */
        int max_timeouts;
        int variant; /* CONFIG_VARIANT_* */
        int throwin; /* CONFIG_THROWIN_* */
        bool first5;
        double bot_delay;     /* seconds a computer player waits before it moves */
        double expert_budget; /* seconds the expert computer player thinks per decision */
        int hints;            /* CONFIG_HINTS_*: off, private games only, always */
        bool replace_leavers; /* a computer player takes the seat of one who left or forfeited */
        int private_per_hour; /* private games a person may start in any hour; 0: no cap */
        int language;         /* CONFIG_LANG_*: of every channel without its own */
    } game;
    struct {
        bool colors;
        bool unicode_suits; /* as set: what is written is config_suit_symbols */
        int private_lines;  /* CONFIG_LINES_*: how a person's lines go until they `set` it */
    } ui;
    struct {
        char database[CONFIG_PATH_MAX]; /* SQLite file of running games and stats */
        int synchronous;                /* CONFIG_SYNC_*: FULL survives a power cut */
    } state;
    struct {
        char dir[CONFIG_PATH_MAX]; /* the web pages (bot/site.h); "": none */
        char url[256];             /* their address from outside, said on IRC; "": not said */
    } site;
    char admins[CONFIG_MAX_ADMINS][128]; /* hostmasks nick!user@host, * and ? wildcards */
    int nadmins;
    config_channel channel_settings[CONFIG_MAX_CHANNELS]; /* per channel: language, key */
    int nchannel_settings;
} bot_config;

/* Fills c with the defaults (the values of config/durakbot.conf); unused bytes are zero. */
void config_defaults(bot_config *c);

/* Loads and validates path. Keys left out keep their defaults (irc.port: 6697 when irc.tls is true).
 * Secrets in files are not read here: see secrets_resolve (bot/secrets.h). On success fills c and
 * returns true.
 * On error returns false, leaves c untouched and writes one line into err (errlen bytes):
 * "FILE:LINE: KEY: what is wrong (what is expected)", or "FILE: cannot open: <reason>". */
bool config_load(const char *path, bot_config *c, char *err, size_t errlen);
/* channel's entry among the n of v (channel_settings), or NULL. Names compare as the loader's
 * check of them does (rfc1459 casemapping, the widest): it leaves one entry a channel. */
const config_channel *config_channel_of(const config_channel *v, int n, const char *channel);
/* Whether dir, to be served to everyone as the pages' folder (site.dir, or --export-site DIR),
 * holds none of the files c keeps to itself (the database, the secrets, the TLS key); if it does,
 * false and what is wrong, in cap bytes of what ("holds state.database (...), and ..."). */
bool config_site_dir_ok(const bot_config *c, const char *dir, char *what, size_t cap);

/* Suits written as symbols: ui.unicode_suits, where the server's lines are UTF-8. A legacy
 * irc.encoding (auto too: the bot's own lines go in the legacy set) has no ♠ ♣ ♦ ♥, and its
 * stand-ins (Russian letters) would make "8♥ or 8h" read "8ч or 8h", and English lines Cyrillic:
 * the reader's own suit letters instead. */
static inline bool config_suit_symbols(const bot_config *c)
{
    return c->ui.unicode_suits && c->irc.encoding == CONFIG_ENC_UTF8;
}

#endif
