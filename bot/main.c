/* main.c — durakbot's entry point: command line, config, signals, the random seed; builds the
 * tables, the store and the send queue and hands them to the daemon (daemon.c). */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <malloc.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "aiworker.h"
#include "casemap.h"
#include "clock.h"
#include "config.h"
#include "conn_link.h"
#include "daemon.h"
#include "log.h"
#include "outq.h"
#include "persist.h"
#include "secrets.h"
#include "export.h"
#include "site.h"
#include "store.h"
#include "tables.h"
#include "link.h"

#ifndef DURAKBOT_VERSION
#define DURAKBOT_VERSION "unknown"
#endif
#define DEFAULT_CONFIG "/etc/durakbot/durakbot.conf"

/* The one global: LOOP_SIG_* bits set by the signal handler, read by the loop. */
static volatile sig_atomic_t signals_seen;

typedef struct {
    const char *config_path;
    bool check_only;
    const char *export_game; /* --export-game ID */
    bool export_games;       /* --export-games [--since DATE] */
    const char *export_site; /* --export-site DIR */
    const char *since;
} options;

static void on_signal(int sig) { signals_seen |= sig == SIGHUP ? LOOP_SIG_HUP : LOOP_SIG_STOP; }

static void usage(FILE *f)
{
    fprintf(
        f,
        "usage: durakbot [-c FILE] [--check-config] [--version] [--help]\n"
        "       durakbot [-c FILE] --export-game ID | --export-games [--since DATE]\n"
        "       durakbot [-c FILE] --export-site DIR\n"
        "  -c FILE         the config file (default %s)\n"
        "  --check-config  validate the config file, print \"FILE: ok\" or the error, exit\n"
        "  --export-game ID  print recorded game ID (see !last) as a durak-cli session\n"
        "  --export-games  print the recorded games as JSON Lines, one game a line;\n"
        "                  --since DATE (YYYY-MM-DD[THH:MM[:SS]], UTC): only those ended since\n"
        "  --export-site DIR  write the web pages (leaderboards, players, replays) into DIR\n"
        "  --version       print the version and exit\n"
        "  --help          print this help and exit\n"
        "Runs in the foreground and logs to stderr; SIGTERM or SIGINT saves the games\n"
        "and stops it, SIGHUP reloads the config file.\n",
        DEFAULT_CONFIG);
}

/* --since only with --export-games, which goes with no other mode. -1 to go on, else 2. */
static int check_export_args(const options *o)
{
    int exports = !!o->export_game + o->export_games + !!o->export_site;
    const char *why = o->since && !o->export_games ? "--since goes with --export-games"
                      : exports > 1
                          ? "--export-game, --export-games and --export-site go one at a time"
                      : exports && o->check_only ? "--check-config does not go with an export"
                                                 : NULL;
    if (!why)
        return -1;
    fprintf(stderr, "durakbot: %s\n", why);
    usage(stderr);
    return 2;
}

/* Returns -1 to go on, or the exit status. An option's value never starts with '-': "--since -c
 * FILE" lacks the date, rather than reading "-c" as one. */
static int parse_args(int argc, char **argv, options *o)
{
    *o = (options){ .config_path = DEFAULT_CONFIG };
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool value = i + 1 < argc && argv[i + 1][0] != '-';
        if (!strcmp(a, "-c") && value) {
            o->config_path = argv[++i];
        } else if (!strcmp(a, "--export-game") && value) {
            o->export_game = argv[++i];
        } else if (!strcmp(a, "--export-site") && value) {
            o->export_site = argv[++i];
        } else if (!strcmp(a, "--export-games")) {
            o->export_games = true;
        } else if (!strcmp(a, "--since") && value) {
            o->since = argv[++i];
        } else if (!strcmp(a, "--check-config")) {
            o->check_only = true;
        } else if (!strcmp(a, "--version")) {
            printf("durakbot %s\n", DURAKBOT_VERSION);
            return 0;
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else {
            fprintf(stderr, "durakbot: %s: %s\n", a,
                    !strcmp(a, "-c")              ? "needs a file name"
                    : !strcmp(a, "--export-game") ? "needs a game id (!last shows one)"
                    : !strcmp(a, "--export-site") ? "needs a directory for the pages"
                    : !strcmp(a, "--since")       ? "needs a date, like 2026-12-01"
                                                  : "unknown option");
            usage(stderr);
            return 2;
        }
    }
    return check_export_args(o);
}

/* The config file alone; false with err, which says how to name another file when the default
 * is not there. */
