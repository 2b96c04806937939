/* test_config: the config loader against the example file, good files and every kind of error.
 * Each test writes its fixture files into its own temporary directory. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"

#ifndef DURAK_SOURCE_DIR
#error "DURAK_SOURCE_DIR must name the source tree (see tests/unit/CMakeLists.txt)"
#endif

/* ---- fixtures: a temporary directory per test ---- */

struct fixture {
    char dir[64];
    char files[4][128];
    int nfiles;
    const void *data; /* the table row of a table-driven test */
};

static int fixture_setup(void **state)
{
    struct fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    f->data = *state;
    strcpy(f->dir, "/tmp/durak-config-XXXXXX");
    assert_non_null(mkdtemp(f->dir));
    *state = f;
    return 0;
}

static int fixture_teardown(void **state)
{
    struct fixture *f = *state;
    for (int i = 0; i < f->nfiles; i++)
        unlink(f->files[i]);
    rmdir(f->dir);
    free(f);
    return 0;
}

/* Writes len bytes of text (len 0: strlen) to dir/name; returns the path (valid until teardown). */
static const char *fixture_write(struct fixture *f, const char *name, const char *text, size_t len)
{
    assert_true(f->nfiles < 4);
    char *path = f->files[f->nfiles++];
    char buf[sizeof f->files[0]];
    snprintf(buf, sizeof buf, "%s/%s", f->dir, name);
    memcpy(path, buf, sizeof buf);
    FILE *fp = fopen(path, "wb");
    assert_non_null(fp);
    size_t n = len ? len : strlen(text);
    assert_int_equal(fwrite(text, 1, n, fp), n);
    assert_int_equal(fclose(fp), 0);
    return path;
}

static void assert_config_equal(const bot_config *a, const bot_config *b)
{
    assert_string_equal(a->irc.server, b->irc.server);
    assert_int_equal(a->irc.port, b->irc.port);
    assert_int_equal(a->irc.tls, b->irc.tls);
    assert_int_equal(a->irc.tls_verify, b->irc.tls_verify);
    assert_string_equal(a->irc.tls_ca_file, b->irc.tls_ca_file);
    assert_string_equal(a->irc.tls_cert, b->irc.tls_cert);
    assert_string_equal(a->irc.tls_key, b->irc.tls_key);
    assert_string_equal(a->irc.password, b->irc.password);
    assert_string_equal(a->irc.password_file, b->irc.password_file);
    assert_string_equal(a->irc.nick, b->irc.nick);
    assert_string_equal(a->irc.username, b->irc.username);
    assert_string_equal(a->irc.realname, b->irc.realname);
    assert_int_equal(a->irc.nchannels, b->irc.nchannels);
    for (int i = 0; i < a->irc.nchannels; i++)
        assert_string_equal(a->irc.channels[i], b->irc.channels[i]);
    assert_string_equal(a->irc.nickserv_password, b->irc.nickserv_password);
    assert_string_equal(a->irc.nickserv_password_file, b->irc.nickserv_password_file);
    assert_int_equal(a->irc.nickserv_wait, b->irc.nickserv_wait);
    assert_string_equal(a->irc.nickserv_target, b->irc.nickserv_target);
    assert_string_equal(a->irc.nickserv_host, b->irc.nickserv_host);
    assert_int_equal(a->irc.ping_interval, b->irc.ping_interval);
    assert_int_equal(a->flood.burst, b->flood.burst);
    assert_true(a->flood.rate == b->flood.rate);
    assert_string_equal(a->game.prefix, b->game.prefix);
    assert_int_equal(a->game.turn_timeout, b->game.turn_timeout);
    assert_int_equal(a->game.lobby_timeout, b->game.lobby_timeout);
    assert_int_equal(a->game.rejoin_grace, b->game.rejoin_grace);
    assert_int_equal(a->game.max_timeouts, b->game.max_timeouts);
    assert_int_equal(a->game.variant, b->game.variant);
    assert_int_equal(a->game.throwin, b->game.throwin);
    assert_int_equal(a->game.first5, b->game.first5);
    assert_true(a->game.bot_delay == b->game.bot_delay);
    assert_true(a->game.expert_budget == b->game.expert_budget);
    assert_int_equal(a->game.hints, b->game.hints);
    assert_int_equal(a->game.replace_leavers, b->game.replace_leavers);
    assert_int_equal(a->game.private_per_hour, b->game.private_per_hour);
    assert_int_equal(a->ui.colors, b->ui.colors);
    assert_int_equal(a->ui.unicode_suits, b->ui.unicode_suits);
    assert_int_equal(a->ui.private_lines, b->ui.private_lines);
    assert_string_equal(a->state.database, b->state.database);
    assert_int_equal(a->state.synchronous, b->state.synchronous);
    assert_int_equal(a->irc.encoding, b->irc.encoding);
    assert_int_equal(a->nadmins, b->nadmins);
    for (int i = 0; i < a->nadmins; i++)
        assert_string_equal(a->admins[i], b->admins[i]);
    assert_int_equal(a->game.language, b->game.language);
    assert_int_equal(a->nchannel_settings, b->nchannel_settings);
    for (int i = 0; i < a->nchannel_settings; i++) {
        assert_string_equal(a->channel_settings[i].name, b->channel_settings[i].name);
        assert_int_equal(a->channel_settings[i].language, b->channel_settings[i].language);
        assert_string_equal(a->channel_settings[i].key, b->channel_settings[i].key);
    }
}

/* Loads path expecting success; returns the config. */
static bot_config load_ok(const char *path)
{
    bot_config c;
    char err[1024] = "";
    memset(&c, 0x5a, sizeof c);
    if (!config_load(path, &c, err, sizeof err))
        fail_msg("config_load(%s) failed: %s", path, err);
    return c;
}

/* Loads path expecting failure with exactly "<file>:<suffix>"; file NULL means path. */
static void load_fails(const char *path, const char *file, const char *suffix)
{
    bot_config c, before;
    char err[1024] = "", want[1024];
    memset(&c, 0x5a, sizeof c);
    memcpy(&before, &c, sizeof c);
    assert_false(config_load(path, &c, err, sizeof err));
    snprintf(want, sizeof want, "%s:%s", file ? file : path, suffix);
    assert_string_equal(err, want);
    assert_memory_equal(&c, &before, sizeof c); /* left untouched */
}

/* ---- good files ---- */

static void test_example_is_defaults(void **state)
{
    (void)state;
    bot_config want, got = load_ok(DURAK_SOURCE_DIR "/config/durakbot.conf");
    config_defaults(&want);
    assert_config_equal(&got, &want);
}

static void test_defaults(void **state)
{
    (void)state;
    bot_config c;
    config_defaults(&c);
    assert_string_equal(c.irc.server, "127.0.0.1");
    assert_int_equal(c.irc.port, 6667);
    assert_false(c.irc.tls);
    assert_true(c.irc.tls_verify);
    assert_string_equal(c.irc.tls_ca_file, "");
    assert_string_equal(c.irc.tls_cert, "");
    assert_string_equal(c.irc.tls_key, "");
    assert_string_equal(c.irc.password_file, "");
    assert_string_equal(c.irc.nickserv_password_file, "");
    assert_int_equal(c.irc.nickserv_wait, 10);
    assert_string_equal(c.irc.nickserv_target, "NickServ");
    assert_string_equal(c.irc.nickserv_host, "");
    assert_string_equal(c.irc.nick, "durakbot");
    assert_int_equal(c.irc.nalt_nicks, 0);
    assert_int_equal(c.irc.nchannels, 1);
    assert_string_equal(c.irc.channels[0], "#durak");
    assert_int_equal(c.irc.ping_interval, 120);
    assert_int_equal(c.flood.burst, 5);
    assert_true(c.flood.rate == 1.0);
    assert_string_equal(c.game.prefix, "!");
    assert_int_equal(c.game.turn_timeout, 60);
    assert_int_equal(c.game.variant, CONFIG_VARIANT_CLASSIC);
    assert_int_equal(c.game.throwin, CONFIG_THROWIN_ALL);
    assert_false(c.game.first5);
    assert_true(c.game.bot_delay == 1.5);
    assert_true(c.game.expert_budget == 1.0);
    assert_int_equal(c.game.hints, CONFIG_HINTS_PRIVATE);
    assert_false(c.game.replace_leavers);
    assert_int_equal(c.game.private_per_hour, 20);
    assert_true(c.ui.colors && c.ui.unicode_suits);
    assert_int_equal(c.ui.private_lines, CONFIG_LINES_NOTICE);
    assert_string_equal(c.state.database, "/var/lib/durakbot/durakbot.db");
    assert_int_equal(c.state.synchronous, CONFIG_SYNC_NORMAL);
    assert_int_equal(c.nadmins, 1);
    assert_string_equal(c.admins[0], "*!*@trusted.host");
}

