/* test_secrets: secrets from the config, from *_file keys and from systemd credentials, their
 * precedence and error messages, and the warning about files readable by others. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "failalloc.h"
#include "secrets.h"

/* ---- fixture: a temporary directory, a credentials directory inside it, captured stderr ---- */

struct fixture {
    char dir[64];
    char creds[96];
    char files[8][160];
    int nfiles;
    char log_path[160];
    int saved_stderr;
    char log[4096]; /* what was logged, after capture_end */
    bot_config c;
};

static int fixture_setup(void **state)
{
    struct fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    char dir[] = "/tmp/durak-secrets-XXXXXX";
    assert_non_null(mkdtemp(dir));
    memcpy(f->dir, dir, sizeof dir);
    snprintf(f->creds, sizeof f->creds, "%s/creds", dir);
    assert_int_equal(mkdir(f->creds, 0700), 0);
    unsetenv("CREDENTIALS_DIRECTORY");
    config_defaults(&f->c);
    f->saved_stderr = -1;
    *state = f;
    return 0;
}

static int fixture_teardown(void **state)
{
    struct fixture *f = *state;
    for (int i = 0; i < f->nfiles; i++)
        unlink(f->files[i]);
    if (f->log_path[0])
        unlink(f->log_path);
    rmdir(f->creds);
    rmdir(f->dir);
    unsetenv("CREDENTIALS_DIRECTORY");
    free(f);
    return 0;
}

/* Writes len bytes (0: strlen) of text to dir/name with mode; returns the path. */
static const char *fixture_write(struct fixture *f, const char *name, const char *text, size_t len,
                                 mode_t mode)
{
    assert_true(f->nfiles < 8);
    char *path = f->files[f->nfiles++], buf[sizeof f->files[0]];
    snprintf(buf, sizeof buf, "%s/%s", f->dir, name); /* via buf: gcc's -Wrestrict sees f twice */
    memcpy(path, buf, sizeof buf);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    assert_true(fd >= 0);
    size_t n = len ? len : strlen(text);
    assert_int_equal(write(fd, text, n), (ssize_t)n);
    assert_int_equal(close(fd), 0);
    assert_int_equal(chmod(path, mode), 0);
    return path;
}

static void use_credentials(struct fixture *f)
{
    assert_int_equal(setenv("CREDENTIALS_DIRECTORY", f->creds, 1), 0);
}

