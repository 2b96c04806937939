/* test_link_guard: the wire guard's verdicts and rewrites on single lines, and the CAP/SASL
 * state machine fed with a server's lines (link_guard.c, link_cap.c; no sockets). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include <openssl/evp.h>

#include "link_cap.h"
#include "link_guard.h"

/* The line as libircclient gets it ("" when dropped), and the verdict. */
static link_verdict guard(const char *in, char *out, size_t cap)
{
    char buf[9000];
    size_t len = strlen(in);
    memcpy(buf, in, len + 1);
    link_msg m;
    link_verdict v = link_msg_parse(buf, len, &m);
    out[0] = '\0';
    if (v == LINK_OK)
        out[link_msg_write(&m, true, out, cap)] = '\0';
    return v;
}

static void assert_rewrite(const char *in, const char *want)
{
    char out[LINK_OUT_MAX];
    assert_int_equal(guard(in, out, sizeof out), LINK_OK);
    assert_string_equal(out, want);
}

static void assert_drop(const char *in, link_verdict want)
{
    char out[LINK_OUT_MAX];
    assert_int_equal(guard(in, out, sizeof out), want);
}

static void test_canonical(void **state)
{
    (void)state;
    assert_rewrite(":a!b@c PRIVMSG #d :hello there", ":a!b@c PRIVMSG #d :hello there\r\n");
    assert_rewrite(":a!b@c   PRIVMSG  #d   hi", ":a!b@c PRIVMSG #d :hi\r\n");
    assert_rewrite(":a!b@c QUIT", ":a!b@c QUIT :\r\n"); /* never a command without parameters */
    assert_rewrite("PING :x", "PING :x\r\n");
    assert_rewrite("NOTICE * :*** Looking up your hostname",
                   "NOTICE * :*** Looking up your hostname\r\n");
    assert_rewrite(":s 001 bot :Welcome", ":s 001 bot :Welcome\r\n");
}

static void test_tags(void **state)
{
    (void)state;
    assert_rewrite("@account=ann;time=2024-01-01T00:00:00Z :ann!a@h PRIVMSG #d :hi",
                   ":ann!a@h\x1f"
                   "ann PRIVMSG #d :hi\r\n");
    assert_rewrite("@time=x :ann!a@h PRIVMSG #d :hi", ":ann!a@h PRIVMSG #d :hi\r\n");
    assert_rewrite("@account=a\\sb :ann!a@h PRIVMSG #d :hi", ":ann!a@h PRIVMSG #d :hi\r\n");
    char buf[9000], out[LINK_OUT_MAX];
    memset(buf, 'x', 8000); /* 8000 bytes of tags: still one line, cut away */
    memcpy(buf, "@+x=", 4);
    snprintf(buf + 8000, 100, " :a!b@c PRIVMSG #d :ok");
    assert_int_equal(guard(buf, out, sizeof out), LINK_OK);
    assert_string_equal(out, ":a!b@c PRIVMSG #d :ok\r\n");
}

static void test_cut(void **state)
{
    (void)state;
    char in[700], out[LINK_OUT_MAX];
    int n = snprintf(in, sizeof in, ":a!b@c PRIVMSG #d :");
    while (n < 600) { /* two-byte characters across the 510-byte mark */
        memcpy(in + n, "\xd0\xb6", 2);
        n += 2;
    }
    in[n] = '\0';
    assert_int_equal(guard(in, out, sizeof out), LINK_OK);
    size_t len = strlen(out) - 2;    /* without CR LF */
    assert_true(len <= 510 + 1 + 1); /* ':' of the last parameter may be added */
    assert_true(((unsigned char)out[len - 1] & 0xC0) != 0xC0); /* no lead byte left alone */
    assert_int_equal(link_utf8_cut("ab\xd0\xb6", 4, 3), 2);
    assert_int_equal(link_utf8_cut("ab\xd0\xb6", 4, 4), 4);
}