static bool read_config(const char *path, bot_config *cfg, char *err, size_t errlen)
{
    if (config_load(path, cfg, err, errlen))
        return true;
    size_t n = strlen(err);
    if (!strcmp(path, DEFAULT_CONFIG) && access(path, F_OK) != 0)
        snprintf(err + n, errlen - n, " (the default config file; name yours with -c FILE)");
    return false;
}

/* The config file with its secrets resolved and its TLS files checked; false with err. A secret
 * missing is only a warning to --check-config run outside the service, whose credentials are not
 * there to see. */
static bool load_config(const char *path, bot_config *cfg, bool checking, char *err, size_t errlen)
{
    if (!read_config(path, cfg, err, errlen))
        return false;
    if (!secrets_resolve(cfg, err, errlen))
        return false;
    secrets_check_permissions(path, cfg); /* the key from the credential tls-key, if given */
    const char *creds = getenv("CREDENTIALS_DIRECTORY");
    bool by_hand = checking && !(creds && creds[0]);
    if (secrets_missing(cfg, err, errlen)) {
        if (!by_hand)
            return false;
        fprintf(stderr, "%s: warning: %s; unless the service gives it, the bot will not start\n",
                path, err);
    }
    if (by_hand && cfg->irc.tls && cfg->irc.tls_cert[0] && !cfg->irc.tls_key[0]
        && !secrets_file_has_key(cfg->irc.tls_cert)) { /* CertFP's key as a credential */
        fprintf(stderr,
                "%s: warning: irc.tls_cert %s holds no private key and irc.tls_key is not set; "
                "unless the service gives the systemd credential " SECRETS_CRED_TLS_KEY
                " (LoadCredential=), the bot will not start\n",
                path, cfg->irc.tls_cert);
        return true;
    }
    link_opts t = conn_link_opts(cfg);
    return !cfg->irc.tls || link_check(&t, err, errlen);
}

/* SIGHUP: the same file again. */
static bool reload_config(void *ctx, bot_config *out)
{
    const char *path = ctx;
    char err[1024];
    if (load_config(path, out, false, err, sizeof err))
        return true;
    log_msg(LOG_ERR, "%s", err);
    return false;
}

static uint64_t random_seed(void)
{
    uint64_t seed = 0;
    if (getrandom(&seed, sizeof seed, 0) != (ssize_t)sizeof seed) {
        log_msg(LOG_WARNING, "getrandom failed; shuffling from the clock and pid instead");
        seed = (uint64_t)time(NULL) * 6364136223846793005ULL ^ (uint64_t)getpid();
    }
    return seed;
}

/* The deals' seeds and salts (revealed after each game): getrandom(), never the shuffling PRNG. */
static void random_fill(void *buf, size_t n)
{
    if (getrandom(buf, n, 0) == (ssize_t)n)
        return;
    log_msg(LOG_WARNING, "getrandom failed; a deal's seed and salt come from the PRNG instead");
    uint64_t x = random_seed();
    for (size_t i = 0; i < n; i++, x = x * 6364136223846793005ULL + 1442695040888963407ULL)
        ((unsigned char *)buf)[i] = (unsigned char)(x >> 56);
}

/* SIGTERM, SIGINT and SIGHUP stay blocked except while the loop waits (pselect with *waitmask);
 * SIGPIPE and SIGXFSZ are ignored. */
static void install_signals(sigset_t *waitmask)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGHUP, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);
    /* A file size limit (ulimit -f, systemd's LimitFSIZE=) reached would kill the process: the
     * write fails with EFBIG instead, and the store treats it as a full disk (persist.c). */
    signal(SIGXFSZ, SIG_IGN);
    sigset_t block;
    sigemptyset(&block);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGHUP);
    sigprocmask(SIG_BLOCK, &block, waitmask);
    sigdelset(waitmask, SIGTERM);
    sigdelset(waitmask, SIGINT);
    sigdelset(waitmask, SIGHUP);
}

typedef struct {
    tables *t;
    store *db;
    const bot_config *cfg;
    int restored;
} restore_ctx;

/* Whether the bot still plays at `where`: a channel in irc.channels (names compare without case,
 * as on the server), or a private game's key (it needs no channel). */
static bool served(const bot_config *cfg, const char *where)
{
    bool yes = tables_private_key(where);
    for (int i = 0; i < cfg->irc.nchannels; i++)
        yes |= casemap_equal(CASEMAP_RFC1459, cfg->irc.channels[i], where);
    return yes;
}