static void capture_begin(struct fixture *f)
{
    snprintf(f->log_path, sizeof f->log_path, "%s/log", f->dir);
    fflush(stderr);
    f->saved_stderr = dup(2);
    int fd = open(f->log_path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    assert_true(fd >= 0 && f->saved_stderr >= 0);
    dup2(fd, 2);
    close(fd);
}

static const char *capture_end(struct fixture *f)
{
    fflush(stderr);
    dup2(f->saved_stderr, 2);
    close(f->saved_stderr);
    FILE *fp = fopen(f->log_path, "r");
    assert_non_null(fp);
    size_t n = fread(f->log, 1, sizeof f->log - 1, fp);
    f->log[n] = '\0';
    fclose(fp);
    return f->log;
}

static void resolve_ok(struct fixture *f)
{
    char err[512] = "";
    if (!secrets_resolve(&f->c, err, sizeof err))
        fail_msg("secrets_resolve failed: %s", err);
}

/* Expects secrets_resolve to fail with exactly want, leaving the config untouched. */
static void resolve_fails(struct fixture *f, const char *want)
{
    char err[512] = "";
    bot_config before = f->c;
    assert_false(secrets_resolve(&f->c, err, sizeof err));
    assert_string_equal(err, want);
    assert_memory_equal(&f->c, &before, sizeof before);
}

static void set_path(char *field, const char *path) { memcpy(field, path, strlen(path) + 1); }

/* ---- from files ---- */

static void test_nothing_to_do(void **state)
{
    struct fixture *f = *state;
    bot_config before = f->c;
    resolve_ok(f);
    assert_memory_equal(&f->c, &before, sizeof before);
    use_credentials(f); /* an empty credentials directory changes nothing either */
    resolve_ok(f);
    assert_memory_equal(&f->c, &before, sizeof before);
}

static void test_inline_kept(void **state)
{
    struct fixture *f = *state;
    strcpy(f->c.irc.password, "inline");
    strcpy(f->c.irc.nickserv_password, "ns inline");
    resolve_ok(f);
    assert_string_equal(f->c.irc.password, "inline");
    assert_string_equal(f->c.irc.nickserv_password, "ns inline");
}

static void test_password_file(void **state)
{
    struct fixture *f = *state;
    set_path(f->c.irc.password_file, fixture_write(f, "pass", "s3cret\nsecond line\n", 0, 0600));
    set_path(f->c.irc.nickserv_password_file, fixture_write(f, "ns", "correct horse\r\n", 0, 0400));
    resolve_ok(f);
    assert_string_equal(f->c.irc.password, "s3cret");
    assert_string_equal(f->c.irc.nickserv_password, "correct horse");
    assert_string_equal(f->c.irc.password_file, f->files[0]); /* still tells where it came from */
}

static void test_password_file_without_newline(void **state)
{
    struct fixture *f = *state;
    set_path(f->c.irc.password_file, fixture_write(f, "pass", "last", 0, 0600));
    resolve_ok(f);
    assert_string_equal(f->c.irc.password, "last");
}

static void test_password_255_bytes(void **state)
{
    struct fixture *f = *state;
    char text[300];
    memset(text, 'p', 255);
    strcpy(text + 255, "\n");
    set_path(f->c.irc.password_file, fixture_write(f, "pass", text, 0, 0600));
    resolve_ok(f);
    assert_int_equal(strlen(f->c.irc.password), 255);
}

/* ---- errors ---- */

static void test_missing_file(void **state)
{
    struct fixture *f = *state;
    char path[128], want[512];
    snprintf(path, sizeof path, "%s/nope", f->dir);
    set_path(f->c.irc.password_file, path);
    snprintf(want, sizeof want,
             "irc.password_file: cannot read %s: No such file or directory (write the password on "
             "the first line "
             "of that file, or remove irc.password_file)",
             path);
    resolve_fails(f, want);
}

static void test_missing_nickserv_file(void **state)
{
    struct fixture *f = *state;
    char path[128], want[512];
    snprintf(path, sizeof path, "%s/ns", f->dir);
    set_path(f->c.irc.nickserv_password_file, path);
    snprintf(want, sizeof want,
             "irc.nickserv_password_file: cannot read %s: No such file or directory (write the "
             "password on the "
             "first line of that file, or remove irc.nickserv_password_file)",
             path);
    resolve_fails(f, want);
}

static void test_directory(void **state)
{
    struct fixture *f = *state;
    char want[512];
    set_path(f->c.irc.password_file, f->dir);
    snprintf(want, sizeof want,
             "irc.password_file: cannot read %s: Is a directory (write the password on the first "
             "line of that "
             "file, or remove irc.password_file)",
             f->dir);
    resolve_fails(f, want);
}

struct bad_file {
    const char *name;
    const char *text;
    size_t len; /* 0: strlen */
    bool nickserv;
    const char *problem; /* after "irc.password_file: PATH " */
};

static const struct bad_file bad_files[] = {
    { "empty", "", 0, false, "is empty (write the password on its first line)" },
    { "empty line", "\nsecond\n", 0, false, "is empty (write the password on its first line)" },
    { "CRLF only", "\r\n", 0, true, "is empty (write the password on its first line)" },
    { "percent", "50%off\n", 0, false,
      "holds a password with '%' (libircclient uses it as a printf format: change the password)" },
    { "percent nickserv", "%s\n", 0, true,
      "holds a password with '%' (libircclient uses it as a printf format: change the password)" },
    { "space", "two words\n", 0, false,
      "holds a password with spaces (the server password is sent as one word)" },
    { "tab", "a\tb\n", 0, true,
      "has control characters in its first line (remove tabs and other control bytes)" },
    { "NUL", "a\0b\n", 4, false,
      "has control characters in its first line (remove tabs and other control bytes)" },
    { "lone CR", "a\rb\n", 0, false,
      "has control characters in its first line (remove tabs and other control bytes)" },
};

static void test_bad_files(void **state)
{
    struct fixture *f = *state;
    char long_line[300];
    memset(long_line, 'x', 256);
    long_line[256] = '\0';
    for (size_t i = 0; i <= sizeof bad_files / sizeof bad_files[0]; i++) {
        const struct bad_file *b = &bad_files[i];
        struct bad_file too_long = {
            "too long", long_line, 0, false,
            "has a first line longer than 255 bytes (the password may have at most 255)"
        };
        if (i == sizeof bad_files / sizeof bad_files[0])
            b = &too_long;
        config_defaults(&f->c);
        f->nfiles = 0;
        const char *path = fixture_write(f, "bad", b->text, b->len, 0600);
        char *field = b->nickserv ? f->c.irc.nickserv_password_file : f->c.irc.password_file;
        char want[512];
        set_path(field, path);
        snprintf(want, sizeof want, "%s: %s %s",
                 b->nickserv ? "irc.nickserv_password_file" : "irc.password_file", path,
                 b->problem);
        print_message("bad file: %s\n", b->name);
        resolve_fails(f, want);
    }
}

static void test_null_err(void **state)
{
    struct fixture *f = *state;
    set_path(f->c.irc.password_file, "/nonexistent/durak/pass");
    assert_false(secrets_resolve(&f->c, NULL, 0));
    char small[10];
    assert_false(secrets_resolve(&f->c, small, sizeof small));
    assert_int_equal(strlen(small), 9);
}

/* ---- systemd credentials ---- */

static const char *write_credential(struct fixture *f, const char *name, const char *text)
{
    char rel[64];
    snprintf(rel, sizeof rel, "creds/%s", name);
    return fixture_write(f, rel, text, 0, 0400);
}

static void test_credentials(void **state)
{
    struct fixture *f = *state;
    const char *pw = write_credential(f, SECRETS_CRED_IRC_PASSWORD, "fromcred\n");
    const char *ns = write_credential(f, SECRETS_CRED_NICKSERV_PASSWORD, "ns from cred");
    const char *key = write_credential(f, SECRETS_CRED_TLS_KEY, "-----BEGIN PRIVATE KEY-----\n");
    use_credentials(f);
    strcpy(f->c.irc.tls_cert, "/etc/durakbot/bot.pem");
    resolve_ok(f);
    assert_string_equal(f->c.irc.password, "fromcred");
    assert_string_equal(f->c.irc.password_file, pw);
    assert_string_equal(f->c.irc.nickserv_password, "ns from cred");
    assert_string_equal(f->c.irc.nickserv_password_file, ns);
    assert_string_equal(f->c.irc.tls_key, key);
    assert_string_equal(f->c.irc.tls_cert, "/etc/durakbot/bot.pem");
}

static void test_credential_names(void **state)
{
    (void)state;
    assert_string_equal(SECRETS_CRED_IRC_PASSWORD, "irc-password");
    assert_string_equal(SECRETS_CRED_NICKSERV_PASSWORD, "nickserv-password");
    assert_string_equal(SECRETS_CRED_TLS_KEY, "tls-key");
}

static void test_credentials_unset_or_empty(void **state)
{
    struct fixture *f = *state;
    write_credential(f, SECRETS_CRED_IRC_PASSWORD, "fromcred\n");
    resolve_ok(f); /* $CREDENTIALS_DIRECTORY unset */
    assert_string_equal(f->c.irc.password, "");
    assert_int_equal(setenv("CREDENTIALS_DIRECTORY", "", 1), 0);
    resolve_ok(f);
    assert_string_equal(f->c.irc.password, "");
}

static void test_config_wins_over_credential(void **state)
{
    struct fixture *f = *state;
    write_credential(f, SECRETS_CRED_IRC_PASSWORD, "fromcred\n");
    write_credential(f, SECRETS_CRED_NICKSERV_PASSWORD, "nscred\n");
    write_credential(f, SECRETS_CRED_TLS_KEY, "key\n");
    use_credentials(f);
    strcpy(f->c.irc.password, "inline");
    set_path(f->c.irc.nickserv_password_file, fixture_write(f, "ns", "fromfile\n", 0, 0600));
    strcpy(f->c.irc.tls_cert, "/etc/durakbot/bot.pem");
    strcpy(f->c.irc.tls_key, "/etc/durakbot/bot.key");
    capture_begin(f);
    resolve_ok(f);
    const char *log = capture_end(f);
    assert_string_equal(f->c.irc.password, "inline");
    assert_string_equal(f->c.irc.password_file, "");
    assert_string_equal(f->c.irc.nickserv_password, "fromfile");
    assert_string_equal(f->c.irc.tls_key, "/etc/durakbot/bot.key");
    assert_string_equal(
        log,
        "<4>secrets: the systemd credential tls-key is not used because the config sets "
        "irc.tls_key "
        "(remove one of them)\n"
        "<4>secrets: the systemd credential irc-password is not used because the config sets "
        "irc.password (remove one of them)\n"
        "<4>secrets: the systemd credential nickserv-password is not used because the config sets "
        "irc.nickserv_password_file (remove one of them)\n");
}

static void test_bad_credential(void **state)
{
    struct fixture *f = *state;
    const char *pw = write_credential(f, SECRETS_CRED_IRC_PASSWORD, "has space\n");
    char want[512];
    use_credentials(f);
    snprintf(want, sizeof want,
             "systemd credential irc-password: %s holds a password with spaces (the server "
             "password is sent as "
             "one word)",
             pw);
    resolve_fails(f, want);
}

static void test_unreadable_credential(void **state)
{
    struct fixture *f = *state;
    char path[160], want[512];
    snprintf(path, sizeof path, "%s/%s", f->creds, SECRETS_CRED_NICKSERV_PASSWORD);
    assert_int_equal(mkdir(path, 0700), 0); /* there, but not a file */
    use_credentials(f);
    snprintf(want, sizeof want,
             "systemd credential nickserv-password: cannot read %s: Is a directory (check "
             "LoadCredential= in the "
             "service's unit)",
             path);
    resolve_fails(f, want);
    rmdir(path);
}

static void test_key_credential_needs_cert(void **state)
{
    struct fixture *f = *state;
    write_credential(f, SECRETS_CRED_TLS_KEY, "key\n");
    use_credentials(f);
    resolve_fails(
        f, "systemd credential tls-key: given, but irc.tls_cert is not set (set it to the client "
           "certificate that goes with the key, or drop the credential)");
}

/* $CREDENTIALS_DIRECTORY so long that a credential's path would not fit a path key (255 bytes):
 * refused, naming the credential and what to shorten, whether the key's path or only a
 * password's is too long; the config is left as it was. */
static void test_credentials_directory_too_long(void **state)
{
    struct fixture *f = *state;
    char dir[CONFIG_PATH_MAX], want[1024], err[1024];
    /* 250 bytes: dir/tls-key (258) is too long */
    memset(dir, 'd', 250);
    dir[0] = '/';
    dir[250] = '\0';
    assert_int_equal(setenv("CREDENTIALS_DIRECTORY", dir, 1), 0);
    snprintf(want, sizeof want,
             "systemd credential tls-key: the path %s/tls-key is longer than 255 bytes (shorten "
             "$CREDENTIALS_DIRECTORY)",
             dir);
    bot_config before = f->c;
    assert_false(secrets_resolve(&f->c, err, sizeof err));
    assert_string_equal(err, want);
    /* 245 bytes: dir/tls-key (253) fits, dir/irc-password (258) does not */
    dir[245] = '\0';
    assert_int_equal(setenv("CREDENTIALS_DIRECTORY", dir, 1), 0);
    snprintf(want, sizeof want,
             "systemd credential irc-password: the path %s/irc-password is longer than 255 bytes "
             "(shorten $CREDENTIALS_DIRECTORY)",
             dir);
    assert_false(secrets_resolve(&f->c, err, sizeof err));
    assert_string_equal(err, want);
    assert_memory_equal(&f->c, &before, sizeof before);
}

/* No memory for the copy the secrets are read into: said, and the config left as it was. */
static void test_out_of_memory(void **state)
{
    struct fixture *f = *state;
    char err[512] = "";
    strcpy(f->c.irc.password, "inline");
    bot_config before = f->c;
    failalloc_after(1);
    bool ok = secrets_resolve(&f->c, err, sizeof err);
    failalloc_off();
    assert_false(ok);
    assert_string_equal(err, "secrets: out of memory (free some memory and start again)");
    assert_memory_equal(&f->c, &before, sizeof before);
}

/* ---- permissions ---- */

static bool check_permissions(struct fixture *f, const char *path)
{
    capture_begin(f);
    bool warned = secrets_check_permissions(path, &f->c);
    capture_end(f);
    return warned;
}

static void test_permission_warning(void **state)
{
    struct fixture *f = *state;
    const char *conf = fixture_write(f, "durakbot.conf", "irc = { password = \"x\"; };\n", 0, 0644);
    char want[512];
    strcpy(f->c.irc.password, "x");
    assert_true(check_permissions(f, conf));
    snprintf(want, sizeof want,
             "<4>secrets: %s holds irc.password and is readable by others (mode 0644): chmod o-r "
             "%s, or move the "
             "secret to a *_file key or a systemd credential (see durakbot.conf)\n",
             conf, conf);
    assert_string_equal(f->log, want);
    strcpy(f->c.irc.nickserv_password, "y");
    assert_true(check_permissions(f, conf));
    assert_non_null(strstr(f->log, "holds irc.password and irc.nickserv_password and is readable"));
}

static void test_no_permission_warning(void **state)
{
    struct fixture *f = *state;
    const char *conf = fixture_write(f, "durakbot.conf", "", 0, 0640);
    strcpy(f->c.irc.nickserv_password, "x");
    assert_false(check_permissions(f, conf)); /* not readable by others */
    assert_string_equal(f->log, "");
    assert_int_equal(chmod(conf, 0644), 0);
    config_defaults(&f->c); /* no secret inside */
    assert_false(check_permissions(f, conf));
    assert_string_equal(f->log, "");
}

static void test_secret_file_readable(void **state)
{
    struct fixture *f = *state;
    const char *conf = fixture_write(f, "durakbot.conf", "", 0, 0644);
    const char *pw = fixture_write(f, "pass", "p\n", 0, 0644);
    char want[512];
    set_path(f->c.irc.password_file, pw);
    resolve_ok(f); /* now irc.password is set, from the file: the config itself holds nothing */
    assert_true(check_permissions(f, conf));
    snprintf(want, sizeof want,
             "<4>secrets: irc.password_file %s is readable by others (mode 0644): chmod o-r %s\n",
             pw, pw);
    assert_string_equal(f->log, want);
    assert_int_equal(chmod(pw, 0600), 0);
    assert_false(check_permissions(f, conf));
}

static void test_key_file_readable(void **state)
{
    struct fixture *f = *state;
    const char *conf = fixture_write(f, "durakbot.conf", "", 0, 0600);
    const char *pem = fixture_write(f, "bot.pem",
                                    "-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n"
                                    "-----BEGIN PRIVATE KEY-----\n-----END PRIVATE KEY-----\n",
                                    0, 0604);
    set_path(f->c.irc.tls_cert, pem);
    assert_true(check_permissions(f, conf)); /* no tls_key: the key is in the certificate's file */
    assert_non_null(strstr(f->log, "irc.tls_cert (holding the key)"));
    /* a certificate alone (its key the credential tls-key, or not given yet) is public: no word */
    const char *cert = fixture_write(
        f, "cert.pem", "-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n", 0, 0644);
    set_path(f->c.irc.tls_cert, cert);
    assert_false(check_permissions(f, conf));
    assert_string_equal(f->log, "");
    set_path(f->c.irc.tls_cert, pem);
    const char *key = fixture_write(f, "bot.key", "key\n", 0, 0644);
    set_path(f->c.irc.tls_key, key);
    assert_true(check_permissions(f, conf));
    assert_non_null(strstr(f->log, "<4>secrets: irc.tls_key "));
    assert_null(strstr(f->log, "tls_cert"));
}

static void test_credential_not_flagged_as_inline(void **state)
{
    struct fixture *f = *state;
    const char *conf = fixture_write(f, "durakbot.conf", "", 0, 0644);
    write_credential(f, SECRETS_CRED_IRC_PASSWORD, "fromcred\n");
    use_credentials(f);
    resolve_ok(f);
    assert_false(check_permissions(f, conf)); /* the credential is 0400, the config holds nothing */
}

/* SASL PLAIN whose password came from nowhere (config, file, credential) is missing: the bot
 * could never log in. A credential, or no SASL PLAIN, leaves nothing missing. */
static void test_sasl_password_missing(void **state)
{
    struct fixture *f = *state;
    char err[512] = "";
    f->c.irc.sasl_mechanism = CONFIG_SASL_PLAIN;
    set_path(f->c.irc.sasl_username, "durakbot");
    resolve_ok(f);
    assert_true(secrets_missing(&f->c, err, sizeof err));
    assert_string_equal(err, "irc.sasl_mechanism \"plain\" has no password: set "
                             "irc.sasl_password_file (or irc.sasl_password), or give the service "
                             "the systemd credential sasl-password (LoadCredential=)");
    write_credential(f, SECRETS_CRED_SASL_PASSWORD, "fromcred\n");
    use_credentials(f);
    resolve_ok(f);
    assert_false(secrets_missing(&f->c, err, sizeof err));
    f->c.irc.sasl_password[0] = '\0';
    f->c.irc.sasl_mechanism = CONFIG_SASL_EXTERNAL;
    assert_false(secrets_missing(&f->c, err, sizeof err));
}

#define FIXTURE_TEST(fn) cmocka_unit_test_setup_teardown(fn, fixture_setup, fixture_teardown)

int main(void)
{
    static const struct CMUnitTest tests[] = {
        FIXTURE_TEST(test_nothing_to_do),
        FIXTURE_TEST(test_inline_kept),
        FIXTURE_TEST(test_password_file),
        FIXTURE_TEST(test_password_file_without_newline),
        FIXTURE_TEST(test_password_255_bytes),
        FIXTURE_TEST(test_missing_file),
        FIXTURE_TEST(test_missing_nickserv_file),
        FIXTURE_TEST(test_directory),
        FIXTURE_TEST(test_bad_files),
        FIXTURE_TEST(test_null_err),
        cmocka_unit_test(test_credential_names),
        FIXTURE_TEST(test_credentials),
        FIXTURE_TEST(test_credentials_unset_or_empty),
        FIXTURE_TEST(test_config_wins_over_credential),
        FIXTURE_TEST(test_bad_credential),
        FIXTURE_TEST(test_unreadable_credential),
        FIXTURE_TEST(test_key_credential_needs_cert),
        FIXTURE_TEST(test_credentials_directory_too_long),
        FIXTURE_TEST(test_out_of_memory),
        FIXTURE_TEST(test_permission_warning),
        FIXTURE_TEST(test_no_permission_warning),
        FIXTURE_TEST(test_secret_file_readable),
        FIXTURE_TEST(test_key_file_readable),
        FIXTURE_TEST(test_credential_not_flagged_as_inline),
        FIXTURE_TEST(test_sasl_password_missing),
    };
    return cmocka_run_group_tests_name("secrets", tests, NULL, NULL);
}
