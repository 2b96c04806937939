/* test_link_enc: irc.encoding's conversions on single lines: CP1251 and KOI8-R to UTF-8
 * and back, undefined bytes, stand-ins, "auto" (who writes UTF-8: NICK, room, the least recent
 * goes), and a line that grows past 510 bytes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "link_enc.h"
#include "link_guard.h"
#include "utf8.h"

static link_enc_people people; /* "auto": who writes UTF-8, empty again at each open_enc */

static link_enc open_enc(link_encoding enc)
{
    link_enc e;
    char err[256] = "";
    if (!link_enc_open(&e, enc, err, sizeof err))
        fail_msg("%s", err);
    memset(&people, 0, sizeof people);
    e.people = &people;
    return e;
}

/* A line from the server through e. */
static void hear(link_enc *e, const char *line)
{
    char out[1024];
    link_enc_in(e, line, strlen(line), out, sizeof out);
}

/* What the server gets of the bot's line through e. */
static const char *sent(link_enc *e, const char *line)
{
    static char out[1024];
    size_t n = link_enc_out(e, line, strlen(line), out, sizeof out - 1);
    out[n] = '\0';
    return out;
}

/* in -> UTF-8, compared with want. */
static void check_in(link_encoding enc, const char *in, const char *want)
{
    link_enc e = open_enc(enc);
    char out[1024];
    size_t n = link_enc_in(&e, in, strlen(in), out, sizeof out);
    out[n] = '\0';
    assert_string_equal(out, want);
    link_enc_close(&e);
}

/* UTF-8 -> the encoding, compared with want. */
static void check_out(link_encoding enc, const char *in, const char *want)
{
    link_enc e = open_enc(enc);
    char out[1024];
    size_t n = link_enc_out(&e, in, strlen(in), out, sizeof out);
    out[n] = '\0';
    assert_string_equal(out, want);
    link_enc_close(&e);
}

static void test_utf8_unchanged(void **state)
{
    (void)state;
    link_enc e = open_enc(LINK_ENC_UTF8);
    assert_false(link_enc_active(&e));
    check_in(LINK_ENC_UTF8, "PRIVMSG bot :\xE1\xE5\xF0\xF3", "PRIVMSG bot :\xE1\xE5\xF0\xF3");
    check_out(LINK_ENC_UTF8, "PRIVMSG #d :7♠ «x»\r\n", "PRIVMSG #d :7♠ «x»\r\n");
    link_enc_close(&e);
}

static void test_cp1251(void **state)
{
    (void)state;
    check_in(LINK_ENC_CP1251, ":a!b@c PRIVMSG durakbot :\xE1\xE5\xF0\xF3",
             ":a!b@c PRIVMSG durakbot :беру");
    check_in(LINK_ENC_CP1251, ":a!b@c PRIVMSG #durak :\x21\xE4\xF3\xF0\xE0\xEA",
             ":a!b@c PRIVMSG #durak :!дурак");
    check_out(LINK_ENC_CP1251, "PRIVMSG #durak :беру «x» — …\r\n",
              "PRIVMSG #durak :\xE1\xE5\xF0\xF3 \xAB\x78\xBB \x97 \x85\r\n");
    /* what CP1251 lacks: the suits as п т б ч, a variation selector dropped, others '?' */
    check_out(LINK_ENC_CP1251, "7♠ 8♣ 9♦ 10♥ A♠\xEF\xB8\x8F 😀", "7\xEF 8\xF2 9\xE1 10\xF7 A\xEF ?");
}

static void test_koi8r(void **state)
{
    (void)state;
    check_in(LINK_ENC_KOI8R, "PRIVMSG durakbot :\xC2\xC5\xD2\xD5", "PRIVMSG durakbot :беру");
    check_in(LINK_ENC_KOI8R, "PRIVMSG #d :\x21\xC4\xD5\xD2\xC1\xCB", "PRIVMSG #d :!дурак");
    /* KOI8-R has no « » — …: their ASCII stand-ins */
    check_out(LINK_ENC_KOI8R, "ч «x» — …", "\xDE \"x\" - ...");
    check_out(LINK_ENC_KOI8R, "7♥", "7\xDE");
    /* nor №: N, as Russian typed it before the sign was on keyboards ("игра N3", not "игра ?3") */
    check_out(LINK_ENC_KOI8R, "игра №3", "\xC9\xC7\xD2\xC1 N3");
    check_out(LINK_ENC_CP1251, "игра №3",
              "\xE8\xE3\xF0\xE0 \xB9"
              "3"); /* CP1251 has it */
    /* French and Spanish without their accents, not '?' in every other word */
    check_out(LINK_ENC_KOI8R, "Enregistré : à vous, cœur, ¿Reglas? Año, ÇA, straße",
              "Enregistre : a vous, coeur, Reglas? Ano, CA, strasse");
    check_out(LINK_ENC_CP1251, "À ÿ Ï ñ × ÷ ♥", "A y I n x / \xF7");
}