/* One saved table: back in play if its channel is still served and it holds together; else moved
 * to rejected_tables with the reason, to be looked at, and the others restore. */
static void restore_table(void *ctx, const char *channel, const char *snapshot)
{
    restore_ctx *r = ctx;
    const char *last_of = tables_last_key_channel(channel); /* a last game's: for !again */
    char why[256] = "the channel is no longer in irc.channels";
    if (persist_ended_id(channel)) /* a game ended before its last lines went out: restore_ended */
        return;
    if (served(r->cfg, last_of ? last_of : channel)
        && tables_restore_checked(r->t, channel, snapshot, clock_monotonic(), why, sizeof why)) {
        r->restored += !last_of; /* a game; a last game's line is kept for !again */
        return;
    }
    log_msg(LOG_WARNING,
            "the saved %s in %s is not restored: %s; it is kept in the table "
            "rejected_tables of state.database",
            last_of ? "last game (for !again)" : "game", last_of ? last_of : channel, why);
    if (!store_reject_table(r->db, channel, snapshot, why))
        log_msg(LOG_ERR, "%s", store_error(r->db));
}

typedef struct {
    daemon_ctx *d;
    store *db;
    const bot_config *cfg;
} ended_ctx;

/* A game that ended before its last lines went out (persist.h): its result is said again once
 * connected; where the bot no longer plays, its row goes. */
static void restore_ended(void *ctx, const char *key, const char *where)
{
    ended_ctx *e = ctx;
    long long id = persist_ended_id(key);
    if (id && served(e->cfg, where)) {
        daemon_ended(e->d, id, where);
    } else if (id) {
        log_msg(LOG_NOTICE,
                "game #%lld in %s ended before its last lines went out; %s is no "
                "longer in irc.channels: its result is not said again",
                id, where, where);
        if (!store_delete_table(e->db, key))
            log_msg(LOG_ERR, "%s", store_error(e->db));
    }
}

/* A database locked by another process at start (another bot stopping, a backup): tried again
 * with a growing pause for a while, so that its saved games come back; after that the running
 * bot keeps trying (persist.c). */
static void wait_for_lock(store *db, const char *path, char *err, size_t errlen)
{
    static const unsigned pauses_ms[] = { 250, 500, 1000, 2000, 4000, 8000 };
    for (size_t i = 0; i < sizeof pauses_ms / sizeof *pauses_ms; i++) {
        if (store_mode_of(db) != STORE_OFFLINE || store_last_fault(db) != STORE_FAULT_LOCKED)
            return;
        log_msg(LOG_WARNING,
                "the state database %s is locked by another process; trying again in "
                "%.2g s",
                path, pauses_ms[i] / 1000.0);
        struct timespec ts = { pauses_ms[i] / 1000, (long)(pauses_ms[i] % 1000) * 1000000L };
        nanosleep(&ts, NULL);
        if (store_reopen(db, err, errlen))
            log_msg(LOG_NOTICE, "the state database %s is no longer locked", path);
    }
}

/* state.database: stats and saved games. Without it the bot still runs, keeping nothing; a file
 * it cannot write (or open) is tried again while it runs. */
static store *open_store(const bot_config *cfg, tables *t)
{
    char err[1024];
    struct stat st;
    bool existed = stat(cfg->state.database, &st) == 0; /* a mistyped path starts afresh: say so */
    store *db = store_open(cfg->state.database, err, sizeof err);
    if (!db) {
        log_msg(LOG_ERR, "%s; running without saved games or stats", err);
        return NULL;
    }
    if (!existed && store_mode_of(db) == STORE_WRITABLE)
        log_msg(LOG_NOTICE, "created a new state database %s: no saved games or stats yet",
                cfg->state.database);
    store_set_synchronous(db, cfg->state.synchronous == CONFIG_SYNC_FULL);
    wait_for_lock(db, cfg->state.database, err, sizeof err);
    if (store_mode_of(db) != STORE_WRITABLE)
        log_msg(LOG_ERR, "%s", err[0] ? err : store_error(db));
    else if (err[0])
        log_msg(LOG_WARNING, "%s", err);
    restore_ctx r = { t, db, cfg, 0 };
    if (store_mode_of(db) != STORE_OFFLINE && store_load_tables(db, restore_table, &r) < 0)
        log_msg(LOG_ERR, "cannot read the saved games: %s", store_error(db));
    else if (r.restored)
        log_msg(LOG_NOTICE, "%d saved game(s) restored from %s", r.restored, cfg->state.database);
    tables_set_store(t, db);
    return db;
}