static void test_drops(void **state)
{
    (void)state;
    assert_drop(":s 000 bot :x", LINK_DROP_NUMERIC_000);
    assert_drop(":s 001", LINK_DROP_NO_PARAMS);
    assert_drop(":a!b@c NOTICE", LINK_DROP_FEW_PARAMS);
    assert_drop(":a!b@c NOTICE bot", LINK_DROP_FEW_PARAMS);
    assert_drop(":a!b@c PRIVMSG #d", LINK_DROP_FEW_PARAMS);
    assert_drop(":a!b@c KICK #d", LINK_DROP_FEW_PARAMS);
    assert_drop(":a!b@c JOIN", LINK_DROP_FEW_PARAMS);
    assert_drop("NICK foo", LINK_DROP_NO_PREFIX);
    assert_drop(":a!b@c", LINK_DROP_NO_COMMAND);
    assert_drop(":a!b@c ", LINK_DROP_NO_COMMAND);
    assert_drop("@account=x", LINK_DROP_NO_COMMAND);
    assert_drop(":a!b@c 0012 x", LINK_DROP_BAD_COMMAND);
    assert_drop(":a!b@c PRI$MSG x :y", LINK_DROP_BAD_COMMAND);
    assert_drop(":a!b@c\x1f"
                "admin PRIVMSG #d :x",
                LINK_DROP_BAD_PREFIX);
    assert_drop(": PRIVMSG #d :x", LINK_DROP_BAD_PREFIX);
    /* a nick the bot would write at the head of its own lines: "\001ACTION" framing, spaces */
    assert_drop(":a!b@c NICK :\x01"
                "ACTION",
                LINK_DROP_BAD_NICK);
    assert_drop(":a!b@c NICK :two words", LINK_DROP_BAD_NICK);
    assert_drop(":s 352 bot #d u h s \x01x H :0 real", LINK_DROP_BAD_NICK);
    assert_drop(":s 354 bot 152 #d u h a\x7f"
                "b H acct",
                LINK_DROP_BAD_NICK);
    assert_drop(":a!b@c NICK :a_good[nick]", LINK_OK);
    assert_drop(":s 354 bot 152 #d u h nick H acct", LINK_OK);
    assert_drop(":a!b@c PRIVMSG bot :\x01", LINK_DROP_CTCP);
    assert_drop(":a!b@c PRIVMSG bot :\x01"
                "DCC SEND x 1 2 3\x01",
                LINK_DROP_CTCP);
    assert_drop("", LINK_EMPTY);
    assert_drop("   ", LINK_EMPTY);
    char nul[] = ":a!b@c PRIVMSG #d :x\0y";
    link_msg m;
    assert_int_equal(link_msg_parse(nul, sizeof nul - 1, &m), LINK_DROP_NUL);
}

static void test_isupport_split(void **state)
{
    (void)state;
    char in[600], out[LINK_OUT_MAX];
    int n = snprintf(in, sizeof in, ":s 005 bot");
    for (int i = 0; i < 12; i++)
        n += snprintf(in + n, sizeof in - (size_t)n, " T%d=x", i);
    snprintf(in + n, sizeof in - (size_t)n, " BOT=B :are supported by this server");
    assert_int_equal(guard(in, out, sizeof out), LINK_OK);
    assert_string_equal(out, ":s 005 bot T0=x T1=x T2=x T3=x T4=x T5=x T6=x T7=x :are supported by "
                             "this server\r\n"
                             ":s 005 bot T8=x T9=x T10=x T11=x BOT=B :are supported by this "
                             "server\r\n");
}

/* ---- CAP and SASL ---- */

static bool feed(link_cap *c, const char *line)
{
    char buf[600];
    link_msg m;
    snprintf(buf, sizeof buf, "%s", line);
    assert_int_equal(link_msg_parse(buf, strlen(buf), &m), LINK_OK);
    return link_cap_on_line(c, &m);
}

/* What the relay would have sent so far, and empties it. */
static const char *sent(link_cap *c)
{
    static char out[sizeof c->out + 1];
    memcpy(out, c->out, c->out_len);
    out[c->out_len] = '\0';
    c->out_len = 0;
    return out;
}