static void test_empty_file_is_defaults(void **state)
{
    bot_config want, got = load_ok(fixture_write(*state, "empty.conf", "# nothing\n", 0));
    config_defaults(&want);
    assert_config_equal(&got, &want);
}

/* Web addresses as people write them: a scheme in capitals, an apostrophe, a name in Cyrillic. */
static void test_site_urls(void **state)
{
    const char *const urls[] = { "HTTP://EXAMPLE.ORG/durak", "https://example.org/o'neil/",
                                 "https://\xd0\xb4\xd1\x83\xd1\x80\xd0\xb0\xd0\xba.example/" };
    char text[200];
    for (size_t i = 0; i < sizeof urls / sizeof *urls; i++) {
        snprintf(text, sizeof text, "site = { url = \"%s\"; };\n", urls[i]);
        bot_config c = load_ok(fixture_write(*state, "url.conf", text, 0));
        assert_string_equal(c.site.url, urls[i]);
    }
}

static void test_custom_file(void **state)
{
    struct fixture *f = *state;
    fixture_write(f, "ui.conf", "ui = { colors = false; unicode_suits = false; };\n", 0);
    const char *path = fixture_write(
        f, "custom.conf",
        "// a custom file\n"
        "irc = { server = \"irc.example.org\"; port = 6697; password = \"sekrit\";\n"
        "  nick = \"Durak[bot]\"; username = \"cards\"; realname = \"Cards \\\"R\\\" us\";\n"
        "  channels = ( \"#cards\", \"&local\" );  nickserv_password = \"ns pass\";\n"
        "  ping_interval = 300 };\n"
        "flood = { burst = 3; rate = 2; };\n" /* an integer for a float */
        "game = { prefix = \".\"; turn_timeout = 45; lobby_timeout = 0x12C;\n"
        "  rejoin_grace = 0; max_timeouts = 3; variant = \"transfer\";\n"
        "  throwin = \"neighbors\"; first5 = TRUE; };\n"
        "state = { synchronous = \"full\"; };\n"
        "site = { dir = \"/srv/durak\"; url = \"https://example.org/durak\"; };\n"
        "/* admins: two */ admins = [ \"alice!*@*.example.org\", \"b?b!bob@host\" ];\n"
        "@include \"ui.conf\"\n",
        0);
    bot_config c = load_ok(path);
    assert_string_equal(c.irc.server, "irc.example.org");
    assert_int_equal(c.irc.port, 6697);
    assert_string_equal(c.irc.password, "sekrit");
    assert_string_equal(c.irc.nick, "Durak[bot]");
    assert_string_equal(c.irc.username, "cards");
    assert_string_equal(c.irc.realname, "Cards \"R\" us");
    assert_int_equal(c.irc.nchannels, 2);
    assert_string_equal(c.irc.channels[0], "#cards");
    assert_string_equal(c.irc.channels[1], "&local");
    assert_string_equal(c.irc.nickserv_password, "ns pass");
    assert_int_equal(c.irc.ping_interval, 300);
    assert_int_equal(c.flood.burst, 3);
    assert_true(c.flood.rate == 2.0);
    assert_string_equal(c.game.prefix, ".");
    assert_int_equal(c.game.turn_timeout, 45);
    assert_int_equal(c.game.lobby_timeout, 300);
    assert_int_equal(c.game.rejoin_grace, 0);
    assert_int_equal(c.game.max_timeouts, 3);
    assert_int_equal(c.game.variant, CONFIG_VARIANT_TRANSFER);
    assert_int_equal(c.game.throwin, CONFIG_THROWIN_NEIGHBOURS);
    assert_true(c.game.first5);
    assert_int_equal(c.state.synchronous, CONFIG_SYNC_FULL);
    assert_string_equal(c.site.dir, "/srv/durak");
    assert_string_equal(c.site.url, "https://example.org/durak");
    assert_false(c.ui.colors);
    assert_false(c.ui.unicode_suits);
    assert_int_equal(c.nadmins, 2);
    assert_string_equal(c.admins[0], "alice!*@*.example.org");
    assert_string_equal(c.admins[1], "b?b!bob@host");
}

static void test_partial_file_keeps_defaults(void **state)
{
    bot_config want,
        got = load_ok(fixture_write(*state, "p.conf", "game = { turn_timeout = 30; };\n", 0));
    config_defaults(&want);
    want.game.turn_timeout = 30;
    assert_config_equal(&got, &want);
}

/* game.language and channel_settings: the default language, and one per channel. */
static void test_languages(void **state)
{
    bot_config want, got = load_ok(fixture_write(
                         *state, "l.conf",
                         "irc = { channels = [ \"#durak\", \"#durak.ru\", \"#Durak.FR\" ]; };\n"
                         "game = { language = \"es\"; };\n"
                         "channel_settings = ( { name = \"#durak.ru\"; language = \"ru\"; },\n"
                         "  { name = \"#durak.fr\"; language = \"fr\"; },\n"
                         "  { name = \"#durak\"; } );\n",
                         0));
    config_defaults(&want);
    assert_int_equal(want.game.language, CONFIG_LANG_EN);
    assert_int_equal(want.nchannel_settings, 0);
    want.irc.nchannels = 3;
    strcpy(want.irc.channels[1], "#durak.ru");
    strcpy(want.irc.channels[2], "#Durak.FR");
    want.game.language = CONFIG_LANG_ES;
    want.nchannel_settings = 3;
    strcpy(want.channel_settings[0].name, "#durak.ru");
    want.channel_settings[0].language = CONFIG_LANG_RU;
    strcpy(want.channel_settings[1].name, "#durak.fr");
    want.channel_settings[1].language = CONFIG_LANG_FR;
    strcpy(want.channel_settings[2].name, "#durak");
    want.channel_settings[2].language = -1; /* game.language */
    assert_config_equal(&got, &want);
}

/* A channel key (+k) in channel_settings: 23 bytes of printable ASCII, "" for none. */
static void test_channel_keys(void **state)
{
    bot_config c = load_ok(fixture_write(
        *state, "k.conf",
        "irc = { channels = [ \"#durak\", \"#cards\", \"#open\" ]; };\n"
        "channel_settings = ( { name = \"#DURAK\"; key = \"s3s@me!{x}~123456789012\"; },\n"
        "  { name = \"#cards\"; key = \"\"; language = \"ru\"; } );\n",
        0));
    assert_int_equal(c.nchannel_settings, 2);
    assert_string_equal(c.channel_settings[0].key, "s3s@me!{x}~123456789012"); /* 23 bytes */
    assert_string_equal(c.channel_settings[1].key, "");
    assert_int_equal(c.channel_settings[1].language, CONFIG_LANG_RU);
}

/* irc.encoding: each value, in any case (as names go in other programs' configs); utf-8 by
 * default. */
static void test_encodings(void **state)
{
    static const struct {
        const char *value;
        int want;
    } cases[] = {
        { "utf-8", CONFIG_ENC_UTF8 },
        { "cp1251", CONFIG_ENC_CP1251 },
        { "koi8-r", CONFIG_ENC_KOI8R },
        { "auto", CONFIG_ENC_AUTO_CP1251 },
        { "auto:cp1251", CONFIG_ENC_AUTO_CP1251 },
        { "auto:koi8-r", CONFIG_ENC_AUTO_KOI8R },
        { "UTF-8", CONFIG_ENC_UTF8 },
        { "CP1251", CONFIG_ENC_CP1251 },
    };
    bot_config d;
    config_defaults(&d);
    assert_int_equal(d.irc.encoding, CONFIG_ENC_UTF8);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[128];
        snprintf(text, sizeof text, "irc = { encoding = \"%s\"; };\n", cases[i].value);
        struct fixture *f = *state;
        bot_config got = load_ok(fixture_write(f, "e.conf", text, 0));
        assert_int_equal(got.irc.encoding, cases[i].want);
        if (i + 1 < sizeof cases / sizeof cases[0])
            f->nfiles--; /* the same file is written again: teardown removes it once */
    }
}