static int run_bot(const bot_config *cfg, const char *config_path)
{
    sigset_t waitmask;
    /* One malloc arena for the few threads (relay, computer players, pages), none of them busy:
     * an arena of its own each kept 40 to 180 KiB resident (0.2 MiB at 30 games). */
    mallopt(M_ARENA_MAX, 1);
    install_signals(&waitmask);
    tables *t = tables_new(cfg, random_seed());
    if (t)
        tables_set_entropy(t, random_fill);
    outq *q = outq_new(cfg->flood.burst, cfg->flood.rate);
    store *db = t ? open_store(cfg, t) : NULL;
    aiworker *ai = aiworker_new();
    daemon_ctx *d = t && q ? daemon_new(cfg, t, q, db, ai, random_seed()) : NULL;
    int status = 1;
    ended_ctx e = { d, db, cfg };
    if (d && db && store_mode_of(db) != STORE_OFFLINE
        && store_load_tables(db, restore_ended, &e) < 0)
        log_msg(LOG_ERR, "cannot read the saved games: %s", store_error(db));
    if (d) {
        daemon_set_reload(d, reload_config, (void *)config_path);
        status = daemon_run(d, &signals_seen, &waitmask);
    } else {
        log_msg(LOG_CRIT, "out of memory while starting; free some memory and start again");
    }
    daemon_free(d);
    aiworker_free(ai);
    if (q)
        outq_free(q);
    if (t)
        tables_free(t);
    store_close(db);
    return status;
}

/* --export-game, --export-games, --export-site: from state.database of the config, without connecting. */
static int run_export(const options *o)
{
    bot_config cfg;
    char err[1024];
    struct stat st;
    if (!read_config(o->config_path, &cfg, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    if (stat(cfg.state.database, &st) != 0) {
        fprintf(stderr,
                "durakbot: no state database at %s (state.database in %s): no game is recorded "
                "there yet\n",
                cfg.state.database, o->config_path);
        return 1;
    }
    if (!S_ISREG(st.st_mode)) { /* SQLite would say only "disk I/O error" */
        fprintf(stderr,
                "durakbot: the state database %s is not a regular file (a directory?): set "
                "state.database in %s to a file path\n",
                cfg.state.database, o->config_path);
        return 1;
    }
    /* read only: the bot may be running on this file, and an export never migrates it nor moves
     * it aside (as store_open does with a file it cannot use, a newer durakbot's for one) */
    store *db = store_open_reader(cfg.state.database, err, sizeof err);
    if (!db) {
        fprintf(stderr, "durakbot: %s\n", err);
        return 1;
    }
    site_options so = site_options_of(&cfg);
    char what[CONFIG_PATH_MAX + 200];
    if (o->export_site && !config_site_dir_ok(&cfg, o->export_site, what, sizeof what)) {
        fprintf(stderr, "durakbot: --export-site %s: %s\n", o->export_site, what);
        store_close(db);
        return 1;
    }
    if (o->export_site)
        snprintf(so.dir, sizeof so.dir, "%s", o->export_site);
    int status = o->export_site   ? site_export(db, &so, stderr)
                 : o->export_game ? export_game(db, o->export_game, stdout, stderr)
                                  : export_games(db, o->since, stdout, stderr);
    store_close(db);
    if (fflush(stdout) != 0) {
        fprintf(stderr, "durakbot: writing the export failed: %s\n", strerror(errno));
        return 1;
    }
    return status;
}

int main(int argc, char **argv)
{
    options o;
    int status = parse_args(argc, argv, &o);
    if (status >= 0)
        return status;
    if (o.export_game || o.export_games || o.export_site)
        return run_export(&o);
    bot_config cfg;
    char err[1024];
    if (!load_config(o.config_path, &cfg, o.check_only, err, sizeof err)) {
        if (o.check_only)
            fprintf(stderr, "%s\n", err);
        else
            log_msg(LOG_ERR, "%s; fix the config (check it with durakbot -c FILE --check-config)",
                    err);
        return 1;
    }
    if (o.check_only) {
        printf("%s: ok\n", o.config_path);
        return 0;
    }
    log_msg(LOG_NOTICE, "durakbot %s starting with %s: %s:%d as %s", DURAKBOT_VERSION,
            o.config_path, cfg.irc.server, cfg.irc.port, cfg.irc.nick);
    return run_bot(&cfg, o.config_path);
}