static void test_cap_plain(void **state)
{
    (void)state;
    link_cap c;
    link_cap_start(&c, LINK_SASL_PLAIN, "durakbot", "sekrit", true);
    assert_string_equal(sent(&c), "CAP LS 302\r\n");
    assert_true(feed(&c, ":s CAP * LS * :multi-prefix sasl=PLAIN,EXTERNAL"));
    assert_string_equal(sent(&c), "");
    assert_true(feed(&c, ":s CAP * LS :account-notify extended-join away-notify foo"));
    assert_string_equal(sent(&c),
                        "CAP REQ :sasl account-notify extended-join away-notify multi-prefix\r\n");
    assert_true(
        feed(&c, ":s CAP * ACK :sasl account-notify extended-join away-notify multi-prefix"));
    assert_string_equal(sent(&c), "AUTHENTICATE PLAIN\r\n");
    assert_true(feed(&c, "AUTHENTICATE +"));
    /* base64("durakbot\0durakbot\0sekrit") */
    assert_string_equal(sent(&c), "AUTHENTICATE ZHVyYWtib3QAZHVyYWtib3QAc2Vrcml0\r\n");
    assert_false(feed(&c, ":s 900 * * durakbot :You are now logged in as durakbot"));
    assert_false(link_cap_released(&c));
    assert_true(feed(&c, ":s 903 * :SASL authentication successful"));
    assert_string_equal(sent(&c), "CAP END\r\n");
    assert_string_equal(c.pass, ""); /* forgotten once logged in */
    assert_true(link_cap_released(&c));
    assert_false(feed(&c, ":s 001 durakbot :Welcome")); /* no longer its business */
}

/* The longest account and password the config takes (255 bytes each): "user\0user\0pass" is 767
 * bytes, 1,024 in base64, sent in pieces of 400 that join to it. */
static void test_sasl_plain_longest(void **state)
{
    (void)state;
    static link_cap c;
    char user[256], pass[256], want[767], b64[1100] = "";
    memset(user, 'u', 255);
    memset(pass, 'p', 255);
    user[255] = pass[255] = '\0';
    link_cap_start(&c, LINK_SASL_PLAIN, user, pass, true);
    sent(&c);
    feed(&c, ":s CAP * LS :sasl");
    assert_string_equal(sent(&c), "CAP REQ :sasl\r\n");
    feed(&c, ":s CAP * ACK :sasl");
    assert_string_equal(sent(&c), "AUTHENTICATE PLAIN\r\n");
    feed(&c, "AUTHENTICATE +");
    const char *out = sent(&c);
    int lines = 0;
    for (const char *p = out; *p; lines++) {
        const char *end = strstr(p, "\r\n");
        assert_non_null(end);
        assert_memory_equal(p, "AUTHENTICATE ", 13);
        assert_true(end - p - 13 <= 400);
        strncat(b64, p + 13, (size_t)(end - p - 13));
        p = end + 2;
    }
    assert_int_equal(lines, 3);
    assert_int_equal(strlen(b64), 1024);
    unsigned char raw[800];
    assert_int_equal(EVP_DecodeBlock(raw, (const unsigned char *)b64, 1024), 768); /* 1 pad byte */
    memcpy(want, user, 256);
    memcpy(want + 256, user, 256);
    memcpy(want + 512, pass, 255);
    assert_memory_equal(raw, want, sizeof want);
}

static void test_cap_external_and_failures(void **state)
{
    (void)state;
    link_cap c;
    link_cap_start(&c, LINK_SASL_EXTERNAL, "", NULL, true);
    sent(&c);
    feed(&c, ":s CAP * LS :sasl");
    assert_string_equal(sent(&c), "CAP REQ :sasl\r\n");
    feed(&c, ":s CAP * ACK :sasl");
    assert_string_equal(sent(&c), "AUTHENTICATE EXTERNAL\r\n");
    feed(&c, "AUTHENTICATE +");
    assert_string_equal(sent(&c), "AUTHENTICATE +\r\n");
    feed(&c, ":s 904 * :SASL authentication failed");
    assert_int_equal(c.state, LINK_CAP_FAILED);
    assert_non_null(strstr(c.error, "EXTERNAL authentication refused by the server (904"));

    link_cap_start(&c, LINK_SASL_PLAIN, "u", "p", false); /* not required: on without it */
    feed(&c, ":s CAP * LS :sasl");
    feed(&c, ":s CAP * ACK :sasl");
    feed(&c, "AUTHENTICATE +");
    sent(&c);
    feed(&c, ":s 904 * :SASL authentication failed");
    assert_string_equal(sent(&c), "AUTHENTICATE *\r\nCAP END\r\n");
    assert_true(link_cap_released(&c));

    link_cap_start(&c, LINK_SASL_PLAIN, "u", "p", true); /* required, but not offered */
    feed(&c, ":s CAP * LS :multi-prefix");
    assert_int_equal(c.state, LINK_CAP_FAILED);
    assert_non_null(strstr(c.error, "offers no SASL"));
    assert_non_null(strstr(c.error, "only while services are linked: are they up?"));

    link_cap_start(&c, LINK_SASL_NONE, NULL, NULL, false); /* a server without CAP */
    sent(&c);
    assert_true(feed(&c, ":s 421 * CAP :Unknown command"));
    assert_string_equal(sent(&c), "CAP END\r\n");
    assert_true(link_cap_released(&c));

    link_cap_start(&c, LINK_SASL_NONE, NULL, NULL, false); /* silence */
    assert_true(feed(&c, "PING :abc"));
    assert_string_equal(sent(&c), "CAP LS 302\r\nPONG :abc\r\n");
    link_cap_timeout(&c);
    assert_true(link_cap_released(&c));
}