static void test_tls_file(void **state)
{
    bot_config c = load_ok(fixture_write(
        *state, "tls.conf",
        "irc = { server = \"irc.example.net\"; tls = true; tls_verify = false;\n"
        "  tls_ca_file = \"/etc/durakbot/ca.pem\"; tls_cert = \"/etc/durakbot/bot.pem\";\n"
        "  tls_key = \"/etc/durakbot/bot.key\"; password_file = \"/etc/durakbot/pass\";\n"
        "  nickserv_password_file = \"/run/ns\"; nickserv_wait = 0;\n"
        "  nickserv_target = \"NickServ@services.example.net\"; nickserv_host = \"services.\"; };\n"
        "game = { bot_delay = 0.25; expert_budget = 2.5; hints = \"always\";\n"
        "  replace_leavers = true; private_per_hour = 0; };\n"
        "ui = { private_lines = \"privmsg\"; };\n"
        "state = { database = \"/tmp/durak.db\"; };\n",
        0));
    assert_true(c.irc.tls);
    assert_false(c.irc.tls_verify);
    assert_int_equal(c.irc.port, 6697); /* the TLS default */
    assert_string_equal(c.irc.tls_ca_file, "/etc/durakbot/ca.pem");
    assert_string_equal(c.irc.tls_cert, "/etc/durakbot/bot.pem");
    assert_string_equal(c.irc.tls_key, "/etc/durakbot/bot.key");
    assert_string_equal(c.irc.password, "");
    assert_string_equal(c.irc.password_file, "/etc/durakbot/pass");
    assert_string_equal(c.irc.nickserv_password_file, "/run/ns");
    assert_int_equal(c.irc.nickserv_wait, 0);
    assert_string_equal(c.irc.nickserv_target, "NickServ@services.example.net");
    assert_string_equal(c.irc.nickserv_host, "services.");
    assert_true(c.game.bot_delay == 0.25);
    assert_true(c.game.expert_budget == 2.5);
    assert_int_equal(c.game.hints, CONFIG_HINTS_ALWAYS);
    assert_true(c.game.replace_leavers);
    assert_int_equal(c.game.private_per_hour, 0); /* no cap */
    assert_int_equal(c.ui.private_lines, CONFIG_LINES_PRIVMSG);
    assert_string_equal(c.state.database, "/tmp/durak.db");
}

static void test_tls_port_given(void **state)
{
    struct fixture *f = *state;
    bot_config c = load_ok(fixture_write(f, "a.conf", "irc = { tls = true; port = 6667; };\n", 0));
    assert_int_equal(c.irc.port, 6667);
    c = load_ok(fixture_write(f, "b.conf", "irc = { port = 7000; tls = true; };\n", 0));
    assert_int_equal(c.irc.port, 7000);
    c = load_ok(fixture_write(f, "c.conf", "irc = { tls = false; };\n", 0));
    assert_int_equal(c.irc.port, 6667);
}

static void test_tls_port_included(void **state)
{
    struct fixture *f = *state;
    fixture_write(f, "port.conf", "port = 6668;\n", 0);
    bot_config c = load_ok(
        fixture_write(f, "main.conf", "irc = {\n  tls = true;\n@include \"port.conf\"\n};\n", 0));
    assert_int_equal(c.irc.port, 6668);
}

static void test_cert_without_key(void **state)
{
    /* the key may be in the certificate's file */
    bot_config c = load_ok(fixture_write(
        *state, "k.conf", "irc = { tls = true; tls_cert = \"/etc/bot.pem\"; };\n", 0));
    assert_string_equal(c.irc.tls_cert, "/etc/bot.pem");
    assert_string_equal(c.irc.tls_key, "");
}

static void test_limits_accepted(void **state)
{
    char text[4096];
    int n = snprintf(
        text, sizeof text,
        "irc = { port = 65535; nick = \"a23456789012345678901234567890\"; ping_interval = 3600;\n"
        "  channels = [ \"#2345678901234567890123456789012345678901234567890\"");
    for (int i = 1; i < CONFIG_MAX_CHANNELS; i++)
        n += snprintf(text + n, sizeof text - (size_t)n, ", \"#c%d\"", i);
    snprintf(
        text + n, sizeof text - (size_t)n,
        " ]; };\nflood = { burst = 50; rate = 0.1; };\n"
        "game = { prefix = \"!?.\"; turn_timeout = 10; lobby_timeout = 86400; rejoin_grace = 3600;"
        " max_timeouts = 10; bot_delay = 30; };\nadmins = [];\n");
    bot_config c = load_ok(fixture_write(*state, "limits.conf", text, 0));
    assert_int_equal(c.irc.port, 65535);
    assert_int_equal(strlen(c.irc.nick), 30);
    assert_int_equal(c.irc.nchannels, CONFIG_MAX_CHANNELS);
    assert_int_equal(strlen(c.irc.channels[0]), 50);
    assert_string_equal(c.irc.channels[31], "#c31");
    assert_int_equal(c.flood.burst, 50);
    assert_true(c.flood.rate == 0.1);
    assert_string_equal(c.game.prefix, "!?.");
    assert_int_equal(c.game.lobby_timeout, 86400);
    assert_true(c.game.bot_delay == 30.0);
    assert_int_equal(c.nadmins, 0);
}

/* ---- errors: the exact message, file, line and key ---- */

static void test_missing_file(void **state)
{
    struct fixture *f = *state;
    char path[128], want[256];
    snprintf(path, sizeof path, "%s/nope.conf", f->dir);
    snprintf(want, sizeof want, "%s: cannot open: No such file or directory", path);
    char err[256];
    bot_config c;
    assert_false(config_load(path, &c, err, sizeof err));
    assert_string_equal(err, want);
}

/* site.dir through a symlink to the database's folder is that folder: refused as it is. */
static void test_site_dir_symlink(void **state)
{
    struct fixture *f = *state;
    char real[128], link[128], text[512], err[1024];
    snprintf(real, sizeof real, "%s/state", f->dir);
    snprintf(link, sizeof link, "%s/www", f->dir);
    assert_int_equal(mkdir(real, 0700), 0);
    assert_int_equal(symlink(real, link), 0);
    snprintf(text, sizeof text,
             "state = { database = \"%s/bot.db\"; };\nsite = { dir = \"%s\"; };\n", real, link);
    const char *path = fixture_write(f, "durakbot.conf", text, 0);
    bot_config c;
    bool ok = config_load(path, &c, err, sizeof err);
    unlink(link);
    rmdir(real);
    assert_false(ok);
    assert_non_null(strstr(err, "site.dir: holds state.database"));
}

static void test_directory(void **state)
{
    struct fixture *f = *state;
    char want[256], err[256];
    bot_config c;
    snprintf(want, sizeof want, "%s: cannot open: Is a directory", f->dir);
    assert_false(config_load(f->dir, &c, err, sizeof err));
    assert_string_equal(err, want);
}

static void test_small_err_buffer(void **state)
{
    const char *path = fixture_write(*state, "e.conf", "irc = { port = 0; };\n", 0);
    char err[8];
    bot_config c;
    assert_false(config_load(path, &c, err, sizeof err));
    assert_int_equal(strlen(err), 7); /* truncated, terminated */
    assert_false(config_load(path, &c, NULL, 0));
}

static void test_error_in_included_file(void **state)
{
    struct fixture *f = *state;
    fixture_write(f, "sub.conf", "ui = {\n  colors = 1;\n};\n", 0);
    load_fails(
        fixture_write(f, "main.conf", "game = { prefix = \"!\"; };\n@include \"sub.conf\"\n", 0),
        "sub.conf", "2: ui.colors: must be true or false (got an integer)");
}

/* @include is checked before libconfig sees it: libconfig exits the process on a directory (a
 * SIGHUP would kill the bot) and blocks on a FIFO. */
static void test_include_directory(void **state)
{
    struct fixture *f = *state;
    char dir[512], want[1200];
    snprintf(dir, sizeof dir, "%s/sub", f->dir);
    assert_int_equal(mkdir(dir, 0700), 0);
    const char *path = fixture_write(f, "main.conf",
                                     "game = { prefix = \"!\"; };\n\n"
                                     "  @include \"sub\"\n",
                                     0);
    snprintf(want, sizeof want, "3: @include: \"sub\" (%s): it is a directory (include a file)",
             dir);
    load_fails(path, NULL, want);
    rmdir(dir);
}

static void test_include_fifo_nested(void **state)
{
    struct fixture *f = *state;
    char fifo[512], want[1200];
    snprintf(fifo, sizeof fifo, "%s/fifo", f->dir);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    fixture_write(f, "a.conf", "# \"a\" comment @include \"x\"\n@include \"fifo\"\n", 0);
    const char *path =
        fixture_write(f, "main.conf", "/* @include \"no\" */\n@include \"a.conf\"\n", 0);
    snprintf(want, sizeof want,
             "2: @include: \"fifo\" (%s): it is not a regular file (include a plain text file)",
             fifo);
    load_fails(path, "a.conf", want);
    unlink(fifo);
}

/* A channel's settings under another spelling of its name, as rfc1459 folds it: its channel. */
static void test_channel_settings_casemapped(void **state)
{
    bot_config c = load_ok(fixture_write(*state, "cm.conf",
                                         "irc = { channels = [ \"#a[x]\" ]; };\n"
                                         "channel_settings = ( { name = \"#A{x}\"; language = "
                                         "\"ru\"; } );\n",
                                         0));
    assert_int_equal(c.nchannel_settings, 1);
}