/* Bytes CP1251 does not define become U+FFFD; invalid UTF-8 going out becomes '?'. */
static void test_invalid(void **state)
{
    (void)state;
    check_in(LINK_ENC_CP1251, "a\x98z\x98", "a\xEF\xBF\xBDz\xEF\xBF\xBD");
    check_out(LINK_ENC_CP1251, "a\xFFz\xD0", "a?z?");
    check_out(LINK_ENC_KOI8R, "\xC0\x80", "??"); /* overlong: two bad bytes */
    assert_true(utf8_valid("беру ♠", strlen("беру ♠")));
    assert_false(utf8_valid("\xC0\x80", 2));
    assert_false(utf8_valid("\xED\xA0\x80", 3)); /* a surrogate */
    assert_false(utf8_valid("\xF4\x90\x80\x80", 4));
    assert_false(utf8_valid("\xD0", 1));
}

/* "auto": valid UTF-8 is kept, anything else read as the legacy set; out goes in the legacy set. */
static void test_auto(void **state)
{
    (void)state;
    check_in(LINK_ENC_AUTO_CP1251, "PRIVMSG b :беру", "PRIVMSG b :беру");
    check_in(LINK_ENC_AUTO_CP1251, "PRIVMSG b :\xE1\xE5\xF0\xF3", "PRIVMSG b :беру");
    check_in(LINK_ENC_AUTO_KOI8R, "PRIVMSG b :\xC2\xC5\xD2\xD5", "PRIVMSG b :беру");
    check_in(LINK_ENC_AUTO_KOI8R, "PRIVMSG b :беру", "PRIVMSG b :беру");
    check_out(LINK_ENC_AUTO_CP1251, "беру", "\xE1\xE5\xF0\xF3");
    check_out(LINK_ENC_AUTO_KOI8R, "беру", "\xC2\xC5\xD2\xD5");
    assert_string_equal(link_enc_name(LINK_ENC_AUTO_KOI8R), "KOI8-R");
}

/* "auto": a private line to one whose last message with letters outside ASCII came in UTF-8
 * goes in UTF-8 (their client writes it, so it reads it); to one who wrote CP1251, to a channel,
 * and to anyone not heard yet, in the legacy set. A new message in CP1251 changes the person. */