/* The rest of what a server may answer: EXTERNAL with an authorization identity (the account
 * name, base64), a PLAIN payload of exactly 400 base64 bytes (an empty line follows, as IRCv3
 * SASL asks), CAP REQ sasl refused (NAK: the operator is told why, and the bot goes on without
 * SASL only if allowed), and a server that offers nothing the bot wants (CAP END at once). */
static void test_cap_external_user_nak_and_nothing_wanted(void **state)
{
    (void)state;
    static link_cap c;
    link_cap_start(&c, LINK_SASL_EXTERNAL, "durakbot", NULL, true);
    sent(&c);
    feed(&c, ":s CAP * LS :sasl");
    feed(&c, ":s CAP * ACK :sasl");
    assert_string_equal(sent(&c), "CAP REQ :sasl\r\nAUTHENTICATE EXTERNAL\r\n");
    feed(&c, "AUTHENTICATE +");
    assert_string_equal(sent(&c), "AUTHENTICATE ZHVyYWtib3Q=\r\n");

    char user[23], pass[255];
    memset(user, 'u', 22); /* "user\0user\0pass": 22 + 1 + 22 + 1 + 254 = 300, 400 in base64 */
    memset(pass, 'p', 254);
    user[22] = pass[254] = '\0';
    link_cap_start(&c, LINK_SASL_PLAIN, user, pass, true);
    feed(&c, ":s CAP * LS :sasl");
    feed(&c, ":s CAP * ACK :sasl");
    sent(&c);
    feed(&c, "AUTHENTICATE +");
    const char *out = sent(&c);
    assert_int_equal(strlen(out), 13 + 400 + 2 + strlen("AUTHENTICATE +\r\n"));
    assert_string_equal(out + 13 + 400, "\r\nAUTHENTICATE +\r\n");

    link_cap_start(&c, LINK_SASL_PLAIN, "u", "p", true);
    feed(&c, ":s CAP * LS :sasl multi-prefix");
    feed(&c, ":s CAP * NAK :sasl multi-prefix");
    assert_int_equal(c.state, LINK_CAP_FAILED);
    assert_non_null(strstr(c.error, "SASL: the server refused CAP REQ sasl; the bot does not go "
                                    "on unauthenticated (irc.sasl_required = true)"));
    link_cap_start(&c, LINK_SASL_PLAIN, "u", "p", false);
    sent(&c);
    feed(&c, ":s CAP * LS :sasl multi-prefix");
    feed(&c, ":s CAP * NAK :sasl multi-prefix");
    assert_string_equal(sent(&c), "CAP REQ :sasl multi-prefix\r\nCAP END\r\n");
    assert_true(link_cap_released(&c));

    link_cap_start(&c, LINK_SASL_NONE, NULL, NULL, false);
    sent(&c);
    feed(&c, ":s CAP * LS :sasl foo");
    assert_string_equal(sent(&c), "CAP END\r\n");
    assert_true(link_cap_released(&c));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sasl_plain_longest),
        cmocka_unit_test(test_canonical),
        cmocka_unit_test(test_tags),
        cmocka_unit_test(test_cut),
        cmocka_unit_test(test_drops),
        cmocka_unit_test(test_isupport_split),
        cmocka_unit_test(test_cap_plain),
        cmocka_unit_test(test_cap_external_and_failures),
        cmocka_unit_test(test_cap_external_user_nak_and_nothing_wanted),
    };
    return cmocka_run_group_tests_name("link_guard", tests, NULL, NULL);
}