/* libconfig opens incdir + NAME, so "/etc/x.conf" was "cannot open" a path nobody wrote. */
static void test_include_absolute(void **state)
{
    struct fixture *f = *state;
    char want[1200];
    snprintf(want, sizeof want,
             "1: @include: \"%s/a.conf\" is an absolute path; included files are named relative "
             "to the config's folder (write it so, from %s, or move the file there)",
             f->dir, f->dir);
    fixture_write(f, "a.conf", "ui = { colors = false; };\n", 0);
    char line[700];
    snprintf(line, sizeof line, "@include \"%s/a.conf\"\n", f->dir);
    load_fails(fixture_write(f, "main.conf", line, 0), NULL, want);
}

static void test_include_missing_and_loop(void **state)
{
    struct fixture *f = *state;
    const char *path = fixture_write(f, "main.conf", "@include \"gone.conf\"\n", 0);
    char want[1200];
    snprintf(want, sizeof want,
             "1: @include: \"gone.conf\" (%s/gone.conf): cannot open it: No such file or directory",
             f->dir);
    load_fails(path, NULL, want);
    path = fixture_write(f, "self.conf", "@include \"self.conf\"\n", 0);
    load_fails(path, "self.conf",
               "1: @include: \"self.conf\" is nested more than 10 files deep (include fewer "
               "levels)");
}

/* libconfig reads an @include name across lines and cuts it at a NUL: "\0x\n..." became the include
 * directory itself, and libconfig exited the process reading it (found by fuzz_config). */
static void test_include_name_odd(void **state)
{
    struct fixture *f = *state;
    static const char nul[] = "# c\n@include \"\0inc.conf\n\"\n";
    load_fails(fixture_write(f, "nul.conf", nul, sizeof nul - 1), NULL,
               "2: @include: the file name has a control character or a line break (write "
               "@include \"NAME\" on one line)");
    load_fails(fixture_write(f, "open.conf", "\n@include \"a.conf\n", 0), NULL,
               "2: @include: the file name has a control character or a line break (write "
               "@include \"NAME\" on one line)");
    load_fails(fixture_write(f, "bs.conf", "@include \"a\\b.conf\"\n", 0), NULL,
               "1: @include: a backslash in the file name (write the name plainly)");
}

/* \" and \\ in the name are what libconfig opens: a quote in a file name still loads. */
static void test_include_name_escaped(void **state)
{
    struct fixture *f = *state;
    fixture_write(f, "q\"t.conf", "game = { prefix = \"?\"; };\n", 0);
    bot_config c = load_ok(fixture_write(f, "main.conf", "@include \"q\\\"t.conf\"\n", 0));
    assert_string_equal(c.game.prefix, "?");
    load_fails(fixture_write(f, "eof.conf", "@include \"q", 0), NULL,
               "1: @include: the file name has no closing quote (write @include \"NAME\")");
}

static void test_overflow_in_included_file(void **state)
{
    struct fixture *f = *state;
    fixture_write(f, "sub.conf", "\n\n  port = 4294973963;\n", 0);
    load_fails(fixture_write(f, "main.conf", "irc = {\n@include \"sub.conf\"\n};\n", 0), "sub.conf",
               "3: irc.port: must be between 1 and 65535 (got 4294973963)");
}

static void test_nul_byte(void **state)
{
    static const char text[] = "irc = {\n  realname = \"Durak\0card\";\n};\n";
    load_fails(fixture_write(*state, "nul.conf", text, sizeof text - 1), NULL,
               "2: irc.realname: must not contain NUL (remove the NUL byte or \\x00)");
}

/* A string of n copies of ch inside key = "..."; in group. */
static void load_long_string(struct fixture *f, const char *group, const char *key, char first,
                             size_t n, const char *suffix)
{
    char text[1024], value[600];
    memset(value, 'a', n);
    value[0] = first;
    value[n] = '\0';
    snprintf(text, sizeof text, "%s = {\n  %s = \"%s\";\n};\n", group, key, value);
    if (!group[0])
        snprintf(text, sizeof text, "\n%s = [ \"%s\" ];\n", key, value);
    load_fails(fixture_write(f, "long.conf", text, 0), NULL, suffix);
}

static void test_too_long_server(void **state)
{
    load_long_string(*state, "irc", "server", 'a', 300,
                     "2: irc.server: must be at most 255 bytes (got 300)");
}

static void test_too_long_realname(void **state)
{
    load_long_string(*state, "irc", "realname", 'a', 256,
                     "2: irc.realname: must be at most 255 bytes (got 256)");
}

static void test_too_long_admin(void **state)
{
    char text[200];
    memset(text, 'a', 128);
    memcpy(text, "n!u@", 4);
    text[128] = '\0';
    char conf[400];
    /* (libconfig 1.5 gives an array's last entry the line of the token after it: keep "]" on its line) */
    snprintf(conf, sizeof conf, "admins = [\n  \"%s\" ];\n", text);
    load_fails(fixture_write(*state, "a.conf", conf, 0), NULL,
               "2: admins[0]: must be at most 127 bytes (got 128)");
}

static void test_too_many_channels(void **state)
{
    char text[2048] = "irc = {\n  channels = [ \"#c0\"";
    for (int i = 1; i <= CONFIG_MAX_CHANNELS; i++)
        snprintf(text + strlen(text), sizeof text - strlen(text), ", \"#c%d\"", i);
    strcat(text, " ];\n};\n");
    load_fails(fixture_write(*state, "c.conf", text, 0), NULL,
               "2: irc.channels: must have between 1 and 32 entries (got 33)");
}

struct bad_case {
    const char *name;
    const char *text;
    const char *suffix; /* the message after "<file>:" */
};

#define NICK_RULE                                                                                  \
    "must be an IRC nick: 1 to 30 letters, digits or []\\`_^{|}-, not starting with a digit or "   \
    "'-'"
#define CHANNEL_RULE                                                                               \
    "must be a channel name starting with # or &, without spaces, commas or control characters, "  \
    "at most 50 bytes"
#define HOSTMASK_RULE                                                                              \
    "must be a hostmask nick!user@host with * and ? as wildcards, like \"*!*@trusted.host\""
#define PREFIX_RULE "must be 1 to 3 ASCII punctuation characters like \"!\""
#define PATH_RULE "must be an absolute file name starting with / without control characters"
#define LONG_PATH                                                                                  \
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" \
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"                                                        \
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" \
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
#define SYNTAX_HINT                                                                                \
    "(each setting is name = value; with strings in double quotes, groups in { } and lists in "    \
    "[ ]: look at this line and the one before it)"
#define SERVICE_RULE                                                                               \
    "must be services' nick, like \"NickServ\", or their nick on their server, like "              \
    "\"NickServ@services.example.net\": a nick of at most 30 bytes, a server name of at most 63 "  \
    "letters, digits, '-' and '_' with a dot"
#define PERCENT_RULE "must not contain '%' (libircclient uses it as a printf format)"
#define URL_MUST                                                                                   \
    "must be a web address: http:// or https:// and a host, in UTF-8, without spaces, \", < or "   \
    ">, "                                                                                          \
    "like \"https://example.org/durak\" "

#define KEY_RULE "must be the channel's key (+k): printable ASCII without spaces, ',' or ':' "