static void test_auto_follows_the_person(void **state)
{
    (void)state;
    link_enc e = open_enc(LINK_ENC_AUTO_CP1251);
    char out[256];
    const char *lines[] = { "@time=x :Olya!o@h PRIVMSG durakbot :беру",
                            ":Petr!p@h PRIVMSG durakbot :\xE1\xE5\xF0\xF3",
                            ":Ivan!i@h PRIVMSG #durak :hello" }; /* ASCII tells nothing */
    for (size_t i = 0; i < sizeof lines / sizeof *lines; i++)
        link_enc_in(&e, lines[i], strlen(lines[i]), out, sizeof out);
    const struct {
        const char *line, *want;
    } rows[] = {
        { "NOTICE olya :беру", "NOTICE olya :беру" }, /* nicks in any case */
        { "PRIVMSG Olya :беру", "PRIVMSG Olya :беру" },
        { "NOTICE Petr :беру", "NOTICE Petr :\xE1\xE5\xF0\xF3" },
        { "PRIVMSG #durak :беру", "PRIVMSG #durak :\xE1\xE5\xF0\xF3" },
        { "PRIVMSG Ivan :беру", "PRIVMSG Ivan :\xE1\xE5\xF0\xF3" },
        { "PRIVMSG Zoe :беру", "PRIVMSG Zoe :\xE1\xE5\xF0\xF3" },
    };
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        size_t n = link_enc_out(&e, rows[i].line, strlen(rows[i].line), out, sizeof out);
        out[n] = '\0';
        assert_string_equal(out, rows[i].want);
    }
    const char *again = ":Olya!o@h NOTICE durakbot :\xE1\xE5\xF0\xF3"; /* Olya's client changed */
    link_enc_in(&e, again, strlen(again), out, sizeof out);
    size_t n = link_enc_out(&e, "NOTICE Olya :беру", strlen("NOTICE Olya :беру"), out, sizeof out);
    out[n] = '\0';
    assert_string_equal(out, "NOTICE Olya :\xE1\xE5\xF0\xF3");
    link_enc_close(&e);
    e = open_enc(LINK_ENC_CP1251); /* not auto: every line in the set, whoever it goes to */
    const char *utf8 = ":Olya!o@h PRIVMSG durakbot :беру";
    link_enc_in(&e, utf8, strlen(utf8), out, sizeof out);
    n = link_enc_out(&e, "NOTICE Olya :беру", strlen("NOTICE Olya :беру"), out, sizeof out);
    out[n] = '\0';
    assert_string_equal(out, "NOTICE Olya :\xE1\xE5\xF0\xF3");
    link_enc_close(&e);
}

#define DA "\xD0\xB4\xD0\xB0" /* да, in UTF-8 */
#define DA_CP1251 "\xE4\xE0"

/* "auto": a NICK takes the person's UTF-8 along; their old nick gets the legacy set. */
static void test_auto_nick_follows(void **state)
{
    (void)state;
    link_enc e = open_enc(LINK_ENC_AUTO_CP1251);
    hear(&e, ":Olya!o@h PRIVMSG durakbot :" DA);
    hear(&e, "@time=x :Olya!o@h NICK :Olga");
    assert_string_equal(sent(&e, "NOTICE Olga :" DA), "NOTICE Olga :" DA);
    assert_string_equal(sent(&e, "NOTICE Olya :" DA), "NOTICE Olya :" DA_CP1251);
    hear(&e, ":Petr!p@h NICK Pyotr"); /* never wrote UTF-8: nor does his new nick */
    assert_string_equal(sent(&e, "NOTICE Pyotr :" DA), "NOTICE Pyotr :" DA_CP1251);
    link_enc_close(&e);
}

/* "auto": however many write the legacy set, one who writes UTF-8 stays known; her own line in
 * the legacy set makes her one of them. */
static void test_auto_legacy_takes_no_room(void **state)
{
    (void)state;
    link_enc e = open_enc(LINK_ENC_AUTO_CP1251);
    char line[64];
    hear(&e, ":Olya!o@h PRIVMSG durakbot :" DA);
    for (int i = 0; i < 2 * LINK_ENC_PEOPLE; i++) {
        snprintf(line, sizeof line, ":p%d!p@h PRIVMSG #durak :" DA_CP1251, i);
        hear(&e, line);
    }
    assert_string_equal(sent(&e, "NOTICE Olya :" DA), "NOTICE Olya :" DA);
    hear(&e, ":Olya!o@h PRIVMSG durakbot :" DA_CP1251);
    assert_string_equal(sent(&e, "NOTICE Olya :" DA), "NOTICE Olya :" DA_CP1251);
    link_enc_close(&e);
}

/* "auto", the table full of UTF-8 writers: a new one takes the place of the one heard or written
 * to least recently, not of the first one in. */
static void test_auto_least_recent_goes(void **state)
{
    (void)state;
    link_enc e = open_enc(LINK_ENC_AUTO_CP1251);
    char line[64], want[64];
    for (int i = 0; i < LINK_ENC_PEOPLE; i++) {
        snprintf(line, sizeof line, ":u%d!u@h PRIVMSG durakbot :" DA, i);
        hear(&e, line);
    }
    sent(&e, "NOTICE u0 :" DA);               /* the bot wrote to u0 */
    hear(&e, ":u1!u@h PRIVMSG durakbot :hi"); /* u1 spoke, in ASCII */
    hear(&e, ":new!n@h PRIVMSG durakbot :" DA);
    assert_string_equal(sent(&e, "NOTICE new :" DA), "NOTICE new :" DA);
    for (int i = 0; i < LINK_ENC_PEOPLE; i++) {
        snprintf(line, sizeof line, "NOTICE u%d :" DA, i);
        snprintf(want, sizeof want, "NOTICE u%d :%s", i, i == 2 ? DA_CP1251 : DA);
        assert_string_equal(sent(&e, line), want);
    }
    link_enc_close(&e);
}

/* Every byte of each set that has a character comes back as itself through UTF-8. */
static void test_round_trip(void **state)
{
    (void)state;
    static const link_encoding encs[] = { LINK_ENC_CP1251, LINK_ENC_KOI8R };
    for (size_t k = 0; k < 2; k++) {
        link_enc e = open_enc(encs[k]);
        for (int b = 0x20; b < 0x100; b++) {
            char in = (char)b, mid[8], back[8];
            size_t n = link_enc_in(&e, &in, 1, mid, sizeof mid);
            if (encs[k] == LINK_ENC_CP1251 && b == 0x98) {
                assert_memory_equal(mid, "\xEF\xBF\xBD", 3);
                continue;
            }
            assert_true(utf8_valid(mid, n));
            size_t m = link_enc_out(&e, mid, n, back, sizeof back);
            if (m != 1 || back[0] != in)
                fail_msg("%s byte 0x%02X does not come back", link_enc_name(encs[k]), b);
        }
        link_enc_close(&e);
    }
}

/* A line of 400 Cyrillic letters, 419 bytes as the server sent it, grows to 819 in UTF-8: it is
 * kept whole (cut to 510 bytes, half of it was lost). One of 480 letters grows to 979 bytes: cut
 * to LINK_CONVERTED_MAX at a character boundary. A small buffer cuts at a boundary too. */
static void test_growth_cut(void **state)
{
    (void)state;
    char line[600], out[2048], copy[2048];
    const char *head = ":a!b@c PRIVMSG #d :";
    size_t h = strlen(head);
    memcpy(line, head, h);
    memset(line + h, 0xE1, 480); /* б */
    link_enc e = open_enc(LINK_ENC_CP1251);
    link_msg m;
    size_t n = link_enc_in(&e, line, h + 400, out, sizeof out);
    assert_int_equal(n, h + 800);
    memcpy(copy, out, n);
    assert_int_equal(link_msg_parse_cut(out, n, LINK_CONVERTED_MAX, &m), LINK_OK);
    assert_false(m.cut);
    assert_int_equal(strlen(m.params[m.nparams - 1]), 800);
    assert_int_equal(link_msg_parse(copy, n, &m), LINK_OK); /* a line in UTF-8 as sent: 510 */
    assert_true(m.cut);
    n = link_enc_in(&e, line, h + 480, out, sizeof out);
    assert_int_equal(n, h + 960);
    assert_int_equal(link_msg_parse_cut(out, n, LINK_CONVERTED_MAX, &m), LINK_OK);
    assert_true(m.cut);
    const char *text = m.params[m.nparams - 1];
    size_t tn = strlen(text);
    assert_true(h + tn <= LINK_CONVERTED_MAX && h + tn > LINK_CONVERTED_MAX - 2);
    assert_true(tn > 0 && tn % 2 == 0); /* whole letters only */
    for (size_t i = 0; i < tn; i += 2)
        assert_memory_equal(text + i, "б", 2);
    assert_true(utf8_valid(text, tn));
    /* 5 bytes of room for "беру": two letters (4 bytes), not half of a third */
    assert_int_equal(link_enc_in(&e, "\xE1\xE5\xF0\xF3", 4, out, 5), 4);
    assert_memory_equal(out, "бе", 4);
    link_enc_close(&e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_utf8_unchanged),
        cmocka_unit_test(test_cp1251),
        cmocka_unit_test(test_koi8r),
        cmocka_unit_test(test_invalid),
        cmocka_unit_test(test_auto),
        cmocka_unit_test(test_auto_follows_the_person),
        cmocka_unit_test(test_auto_nick_follows),
        cmocka_unit_test(test_auto_legacy_takes_no_room),
        cmocka_unit_test(test_auto_least_recent_goes),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_growth_cut),
    };
    return cmocka_run_group_tests_name("link_enc", tests, NULL, NULL);
}