static const struct bad_case bad_cases[] = {
    /* libconfig's own errors */
    { "syntax", "irc = {\n  port = ;\n};\n", "2: syntax error " SYNTAX_HINT },
    { "unterminated string", "irc = {\n  nick = \"durak;\n};\n", "4: syntax error " SYNTAX_HINT },
    /* libconfig names no key: the hint finds the one on the line that stood before it too */
    { "duplicate group", "flood = { burst = 5; };\nflood = { rate = 2.0; };\n",
      "2: duplicate setting name (flood is given twice in the same place: keep one)" },
    { "duplicate key", "game = {\n  hints = \"never\";\n  bot_delay = 1; hints = \"always\"; };\n",
      "3: duplicate setting name (hints is given twice in the same place: keep one)" },
    { "duplicate key on its line",
      "irc = { nick = \"a = b\"; # port = 1\n};\nflood = { rate = 2.0; rate = 3.0; };\n",
      "3: duplicate setting name (rate is given twice in the same place: keep one)" },
    { "duplicate, two names", "a = { x = 1; };\nb = { x = 1; };\na = { y = 1; }; x = 2;\n",
      "3: duplicate setting name (a key or group given twice in the same place: keep one)" },
    { "mixed list", "irc = {\n  channels = [ \"#a\", 5 ];\n};\n",
      "2: mismatched element type in array (a list [ ] holds values of one type: every channel a "
      "string in double quotes, like [ \"#durak\", \"#cards\" ])" },
    /* the README's names for keys, typed as they are written there */
    { "dotted key", "# the port\nirc.port = 6697;\n",
      "2: syntax error (a dotted key is written inside its group: irc = { port = 6697; };)" },
    { "dotted key, a list", "game.hints = \"always\"\n",
      "1: syntax error (a dotted key is written inside its group: game = { hints = \"always\"; "
      "};)" },
    /* unknown keys */
    { "unknown top-level", "\ncolour = true;\n",
      "2: colour: unknown key (expected one of: irc, flood, game, ui, state, site, admins, "
      "channel_settings)" },
    { "unknown in irc", "irc = {\n  sever = \"x\";\n};\n",
      "2: irc.sever: unknown key (expected one of: server, port, tls, tls_verify, tls_ca_file, "
      "tls_cert, tls_key, "
      "password, password_file, nick, alt_nicks, username, realname, channels, nickserv_password, "
      "nickserv_password_file, "
      "nickserv_wait, nickserv_target, nickserv_host, sasl_mechanism, sasl_username, "
      "sasl_password, sasl_password_file, "
      "sasl_required, ping_interval, encoding)" },
    { "unknown in game", "game = { prefix = \"!\";\n  timeout = 5; };\n",
      "2: game.timeout: unknown key (expected one of: prefix, turn_timeout, throwin_timeout, "
      "lobby_timeout, "
      "rejoin_grace, "
      "max_timeouts, variant, throwin, first5, bot_delay, expert_budget, hints, replace_leavers, "
      "private_per_hour, language)" },
    /* languages */
    { "bad language", "game = {\n  language = \"de\";\n};\n",
      "2: game.language: must be \"en\", \"ru\", \"fr\" or \"es\" (got \"de\")" },
    { "channel_settings not a list", "channel_settings = \"#durak\";\n",
      "1: channel_settings: must be a list of groups ( { name = \"#channel\"; language = \"ru\"; "
      "}, ... ) (got a string)" },
    { "channel_settings bad language",
      "channel_settings = (\n  { name = \"#durak\";\n    language = \"klingon\"; } );\n",
      "3: channel_settings[0].language: must be \"en\", \"ru\", \"fr\" or \"es\" (got "
      "\"klingon\")" },
    { "channel_settings unknown key",
      "channel_settings = ( { name = \"#durak\"; lang = \"ru\"; } );\n",
      "1: channel_settings[0].lang: unknown key (expected one of: name, language, key)" },
    { "channel_settings no name", "channel_settings = ( { language = \"ru\"; } );\n",
      "1: channel_settings[0]: needs name = \"#channel\" (the channel it is for)" },
    { "channel_settings bad name", "channel_settings = ( { name = \"durak\"; } );\n",
      "1: channel_settings[0].name: " CHANNEL_RULE " (got \"durak\")" },
    { "channel_settings twice",
      "channel_settings = ( { name = \"#durak\"; },\n { name = \"#DURAK\"; } );\n",
      "2: channel_settings[1].name: \"#DURAK\" is already in channel_settings[0] (one entry a "
      "channel)" },
    { "realname not UTF-8", "irc = {\n  realname = \"\xff\xfe\";\n};\n",
      "2: irc.realname: must be UTF-8 text (save the config file as UTF-8)" },
    { "channels twice", "irc = {\n  channels = [ \"#dup\", \"#DUP\" ];\n};\n",
      "2: irc.channels[1]: \"#DUP\" is already irc.channels[0] (give each once)" },
    /* one channel under rfc1459, the casemapping the bot matches channel_settings by: the second
     * entry was ignored, its language never spoken */
    { "channels twice, [ and {", "irc = {\n  channels = [ \"#a[x]\", \"#A{x}\" ];\n};\n",
      "2: irc.channels[1]: \"#A{x}\" is already irc.channels[0] (give each once)" },
    { "channel_settings twice, \\ and |",
      "channel_settings = ( { name = \"#a\\\\b\"; language = \"ru\"; },\n"
      " { name = \"#A|B\"; language = \"fr\"; } );\n",
      "2: channel_settings[1].name: \"#A|B\" is already in channel_settings[0] (one entry a "
      "channel)" },
    { "alt_nicks twice", "irc = {\n  alt_nicks = [ \"durak_\", \"durak_\" ];\n};\n",
      "2: irc.alt_nicks[1]: \"durak_\" is already irc.alt_nicks[0] (give each once)" },
    { "database a folder", "state = {\n  database = \"/tmp/\";\n};\n",
      "2: state.database: /tmp/ is a folder: name the database file, like \"/tmp/durakbot.db\"" },
    { "database a device", "state = {\n  database = \"/dev/null\";\n};\n",
      "2: state.database: /dev/null is not a regular file: name the database file" },
    { "site.dir a device", "site = {\n  dir = \"/dev/null\";\n};\n",
      "2: site.dir: /dev/null is not a folder: name a folder for the pages" },
    { "channel_settings not joined",
      "channel_settings = (\n { name = \"#elsewhere\"; language = \"ru\"; } );\n",
      "2: channel_settings[0].name: \"#elsewhere\" is not in irc.channels (add it there, or fix "
      "the name)" },
    /* a channel key: one word of a JOIN line, as the servers take it, and never repeated */
    { "channel key with a space",
      "channel_settings = ( { name = \"#durak\";\n  key = \"open sesame\"; } );\n",
      "2: channel_settings[0].key: " KEY_RULE "(it holds a space)" },
    { "channel key with a comma", "channel_settings = ( { name = \"#durak\"; key = \"a,b\"; } );\n",
      "1: channel_settings[0].key: " KEY_RULE "(it holds ',')" },
    { "channel key with a colon", "channel_settings = ( { name = \"#durak\"; key = \":ab\"; } );\n",
      "1: channel_settings[0].key: " KEY_RULE "(it holds ':')" },
    { "channel key with a tab", "channel_settings = ( { name = \"#durak\"; key = \"a\tb\"; } );\n",
      "1: channel_settings[0].key: " KEY_RULE "(it holds a control character)" },
    { "channel key not ASCII",
      "channel_settings = ( { name = \"#durak\"; key = \"\xd0\xba\xd0\xbb\"; } );\n",
      "1: channel_settings[0].key: " KEY_RULE "(it holds a byte that is not ASCII)" },
    { "channel key too long",
      "channel_settings = ( { name = \"#durak\"; key = \"123456789012345678901234\"; } );\n",
      "1: channel_settings[0].key: must be at most 23 bytes (got 24)" },
    { "channel key not a string", "channel_settings = ( { name = \"#durak\"; key = 1234; } );\n",
      "1: channel_settings[0].key: must be a string in double quotes (got an integer)" },
    { "channel key, channel not joined",
      "channel_settings = (\n { name = \"#elsewhere\"; key = \"sesame\"; } );\n",
      "2: channel_settings[0].name: \"#elsewhere\" is not in irc.channels (add it there, or fix "
      "the name)" },
    { "channel_settings entry not a group", "channel_settings = ( \"#durak\" );\n",
      "1: channel_settings[0]: must be a group { name = \"#channel\"; language = \"ru\"; } (got a "
      "string)" },
    { "unknown in state", "state = {\n  db = \"/x\";\n};\n",
      "2: state.db: unknown key (expected one of: database, synchronous)" },
    { "bad encoding", "irc = {\n  encoding = \"latin1\";\n};\n",
      "2: irc.encoding: must be \"utf-8\", \"cp1251\", \"koi8-r\", \"auto\" (= \"auto:cp1251\") or "
      "\"auto:koi8-r\" (got \"latin1\")" },
    { "encoding not a string", "irc = {\n  encoding = 1251;\n};\n",
      "2: irc.encoding: must be a string in double quotes (got an integer)" },
    { "site.url not http", "site = {\n  url = \"ftp://example.org/durak\";\n};\n",
      "2: site.url: " URL_MUST "(got \"ftp://example.org/durak\")" },
    { "site.url with a quote", "site = {\n  url = \"https://x/\\\"><b>\";\n};\n",
      "2: site.url: " URL_MUST "(got \"https://x/\"><b>\")" },
    { "site.url without a host", "site = {\n  url = \"http:///durak\";\n};\n",
      "2: site.url: " URL_MUST "(got \"http:///durak\")" },
    { "site.url only a scheme", "site = {\n  url = \"https://\";\n};\n",
      "2: site.url: " URL_MUST "(got \"https://\")" },
    { "site.url not UTF-8", "site = {\n  url = \"http://x/\xff\";\n};\n",
      "2: site.url: " URL_MUST "(got \"http://x/\xff\")" },
    { "site.dir the root", "site = {\n  dir = \"/\";\n};\n",
      "2: site.dir: holds state.database (/var/lib/durakbot/durakbot.db), and the pages' folder is "
      "for everyone to read: give the pages a folder of their own, like "
      "\"/var/lib/durakbot/site\"" },
    { "site.dir the database's",
      "state = { database = \"/srv/d/bot.db\"; };\nsite = {\n  dir = \"/srv/d/\";\n};\n",
      "3: site.dir: holds state.database (/srv/d/bot.db), and the pages' folder is for everyone to "
      "read: give the pages a folder of their own, like \"/var/lib/durakbot/site\"" },
    { "site.dir above a password",
      "irc = { password_file = \"/srv/www/secret/pw\"; };\nsite = { dir = \"/srv/www\"; };\n",
      "2: site.dir: holds irc.password_file (/srv/www/secret/pw), and the pages' folder is for "
      "everyone to read: give the pages a folder of their own, like \"/var/lib/durakbot/site\"" },
    { "site.dir above a certificate holding its key",
      "irc = { tls = true; tls_cert = \"/srv/www/bot.pem\"; };\nsite = { dir = \"/srv/www\"; };\n",
      "2: site.dir: holds irc.tls_cert (which may hold the key) (/srv/www/bot.pem), and the pages' "
      "folder is for everyone to read: give the pages a folder of their own, like "
      "\"/var/lib/durakbot/site\"" },
    { "site.dir the database's, spelled otherwise",
      "state = { database = \"/srv/d/bot.db\"; };\nsite = {\n  dir = \"/srv//x/../d/.\";\n};\n",
      "3: site.dir: holds state.database (/srv/d/bot.db), and the pages' folder is for everyone to "
      "read: give the pages a folder of their own, like \"/var/lib/durakbot/site\"" },
    { "site.dir relative", "site = {\n  dir = \"www\";\n};\n",
      "2: site.dir: must be an absolute file name starting with / without control characters "
      "(got \"www\")" },
    { "bad synchronous", "state = {\n  synchronous = \"off\";\n};\n",
      "2: state.synchronous: must be \"normal\" or \"full\" (got \"off\")" },
    { "unknown group in ui", "ui = {\n  theme = { dark = true; };\n};\n",
      "2: ui.theme: unknown key (expected one of: colors, unicode_suits, private_lines)" },
    /* wrong types */
    { "group is a number", "irc = 5;\n", "1: irc: must be a group { ... } (got an integer)" },
    { "group is a list", "\nflood = ( 5, 1.0 );\n",
      "2: flood: must be a group { ... } (got a list ( ... ))" },
    { "int for string", "irc = {\n  server = 5;\n};\n",
      "2: irc.server: must be a string in double quotes (got an integer)" },
    { "string for int", "irc = {\n  port = \"6667\";\n};\n",
      "2: irc.port: must be an integer (got a string)" },
    { "float for int", "game = {\n  turn_timeout = 60.0;\n};\n",
      "2: game.turn_timeout: must be an integer (got a number with a decimal point)" },
    { "int for bool", "ui = {\n  colors = 1;\n};\n",
      "2: ui.colors: must be true or false (got an integer)" },
    { "string for bool", "game = {\n  first5 = \"no\";\n};\n",
      "2: game.first5: must be true or false (got a string)" },
    { "string for float", "flood = {\n  rate = \"1\";\n};\n",
      "2: flood.rate: must be a number (got a string)" },
    { "bool for enum", "game = {\n  variant = true;\n};\n",
      "2: game.variant: must be a string in double quotes (got true or false)" },
    { "string for list", "irc = {\n  channels = \"#durak\";\n};\n",
      "2: irc.channels: must be an array of strings [ \"...\", ... ] (got a string)" },
    { "int in list", "irc = { channels = (\n  \"#a\",\n  5 ); };\n",
      "3: irc.channels[1]: must be a string in double quotes (got an integer)" },
    { "group for int", "irc = {\n  port = { a = 1; };\n};\n",
      "2: irc.port: must be an integer (got a group { ... })" },
    /* ranges */
    { "port 0", "irc = {\n  port = 0;\n};\n", "2: irc.port: must be between 1 and 65535 (got 0)" },
    { "port 65536", "irc = {\n  port = 65536;\n};\n",
      "2: irc.port: must be between 1 and 65535 (got 65536)" },
    { "port wraps in libconfig", "irc = {\n  port = 4294973963;\n};\n",
      "2: irc.port: must be between 1 and 65535 (got 4294973963)" },
    { "port hex wraps", "irc = {\n  port = 0x100001A0B;\n};\n",
      "2: irc.port: must be between 1 and 65535 (got 0x100001A0B)" },
    { "port negative wraps", "irc = { port =\n  -4294960629; };\n",
      "2: irc.port: must be between 1 and 65535 (got -4294960629)" },
    { "port 64-bit", "irc = {\n  port = 10000000000L;\n};\n",
      "2: irc.port: must be between 1 and 65535 (got 10000000000)" },
    { "burst 0", "flood = {\n  burst = 0;\n};\n",
      "2: flood.burst: must be between 1 and 50 lines (got 0)" },
    { "burst 51", "flood = {\n  burst = 51;\n};\n",
      "2: flood.burst: must be between 1 and 50 lines (got 51)" },
    { "rate 0.05", "flood = {\n  rate = 0.05;\n};\n",
      "2: flood.rate: must be between 0.1 and 50 lines per second (got 0.05)" },
    { "rate 51", "flood = {\n  rate = 51;\n};\n",
      "2: flood.rate: must be between 0.1 and 50 lines per second (got 51)" },
    { "rate wraps", "flood = {\n  rate = 4294967297;\n};\n",
      "2: flood.rate: must be between 0.1 and 50 lines per second (got 4294967297)" },
    { "rate infinite", "flood = {\n  rate = 1e999;\n};\n",
      "2: flood.rate: must be between 0.1 and 50 lines per second (got inf)" },
    { "ping_interval 9", "irc = {\n  ping_interval = 9;\n};\n",
      "2: irc.ping_interval: must be between 10 and 3600 seconds (got 9)" },
    { "turn_timeout 5", "game = {\n  turn_timeout = 5;\n};\n",
      "2: game.turn_timeout: must be between 10 and 3600 seconds (got 5)" },
    { "turn_timeout 3601", "game = {\n  turn_timeout = 3601;\n};\n",
      "2: game.turn_timeout: must be between 10 and 3600 seconds (got 3601)" },
    { "lobby_timeout 29", "game = {\n  lobby_timeout = 29;\n};\n",
      "2: game.lobby_timeout: must be between 30 and 86400 seconds (got 29)" },
    { "rejoin_grace -1", "game = {\n  rejoin_grace = -1;\n};\n",
      "2: game.rejoin_grace: must be between 0 and 3600 seconds (got -1)" },
    { "max_timeouts 0", "game = {\n  max_timeouts = 0;\n};\n",
      "2: game.max_timeouts: must be between 1 and 10 (got 0)" },
    { "max_timeouts 11", "game = {\n  max_timeouts = 11;\n};\n",
      "2: game.max_timeouts: must be between 1 and 10 (got 11)" },
    /* enums */
    { "variant", "game = {\n  variant = \"podkidnoy\";\n};\n",
      "2: game.variant: must be \"classic\" or \"transfer\" (got \"podkidnoy\")" },
    { "throwin", "game = {\n  throwin = \"neighbour\";\n};\n",
      "2: game.throwin: must be \"all\" or \"neighbours\" (got \"neighbour\")" },
    /* prefix */
    { "prefix empty", "game = {\n  prefix = \"\";\n};\n",
      "2: game.prefix: " PREFIX_RULE " (got \"\")" },
    { "prefix letters", "game = {\n  prefix = \"d\";\n};\n",
      "2: game.prefix: " PREFIX_RULE " (got \"d\")" },
    { "prefix too long", "game = {\n  prefix = \"!!!!\";\n};\n",
      "2: game.prefix: " PREFIX_RULE " (got \"!!!!\")" },
    { "prefix space", "game = {\n  prefix = \"! \";\n};\n",
      "2: game.prefix: " PREFIX_RULE " (got \"! \")" },
    /* channels */
    { "no channels", "irc = {\n  channels = [];\n};\n",
      "2: irc.channels: must have between 1 and 32 entries (got 0)" },
    { "channel without #", "irc = {\n  channels = [ \"durak\" ];\n};\n",
      "2: irc.channels[0]: " CHANNEL_RULE " (got \"durak\")" },
    { "channel with space", "irc = {\n  channels = [ \"#a\", \"#a b\" ];\n};\n",
      "2: irc.channels[1]: " CHANNEL_RULE " (got \"#a b\")" },
    { "channel with comma", "irc = {\n  channels = [ \"#a,#b\" ];\n};\n",
      "2: irc.channels[0]: " CHANNEL_RULE " (got \"#a,#b\")" },
    { "channel with BEL", "irc = {\n  channels = [ \"#a\\x07\" ];\n};\n",
      "2: irc.channels[0]: " CHANNEL_RULE " (got \"#a\a\")" },
    { "channel 51 bytes",
      "irc = {\n  channels = [ \"#23456789012345678901234567890123456789012345678901\" ];\n};\n",
      "2: irc.channels[0]: " CHANNEL_RULE
      " (got \"#23456789012345678901234567890123456789012345678901\")" },
    /* libconfig joins "#durak" "#cards": the bot joined "#durak#cards" */
    { "channels without a comma", "irc = {\n  channels = [ \"#durak\" \"#cards\" ];\n};\n",
      "2: irc.channels[0]: looks like two channels run together (got \"#durak#cards\"): strings "
      "written side by side are joined into one; put a comma between \"#durak\" and "
      "\"#cards\"" },
    { "channel empty", "irc = {\n  channels = [ \"\" ];\n};\n",
      "2: irc.channels[0]: must not be empty (got \"\")" },
    /* nick, username, realname, passwords, server */
    { "nick digit", "irc = {\n  nick = \"9lives\";\n};\n",
      "2: irc.nick: " NICK_RULE " (got \"9lives\")" },
    { "nick dash", "irc = {\n  nick = \"-x\";\n};\n", "2: irc.nick: " NICK_RULE " (got \"-x\")" },
    { "nick space", "irc = {\n  nick = \"a b\";\n};\n",
      "2: irc.nick: " NICK_RULE " (got \"a b\")" },
    { "nick 31", "irc = {\n  nick = \"a234567890123456789012345678901\";\n};\n",
      "2: irc.nick: " NICK_RULE " (got \"a234567890123456789012345678901\")" },
    { "nick empty", "irc = {\n  nick = \"\";\n};\n", "2: irc.nick: must not be empty (got \"\")" },
    { "nick percent", "irc = {\n  nick = \"bot%s\";\n};\n", "2: irc.nick: " PERCENT_RULE },
    { "alt nick bad", "irc = {\n  alt_nicks = [ \"ok\", \"9x\" ];\n};\n",
      "2: irc.alt_nicks[1]: " NICK_RULE " (got \"9x\")" },
    { "alt nicks 9",
      "irc = {\n  alt_nicks = [ \"a\", \"b\", \"c\", \"d\", \"e\", \"f\", \"g\", \"h\", \"i\" "
      "];\n};\n",
      "2: irc.alt_nicks: must have between 0 and 8 entries (got 9)" },
    { "username at", "irc = {\n  username = \"a@b\";\n};\n",
      "2: irc.username: must not contain spaces, '@' or control characters (got \"a@b\")" },
    { "username space", "irc = {\n  username = \"a b\";\n};\n",
      "2: irc.username: must not contain spaces, '@' or control characters (got \"a b\")" },
    { "username tab", "irc = {\n  username = \"a\\tb\";\n};\n",
      "2: irc.username: must not contain spaces, '@' or control characters (got \"a\tb\")" },
    { "username percent", "irc = {\n  username = \"%n\";\n};\n", "2: irc.username: " PERCENT_RULE },
    { "realname percent", "irc = {\n  realname = \"100% durak\";\n};\n",
      "2: irc.realname: " PERCENT_RULE },
    { "realname empty", "irc = {\n  realname = \"\";\n};\n",
      "2: irc.realname: must not be empty (got \"\")" },
    { "password percent", "irc = {\n  password = \"p%ss\";\n};\n",
      "2: irc.password: " PERCENT_RULE },
    { "password space", "irc = {\n  password = \"two words\";\n};\n",
      "2: irc.password: must not contain spaces (the server password is sent as one word)" },
    { "nickserv percent", "irc = {\n  nickserv_password = \"%s%s\";\n};\n",
      "2: irc.nickserv_password: " PERCENT_RULE },
    { "nickserv target empty", "irc = {\n  nickserv_target = \"\";\n};\n",
      "2: irc.nickserv_target: must not be empty (got \"\")" },
    { "nickserv target no server", "irc = {\n  nickserv_target = \"NickServ@\";\n};\n",
      "2: irc.nickserv_target: " SERVICE_RULE " (got \"NickServ@\")" },
    { "nickserv target no dot", "irc = {\n  nickserv_target = \"NickServ@services\";\n};\n",
      "2: irc.nickserv_target: " SERVICE_RULE " (got \"NickServ@services\")" },
    { "nickserv target no nick", "irc = {\n  nickserv_target = \"@services.example.net\";\n};\n",
      "2: irc.nickserv_target: " SERVICE_RULE " (got \"@services.example.net\")" },
    { "nickserv target space", "irc = {\n  nickserv_target = \"Nick Serv\";\n};\n",
      "2: irc.nickserv_target: " SERVICE_RULE " (got \"Nick Serv\")" },
    { "nickserv target two at", "irc = {\n  nickserv_target = \"a@b@c.d\";\n};\n",
      "2: irc.nickserv_target: " SERVICE_RULE " (got \"a@b@c.d\")" },
    { "nickserv target nick too long",
      "irc = {\n  nickserv_target = \"NickServNickServNickServNickServ\";\n};\n",
      "2: irc.nickserv_target: " SERVICE_RULE " (got \"NickServNickServNickServNickServ\")" },
    { "nickserv target percent", "irc = {\n  nickserv_target = \"NickServ@%s.net\";\n};\n",
      "2: irc.nickserv_target: " SERVICE_RULE " (got \"NickServ@%s.net\")" },
    { "nickserv host at", "irc = {\n  nickserv_host = \"NickServ@services.net\";\n};\n",
      "2: irc.nickserv_host: must be the host services speak from, like "
      "\"services.example.net\", without spaces, '@', '!', ',' or control characters, or \"\" "
      "(got \"NickServ@services.net\")" },
    { "server empty", "irc = {\n  server = \"\";\n};\n",
      "2: irc.server: must not be empty (got \"\")" },
    { "server space", "irc = {\n  server = \"irc example.org\";\n};\n",
      "2: irc.server: must be a host name or address without spaces or control characters (got "
      "\"irc "
      "example.org\")" },
    { "server with port", "irc = {\n  server = \"irc.libera.chat:6697\";\n};\n",
      "2: irc.server: must be a host name or address alone, an IPv6 one without brackets: put the "
      "port in irc.port (got \"irc.libera.chat:6697\")" },
    { "IPv6 in brackets", "irc = {\n  server = \"[::1]:6697\";\n};\n",
      "2: irc.server: must be a host name or address alone, an IPv6 one without brackets: put the "
      "port in irc.port (got \"[::1]:6697\")" },
    { "IPv6 in brackets alone", "irc = {\n  server = \"[::1]\";\n};\n",
      "2: irc.server: must be a host name or address alone, an IPv6 one without brackets: put the "
      "port in irc.port (got \"[::1]\")" },
    { "server URL", "irc = {\n  server = \"ircs://irc.libera.chat/\";\n};\n",
      "2: irc.server: must be a host name or address, not an address with a scheme or path: "
      "irc.server = \"irc.libera.chat\", with irc.port and irc.tls (got "
      "\"ircs://irc.libera.chat/\")" },
    /* CR, LF, NUL */
    { "LF escape", "irc = {\n  realname = \"Durak\\ncard\";\n};\n",
      "2: irc.realname: must not contain CR or LF (remove the line break)" },
    { "CR escape", "irc = {\n  nickserv_password = \"pw\\r\";\n};\n",
      "2: irc.nickserv_password: must not contain CR or LF (remove the line break)" },
    { "raw line break", "irc = {\n  realname = \"Durak\ncard\";\n};\n",
      "2: irc.realname: must not contain CR or LF (remove the line break)" },
    { "LF in channel", "irc = {\n  channels = [ \"#a\\n\" ];\n};\n",
      "2: irc.channels[0]: must not contain CR or LF (remove the line break)" },
    { "NUL escape", "irc = {\n  nick = \"a\\x00b\";\n};\n",
      "2: irc.nick: must not contain NUL (remove the NUL byte or \\x00)" },
    /* admins */
    { "admin no bang", "admins = [\n  \"nobody\" ];\n",
      "2: admins[0]: " HOSTMASK_RULE " (got \"nobody\")" },
    { "admin no host", "admins = [ \"*!*@*\",\n  \"a!b\" ];\n",
      "2: admins[1]: " HOSTMASK_RULE " (got \"a!b\")" },
    { "admin empty nick", "admins = [\n  \"!u@h\" ];\n",
      "2: admins[0]: " HOSTMASK_RULE " (got \"!u@h\")" },
    { "admin empty host", "admins = [\n  \"n!u@\" ];\n",
      "2: admins[0]: " HOSTMASK_RULE " (got \"n!u@\")" },
    { "admin space", "admins = [\n  \"n!u@h h\" ];\n",
      "2: admins[0]: " HOSTMASK_RULE " (got \"n!u@h h\")" },
    { "admin is a string", "\nadmins = \"*!*@*\";\n",
      "2: admins: must be an array of strings [ \"...\", ... ] (got a string)" },
    /* TLS, secrets, state, computer players */
    { "tls not bool", "irc = {\n  tls = \"yes\";\n};\n",
      "2: irc.tls: must be true or false (got a string)" },
    { "tls_verify int", "irc = {\n  tls_verify = 0;\n};\n",
      "2: irc.tls_verify: must be true or false (got an integer)" },
    { "tls_ca_file relative", "irc = {\n  tls_ca_file = \"ca.pem\";\n};\n",
      "2: irc.tls_ca_file: " PATH_RULE " (got \"ca.pem\")" },
    { "tls_cert relative", "irc = {\n  tls_cert = \"~/bot.pem\";\n};\n",
      "2: irc.tls_cert: " PATH_RULE " (got \"~/bot.pem\")" },
    { "tls_key tab", "irc = {\n  tls_key = \"/a\\tb\";\n};\n",
      "2: irc.tls_key: " PATH_RULE " (got \"/a\tb\")" },
    { "tls_key without cert", "irc = { tls = true;\n  tls_key = \"/etc/bot.key\";\n};\n",
      "2: irc.tls_key: needs irc.tls_cert (the client certificate that goes with this key)" },
    /* a TLS file without TLS would be silently unused */
    { "tls_ca_file without tls", "irc = {\n  tls_ca_file = \"/etc/ca.pem\";\n};\n",
      "2: irc.tls_ca_file: is not used while irc.tls = false (set irc.tls = true, or remove "
      "irc.tls_ca_file)" },
    { "tls_cert with tls false", "irc = { tls = false;\n  tls_cert = \"/etc/bot.pem\";\n};\n",
      "2: irc.tls_cert: is not used while irc.tls = false (set irc.tls = true, or remove "
      "irc.tls_cert)" },
    { "tls_key without tls", "irc = { tls_cert = \"\";\n  tls_key = \"/etc/bot.key\";\n};\n",
      "2: irc.tls_key: is not used while irc.tls = false (set irc.tls = true, or remove "
      "irc.tls_key)" },
    { "password and file", "irc = { password = \"x\";\n  password_file = \"/etc/pw\"; };\n",
      "2: irc.password_file: irc.password is set too (keep one of them)" },
    { "nickserv password and file",
      "irc = {\n  nickserv_password_file = \"/etc/pw\";\n  nickserv_password = \"x\"; };\n",
      "2: irc.nickserv_password_file: irc.nickserv_password is set too (keep one of them)" },
    { "password_file relative", "irc = {\n  password_file = \"pw\";\n};\n",
      "2: irc.password_file: " PATH_RULE " (got \"pw\")" },
    { "password_file LF", "irc = {\n  password_file = \"/pw\\n\";\n};\n",
      "2: irc.password_file: must not contain CR or LF (remove the line break)" },
    { "password_file too long", "irc = {\n  password_file = \"/" LONG_PATH "\";\n};\n",
      "2: irc.password_file: must be at most 255 bytes (got 256)" },
    { "nickserv_wait -1", "irc = {\n  nickserv_wait = -1;\n};\n",
      "2: irc.nickserv_wait: must be between 0 and 120 seconds (got -1)" },
    { "nickserv_wait 121", "irc = {\n  nickserv_wait = 121;\n};\n",
      "2: irc.nickserv_wait: must be between 0 and 120 seconds (got 121)" },
    { "bot_delay negative", "game = {\n  bot_delay = -0.5;\n};\n",
      "2: game.bot_delay: must be between 0 and 30 seconds (got -0.5)" },
    { "bot_delay 31", "game = {\n  bot_delay = 31;\n};\n",
      "2: game.bot_delay: must be between 0 and 30 seconds (got 31)" },
    { "bot_delay string", "game = {\n  bot_delay = \"1\";\n};\n",
      "2: game.bot_delay: must be a number (got a string)" },
    { "expert_budget 0.1", "game = {\n  expert_budget = 0.1;\n};\n",
      "2: game.expert_budget: must be between 0.2 and 10 seconds (got 0.1)" },
    { "hints maybe", "game = {\n  hints = \"maybe\";\n};\n",
      "2: game.hints: must be \"off\", \"private\" or \"always\" (got \"maybe\")" },
    { "expert_budget 11", "game = {\n  expert_budget = 11;\n};\n",
      "2: game.expert_budget: must be between 0.2 and 10 seconds (got 11)" },
    { "replace_leavers int", "game = {\n  replace_leavers = 1;\n};\n",
      "2: game.replace_leavers: must be true or false (got an integer)" },
    { "private_per_hour negative", "game = {\n  private_per_hour = -1;\n};\n",
      "2: game.private_per_hour: must be between 0 and 100 games an hour (got -1)" },
    { "private_per_hour 101", "game = {\n  private_per_hour = 101;\n};\n",
      "2: game.private_per_hour: must be between 0 and 100 games an hour (got 101)" },
    { "database empty", "state = {\n  database = \"\";\n};\n",
      "2: state.database: must not be empty (got \"\")" },
    { "database relative", "state = {\n  database = \"durak.db\";\n};\n",
      "2: state.database: " PATH_RULE " (got \"durak.db\")" },
    { "state not a group", "\nstate = \"/x.db\";\n",
      "2: state: must be a group { ... } (got a string)" },
    /* the first error is the one reported */
    { "first error wins", "irc = {\n  port = 0;\n  nick = \"9\";\n};\n",
      "2: irc.port: must be between 1 and 65535 (got 0)" },
};

#define NBAD (sizeof bad_cases / sizeof bad_cases[0])

static void test_bad_case(void **state)
{
    struct fixture *f = *state;
    const struct bad_case *bc = f->data;
    load_fails(fixture_write(f, "durakbot.conf", bc->text, 0), NULL, bc->suffix);
}

#define FIXTURE_TEST(fn) cmocka_unit_test_setup_teardown(fn, fixture_setup, fixture_teardown)

int main(void)
{
    static const struct CMUnitTest fixed[] = {
        cmocka_unit_test(test_defaults),
        FIXTURE_TEST(test_example_is_defaults),
        FIXTURE_TEST(test_empty_file_is_defaults),
        FIXTURE_TEST(test_custom_file),
        FIXTURE_TEST(test_site_urls),
        FIXTURE_TEST(test_partial_file_keeps_defaults),
        FIXTURE_TEST(test_encodings),
        FIXTURE_TEST(test_tls_file),
        FIXTURE_TEST(test_languages),
        FIXTURE_TEST(test_channel_keys),
        FIXTURE_TEST(test_tls_port_given),
        FIXTURE_TEST(test_tls_port_included),
        FIXTURE_TEST(test_cert_without_key),
        FIXTURE_TEST(test_limits_accepted),
        FIXTURE_TEST(test_missing_file),
        FIXTURE_TEST(test_directory),
        FIXTURE_TEST(test_site_dir_symlink),
        FIXTURE_TEST(test_small_err_buffer),
        FIXTURE_TEST(test_error_in_included_file),
        FIXTURE_TEST(test_overflow_in_included_file),
        FIXTURE_TEST(test_include_directory),
        FIXTURE_TEST(test_include_fifo_nested),
        FIXTURE_TEST(test_channel_settings_casemapped),
        FIXTURE_TEST(test_include_absolute),
        FIXTURE_TEST(test_include_missing_and_loop),
        FIXTURE_TEST(test_include_name_odd),
        FIXTURE_TEST(test_include_name_escaped),
        FIXTURE_TEST(test_nul_byte),
        FIXTURE_TEST(test_too_long_server),
        FIXTURE_TEST(test_too_long_realname),
        FIXTURE_TEST(test_too_long_admin),
        FIXTURE_TEST(test_too_many_channels),
    };
    const size_t nfixed = sizeof fixed / sizeof fixed[0];
    struct CMUnitTest tests[sizeof fixed / sizeof fixed[0] + NBAD];
    char names[NBAD][96];
    memcpy(tests, fixed, sizeof fixed);
    for (size_t i = 0; i < NBAD; i++) {
        snprintf(names[i], sizeof names[i], "error: %s", bad_cases[i].name);
        tests[nfixed + i] =
            (struct CMUnitTest){ names[i], test_bad_case, fixture_setup, fixture_teardown,
                                 (void *)(uintptr_t)&bad_cases[i] };
    }
    return _cmocka_run_group_tests("config", tests, nfixed + NBAD, NULL, NULL);
}
