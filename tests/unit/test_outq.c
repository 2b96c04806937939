/* test_outq: the send queue's token bucket, splitter (400 bytes, words, UTF-8, colour codes),
 * CR/LF/NUL stripping, round-robin between targets, bounds; the classes: raw lines (never refused
 * for room), game lines, low lines (once no game line waits), replies (newest only to a user,
 * every one to a channel; bounded, stale after 30 s); lines in the log; a push with no memory for
 * its lines; marks of what has gone. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "failalloc.h"
#include "outq.h"
#include "outq_penalty.h"

/* ---- helpers ---- */

/* Sends (peeks and commits) every line allowed at now; returns how many. */
static int drain_at(outq *q, double now)
{
    int n = 0;
    while (outq_peek(q, now)) {
        outq_commit(q, now);
        n++;
    }
    return n;
}

/* Pushes lines "l0".."l<n-1>" to target. */
static void push_n(outq *q, const char *target, int n)
{
    char text[32];
    for (int i = 0; i < n; i++) {
        snprintf(text, sizeof text, "l%d", i);
        assert_true(outq_push(q, "PRIVMSG", target, text));
    }
}

/* Collects the text after " :" of every queued line (an unlimited bucket), into out[]. */
static int collect(outq *q, char out[][OUTQ_MAX_TEXT + 1], int max)
{
    int n = 0;
    const char *line;
    outq_set_rate(q, 50, 50);
    for (double t = 1e6; (line = outq_peek(q, t)) != NULL; t += 1) {
        const char *text = strstr(line, " :");
        assert_non_null(text);
        assert_true(n < max);
        assert_true(strlen(text + 2) <= OUTQ_MAX_TEXT);
        strcpy(out[n++], text + 2);
        outq_commit(q, t);
    }
    return n;
}

static char *repeat(char *buf, const char *s, int times)
{
    buf[0] = '\0';
    for (int i = 0; i < times; i++)
        strcat(buf, s);
    return buf;
}

static void assert_utf8_start(const char *s) { assert_false(((unsigned char)s[0] & 0xC0) == 0x80); }

/* ---- token bucket ---- */

static void test_burst_then_rate(void **state)
{
    (void)state;
    outq *q = outq_new(5, 1.0);
    push_n(q, "#a", 20);
    assert_int_equal(drain_at(q, 100.0), 5);
    assert_null(outq_peek(q, 100.0));
    assert_true(outq_wait(q, 100.0) == 1.0);
    assert_true(outq_wait(q, 100.5) == 0.5);
    assert_int_equal(drain_at(q, 100.999), 0);
    assert_int_equal(drain_at(q, 101.0), 1);
    assert_int_equal(drain_at(q, 101.0), 0);
    assert_int_equal(drain_at(q, 102.0), 1);
    assert_int_equal(drain_at(q, 105.0), 3); /* three seconds, three lines */
    assert_int_equal(outq_len(q), 10);
    outq_free(q);
}

static void test_tokens_never_exceed_burst(void **state)
{
    (void)state;
    outq *q = outq_new(3, 2.0);
    assert_true(outq_wait(q, 0) == -1);
    push_n(q, "#a", 10);
    assert_true(outq_wait(q, 0) == 0);
    assert_int_equal(drain_at(q, 0), 3);
    assert_int_equal(drain_at(q, 3600), 3); /* an hour idle still gives only the burst */
    assert_int_equal(drain_at(q, 3600.5), 1);
    outq_free(q);
}

/* Polls every 10 ms for `seconds` after the burst; the count must be exactly rate * seconds.
 * (With a backlog the bucket stays below its cap, so no fraction of a token is lost between polls.) */
static int lines_in(double rate, int seconds)
{
    outq *q = outq_new(3, rate);
    push_n(q, "#a", 1000);
    int n = drain_at(q, 0) - 3;
    for (int k = 1; k <= seconds * 100; k++)
        n += drain_at(q, k / 100.0);
    outq_free(q);
    return n;
}

static void test_fractional_rates(void **state)
{
    (void)state;
    assert_int_equal(lines_in(1.0, 10), 10);
    assert_int_equal(lines_in(2.5, 10), 25);
    assert_int_equal(lines_in(0.3, 10), 3);
    assert_int_equal(lines_in(0.1, 30), 3);
    assert_int_equal(lines_in(7.0, 3), 21);
    outq *q = outq_new(1, 0.3);
    push_n(q, "#a", 2);
    drain_at(q, 0);
    assert_true(outq_wait(q, 0) > 3.333 && outq_wait(q, 0) < 3.334);
    assert_int_equal(drain_at(q, 3.33), 0);
    assert_int_equal(drain_at(q, 10.0 / 3.0), 1);
    outq_free(q);
}

/* An event loop that sleeps exactly outq_wait(): line k after the burst goes at k / rate. */
static void test_wait_schedules_exactly(void **state)
{
    (void)state;
    static const double rates[] = { 0.3, 1.0, 2.5, 7.0, 50.0 };
    for (size_t r = 0; r < sizeof rates / sizeof rates[0]; r++) {
        outq *q = outq_new(1, rates[r]);
        push_n(q, "#a", 101);
        double now = 0;
        for (int k = 0; k <= 100; k++) {
            now += outq_wait(q, now);
            assert_true(now > k / rates[r] - 1e-6 && now < k / rates[r] + 1e-6);
            assert_non_null(outq_peek(q, now));
            outq_commit(q, now);
        }
        assert_true(outq_wait(q, now) == -1);
        outq_free(q);
    }
}

static void test_set_rate(void **state)
{
    (void)state;
    outq *q = outq_new(10, 1.0);
    push_n(q, "#a", 20);
    outq_set_rate(q, 2, 4.0);
    assert_int_equal(drain_at(q, 0), 2);
    assert_int_equal(drain_at(q, 0.25), 1);
    outq_set_rate(q, 0, -1); /* clamped: 1 line, 0.01 lines/s */
    assert_int_equal(drain_at(q, 10), 0);
    assert_int_equal(drain_at(q, 100.25), 1);
    outq_free(q);
}

static void test_peek_without_commit(void **state)
{
    (void)state;
    outq *q = outq_new(1, 1.0);
    assert_null(outq_peek(q, 0));
    assert_true(outq_push(q, "PRIVMSG", "#durak", "hello"));
    assert_true(outq_push(q, "NOTICE", "bob", "psst"));
    for (int i = 0; i < 3; i++)
        assert_string_equal(outq_peek(q, 0), "PRIVMSG #durak :hello");
    assert_int_equal(outq_len(q), 2);
    outq_commit(q, 0);
    assert_null(outq_peek(q, 0.5));
    assert_string_equal(outq_peek(q, 1.0), "NOTICE bob :psst");
    outq_commit(q, 1.0);
    assert_int_equal(outq_len(q), 0);
    assert_null(outq_peek(q, 100));
    outq_free(q);
}

/* ---- splitting ---- */

static void test_exactly_400(void **state)
{
    (void)state;
    static char text[1000], out[8][OUTQ_MAX_TEXT + 1];
    outq *q = outq_new(5, 1);
    memset(text, 'a', 400);
    text[400] = '\0';
    assert_true(outq_push(q, "PRIVMSG", "#a", text));
    assert_int_equal(outq_len(q), 1);
    assert_int_equal(collect(q, out, 8), 1);
    assert_string_equal(out[0], text);
    text[400] = 'b', text[401] = '\0';
    assert_true(outq_push(q, "PRIVMSG", "#a", text));
    assert_int_equal(collect(q, out, 8), 2);
    assert_int_equal(strlen(out[0]), 400);
    assert_string_equal(out[1], "b");
    outq_free(q);
}

static void test_split_on_words(void **state)
{
    (void)state;
    static char text[2000], out[8][OUTQ_MAX_TEXT + 1];
    outq *q = outq_new(5, 1);
    assert_true(outq_push(q, "PRIVMSG", "#a", repeat(text, "word ", 100))); /* 500 bytes */
    assert_int_equal(collect(q, out, 8), 2);
    repeat(text, "word ", 80);
    text[399] = '\0'; /* 80 words, no trailing space */
    assert_string_equal(out[0], text);
    assert_string_equal(out[1],
                        repeat(text, "word ", 20)); /* the last piece is the text's own end */
    /* a space at exactly byte 400 */
    memset(text, 'x', 400);
    strcpy(text + 400, " tail");
    assert_true(outq_push(q, "PRIVMSG", "#a", text));
    assert_int_equal(collect(q, out, 8), 2);
    assert_int_equal(strlen(out[0]), 400);
    assert_string_equal(out[1], "tail");
    /* many spaces at the cut are not sent as a line of their own */
    memset(text, 'y', 395);
    memset(text + 395, ' ', 20);
    strcpy(text + 415, "z");
    assert_true(outq_push(q, "PRIVMSG", "#a", text));
    assert_int_equal(collect(q, out, 8), 2);
    assert_int_equal(strlen(out[0]), 395);
    assert_string_equal(out[1], "z");
    outq_free(q);
}

/* A separator of the game's lines in the last quarter is where a piece ends, and it is not sent:
 * a CI run of stop 19 saw "(козырь" end a line and "10♣)" alone on the next. */
static void test_split_at_separators(void **state)
{
    (void)state;
    static char text[2000], out[8][OUTQ_MAX_TEXT + 1];
    outq *q = outq_new(5, 1);
    repeat(text, "card ", 70); /* 350 bytes */
    strcpy(text + 349, " \xC2\xB7 ");
    strcat(text, repeat(text + 1000, "hand ", 20));
    assert_true(outq_push(q, "PRIVMSG", "#a", text));
    assert_int_equal(collect(q, out, 8), 2);
    assert_int_equal(strlen(out[0]), 349); /* "card card … card", without " · " */
    assert_string_equal(out[1], repeat(text + 1000, "hand ", 20));
    repeat(text, "move ", 70);
    strcpy(text + 349, " | ");
    strcat(text, repeat(text + 1000, "more ", 20));
    assert_true(outq_push(q, "PRIVMSG", "#a", text));
    assert_int_equal(collect(q, out, 8), 2);
    assert_int_equal(strlen(out[0]), 349);
    /* one before the last quarter is not taken: the cut is at the last space */
    repeat(text, "card ", 50); /* 250 bytes */
    strcpy(text + 249, " | ");
    strcat(text, repeat(text + 1000, "word ", 60));
    assert_true(outq_push(q, "PRIVMSG", "#a", text));
    assert_int_equal(collect(q, out, 8), 2);
    assert_int_equal(strlen(out[0]), 396); /* up to the last "word" that ends by byte 400 */
    outq_free(q);
}

/* A hand's suits are apart by " · " too, but a line is not cut between two of its cards: a
 * private game's Russian turn line of 417 bytes left "10♥ В♥ Д♥ Т♥ · 8♣ Д♣ (козырь 10♣)" alone on
 * a third line. The cut is before "· на руках:", and a red card's colour codes change nothing. */
static void test_split_keeps_the_hand_whole(void **state)
{
    (void)state;
    static char text[2000], out[8][OUTQ_MAX_TEXT + 1];
    const char *hand[2] = { "Т♠ · 8♦ 9♦ Т♦ · 10♥ В♥ Д♥ Т♥ · 8♣ Д♣ (козырь 10♣)",
                            "Т♠ · \x03"
                            "048♦\x0F \x03"
                            "049♦\x0F · \x03"
                            "0410♥\x0F · 8♣ Д♣" };
    outq *q = outq_new(5, 1);
    for (int k = 0; k < 2; k++) {
        repeat(text, "бью Т♠ | ", 22); /* 330 bytes */
        strcat(text, "беру \xC2\xB7 на руках: ");
        strcat(text, hand[k]);
        assert_true(strlen(text) > OUTQ_MAX_TEXT);
        assert_true(outq_push(q, "PRIVMSG", "anna", text));
        assert_int_equal(collect(q, out, 8), 2);
        assert_string_equal(out[1], strstr(text, "на руках: "));
    }
    outq_free(q);
}

/* A " · " in the last half ends a piece before a later " | " does: the Spanish !last line was cut
 * at the pipe of its durak-cli command, "| durak-cli" lost between two lines. */
static void test_split_keeps_commands_whole(void **state)
{
    (void)state;
    static char out[8][OUTQ_MAX_TEXT + 1];
    static const char *const text =
        "\xC3\x9Altima partida n.\xC2\xBA 1 (cl\xC3\xA1sico, 3 jugadores, 4 min): gana carla "
        "(los dem\xC3\xA1s abandonaron); ana se fue, beto se fue \xC2\xB7 su reparto: printf "
        "'%s' 'durak-deal-v1:18148619999376488897:f0613278bf393e7847180eb82198ddb8' | sha256sum "
        "da la huella anunciada al empezar \xC2\xB7 printf 'new players=3 variant=classic "
        "throwin=all first5=off deck=36 seed=18148619999376488897\\nstate\\n' | durak-cli "
        "reparte de nuevo sus manos";
    outq *q = outq_new(5, 1);
    assert_true(outq_push(q, "PRIVMSG", "#juego", text));
    assert_int_equal(collect(q, out, 8), 2);
    assert_non_null(strstr(out[0], "| sha256sum da la huella anunciada al empezar"));
    assert_string_equal(out[1], strstr(text, "printf 'new players=3"));
    /* a " · " before the last half is not taken: the list's " | " in the last quarter is */
    static char list[2000];
    repeat(list, "w ", 70); /* 140 bytes */
    strcpy(list + 139, " \xC2\xB7 ");
    strcat(list, repeat(list + 1000, "play 7h | ", 40));
    assert_true(outq_push(q, "PRIVMSG", "#a", list));
    assert_true(collect(q, out, 8) >= 2);
    assert_true(strlen(out[0]) > 300);
    assert_non_null(strstr(out[0], " \xC2\xB7 play 7h | "));
    outq_free(q);
}

static void test_split_long_word(void **state)
{
    (void)state;
    static char text[2000], out[8][OUTQ_MAX_TEXT + 1];
    outq *q = outq_new(5, 1);
    memset(text, 'w', 1000);
    text[1000] = '\0';
    assert_true(outq_push(q, "PRIVMSG", "#a", text));
    assert_int_equal(collect(q, out, 8), 3);
    assert_int_equal(strlen(out[0]), 400);
    assert_int_equal(strlen(out[1]), 400);
    assert_int_equal(strlen(out[2]), 200);
    outq_free(q);
}

/* ISUPPORT LINELEN=300: texts are cut to 300 - 112 bytes, the room a 512-byte line
 * leaves its 400 bytes of text; raw lines to 298 bytes; LINELEN above 512 changes nothing, and
 * below 256 counts as 256; a new connection (0) is back at 512. */
static void test_line_len(void **state)
{
    (void)state;
    static char text[2000], raw[600], out[8][OUTQ_MAX_TEXT + 1];
    outq *q = outq_new(5, 1);
    memset(text, 'w', 400);
    text[400] = '\0';
    outq_set_line_len(q, 300);
    assert_true(outq_push(q, "PRIVMSG", "#a", text));
    assert_int_equal(collect(q, out, 8), 3);
    assert_int_equal(strlen(out[0]), 188);
    assert_int_equal(strlen(out[2]), 24);
    memset(raw, 'r', 299);
    raw[299] = '\0';
    assert_false(outq_push_raw(q, raw));
    raw[298] = '\0';
    assert_true(outq_push_raw(q, raw));
    outq_set_line_len(q, 100);
    raw[255] = '\0';
    assert_false(outq_push_raw(q, raw));
    raw[254] = '\0';
    assert_true(outq_push_raw(q, raw));
    outq_clear(q);
    outq_set_line_len(q, 4096);
    assert_true(outq_push(q, "PRIVMSG", "#a", text));
    assert_int_equal(collect(q, out, 8), 1);
    outq_set_line_len(q, 0);
    memset(raw, 'r', 510);
    raw[510] = '\0';
    assert_true(outq_push_raw(q, raw));
    outq_free(q);
}

/* Others get a line as ":nick!user@host CMD target :text": once the bot's own JOIN told its host,
 * a text to a long channel is cut so that the whole relayed line fits 510 bytes (with LINELEN,
 * its line length); a short one still takes 400 bytes, and a nick change counts too. */
static void test_relayed_line_fits(void **state)
{
    (void)state;
    static char text[2000], chan[51], host[64], out[8][OUTQ_MAX_TEXT + 1];
    outq *q = outq_new(5, 1);
    memset(text, 'w', 800);
    memset(chan, 'c', 50), chan[0] = '#';
    memset(host, 'h', 63);
    outq_set_source(q, "durakbot", "~durakbot", host);
    size_t around = strlen(":durakbot!~durakbot@ PRIVMSG  :") + 63 + 50; /* 167 */
    assert_true(outq_push(q, "PRIVMSG", chan, text));
    assert_int_equal(collect(q, out, 8), 3);
    assert_int_equal(strlen(out[0]), 510 - around);
    assert_true(outq_push(q, "PRIVMSG", "#a", text));
    assert_int_equal(collect(q, out, 8), 2);
    assert_int_equal(strlen(out[0]), 400);
    outq_set_source(q, "durakbot_with_a_long_nick", NULL, NULL);
    assert_true(outq_push(q, "PRIVMSG", chan, text));
    assert_int_equal(collect(q, out, 8), 3);
    assert_int_equal(strlen(out[0]), 510 - around - 17);
    outq_set_line_len(q, 300);
    assert_true(outq_push(q, "NOTICE", "zoe", text));
    collect(q, out, 8);
    assert_int_equal(strlen(out[0]),
                     298 - strlen(":durakbot_with_a_long_nick!~durakbot@ NOTICE zoe :") - 63);
    outq_free(q);
}

/* prefix bytes of 'a', then tail; the first piece must be exactly `first` bytes. */
static void check_utf8_split(int prefix, const char *tail, size_t first, const char *second)
{
    static char text[1000], out[8][OUTQ_MAX_TEXT + 1];
    outq *q = outq_new(5, 1);
    memset(text, 'a', (size_t)prefix);
    strcpy(text + prefix, tail);
    assert_true(outq_push(q, "PRIVMSG", "#a", text));
    assert_int_equal(collect(q, out, 8), 2);
    assert_int_equal(strlen(out[0]), first);
    assert_string_equal(out[1], second);
    assert_utf8_start(out[1]);
    outq_free(q);
}

static void test_split_utf8(void **state)
{
    (void)state;
    check_utf8_split(399, "\xc3\xa9", 399, "\xc3\xa9");         /* é over the boundary */
    check_utf8_split(398, "\xc3\xa9\xc3\xa9", 400, "\xc3\xa9"); /* é ends at 400 exactly */
    check_utf8_split(398,
                     "\xe2\x82\xac"
                     "b",
                     398,
                     "\xe2\x82\xac"
                     "b"); /* € straddles */
    check_utf8_split(397,
                     "\xf0\x9f\x83\x8f"
                     "z",
                     397,
                     "\xf0\x9f\x83\x8f"
                     "z"); /* a 4-byte card */
    check_utf8_split(399, "\xe2\x99\xa0\xe2\x99\xa5", 399, "\xe2\x99\xa0\xe2\x99\xa5"); /* ♠♥ */
}

static void test_split_utf8_suits(void **state)
{
    (void)state;
    static char text[4000], out[16][OUTQ_MAX_TEXT + 1];
    outq *q = outq_new(5, 1);
    assert_true(outq_push(q, "PRIVMSG", "#a",
                          repeat(text, "\xe2\x99\xa0\xe2\x99\xa3\xe2\x99\xa6\xe2\x99\xa5", 150)));
    int n = collect(q, out, 16);
    size_t total = 0;
    for (int i = 0; i < n; i++) {
        assert_utf8_start(out[i]);
        assert_int_equal(strlen(out[i]) % 3, 0);
        total += strlen(out[i]);
    }
    assert_int_equal(total, strlen(text));
    outq_free(q);
}

static void test_split_colour_codes(void **state)
{
    (void)state;
    check_utf8_split(397,
                     "\x03"
                     "04,12xxxxxxxxxx",
                     397,
                     "\x03"
                     "04,12xxxxxxxxxx"); /* fg,bg */
    check_utf8_split(398,
                     "\x03"
                     "12hello",
                     398,
                     "\x03"
                     "12hello"); /* 2-digit fg */
    check_utf8_split(399,
                     "\x03"
                     "4x",
                     399,
                     "\x03"
                     "4x"); /* cut after \x03 */
    check_utf8_split(396,
                     "\x03"
                     "04,1yy",
                     396,
                     "\x03"
                     "04,1yy"); /* 1-digit bg */
    check_utf8_split(394,
                     "\x03"
                     "04,12"
                     "b",
                     400, "b"); /* code ends at 400 */
    check_utf8_split(397,
                     "\x03"
                     "04,x",
                     400, ",x"); /* comma, no bg */
    check_utf8_split(397,
                     "\x03"
                     "04,5",
                     397,
                     "\x03"
                     "04,5"); /* comma, bg */
}

static void test_strip_cr_lf_nul(void **state)
{
    (void)state;
    outq *q = outq_new(5, 1);
    assert_true(outq_push(q, "PRIVMSG", "#a", "one\r\nPRIVMSG #b :two\rthree\nfour"));
    assert_string_equal(outq_peek(q, 0), "PRIVMSG #a :one  PRIVMSG #b :two three four");
    outq_commit(q, 0);
    assert_true(outq_push(q, "PRIVMSG", "#a", "before\0after"));
    assert_string_equal(outq_peek(q, 0), "PRIVMSG #a :before");
    outq_commit(q, 0);
    assert_true(outq_push_raw(q, "PING :x\r\nQUIT :bye"));
    assert_string_equal(outq_peek(q, 0), "PING :x  QUIT :bye");
    outq_free(q);
}

static void test_newline_is_a_word_break(void **state)
{
    (void)state;
    static char text[1000], out[8][OUTQ_MAX_TEXT + 1];
    outq *q = outq_new(5, 1);
    memset(text, 'a', 300);
    text[300] = '\n';
    memset(text + 301, 'b', 300);
    text[601] = '\0';
    assert_true(outq_push(q, "PRIVMSG", "#a", text));
    assert_int_equal(collect(q, out, 8), 2);
    assert_int_equal(strlen(out[0]), 300);
    assert_int_equal(strlen(out[1]), 300);
    outq_free(q);
}

/* ---- fairness, bounds, priority ---- */

static void test_round_robin(void **state)
{
    (void)state;
    outq *q = outq_new(1, 1);
    push_n(q, "#a", 6);
    push_n(q, "#b", 2);
    push_n(q, "carol", 1);
    static const char *const want[] = { "PRIVMSG #a :l0", "PRIVMSG #b :l0", "PRIVMSG carol :l0",
                                        "PRIVMSG #a :l1", "PRIVMSG #b :l1", "PRIVMSG #a :l2",
                                        "PRIVMSG #a :l3" };
    for (int i = 0; i < 7; i++) {
        assert_string_equal(outq_peek(q, i), want[i]);
        outq_commit(q, i);
    }
    push_n(q, "#b", 1); /* a newcomer gets the next turn after #a's */
    assert_string_equal(outq_peek(q, 7), "PRIVMSG #a :l4");
    outq_commit(q, 7);
    assert_string_equal(outq_peek(q, 8), "PRIVMSG #b :l0");
    outq_commit(q, 8);
    assert_string_equal(outq_peek(q, 9), "PRIVMSG #a :l5");
    outq_commit(q, 9);
    assert_int_equal(outq_len(q), 0);
    outq_free(q);
}

/* A mark is passed once every line pushed before it has gone, whatever came after: a game's end
 * lines are out though its channel keeps talking; a reply waiting counts too. */
static void test_sent_through_mark(void **state)
{
    (void)state;
    outq *q = outq_new(1, 1);
    assert_true(outq_sent_through(q, outq_mark(q)));
    push_n(q, "#a", 2);
    assert_true(outq_push_reply(q, "NOTICE", "bob", "hi", 0));
    size_t mark = outq_mark(q);
    push_n(q, "#a", 3);
    push_n(q, "#b", 3);
    for (int i = 0; i < 4; i++) { /* #a l0, #b l0, #a l1, #b l1 */
        assert_false(outq_sent_through(q, mark));
        outq_commit(q, i);
    }
    for (int i = 4; i < 8; i++) /* bob's reply: after every game line */
        outq_commit(q, i);
    assert_false(outq_sent_through(q, mark));
    outq_commit(q, 8);
    assert_true(outq_sent_through(q, mark));
    push_n(q, "#a", 1);
    assert_false(outq_sent_through(q, outq_mark(q)));
    assert_true(outq_sent_through(q, mark));
    outq_free(q);
}

static void test_fair_under_flood(void **state)
{
    (void)state;
    outq *q = outq_new(1, 1);
    push_n(q, "#chatty", 1000);
    push_n(q, "#quiet", 3);
    int quiet = 0;
    for (int t = 0; t < 8; t++) {
        const char *line = outq_peek(q, t);
        quiet += strncmp(line, "PRIVMSG #quiet", 14) == 0;
        outq_commit(q, t);
    }
    assert_int_equal(quiet, 3);
    outq_free(q);
}

static void test_full_queue(void **state)
{
    (void)state;
    static char text[1000];
    outq *q = outq_new(5, 1);
    push_n(q, "#a", OUTQ_MAX_LINES - 2);
    memset(text, 'a', 900);
    text[900] = '\0';
    assert_false(outq_push(q, "PRIVMSG", "#b", text)); /* 3 lines do not fit in 2 */
    assert_int_equal(outq_len(q), OUTQ_MAX_LINES - 2);
    assert_true(outq_push(q, "PRIVMSG", "#b", text + 100)); /* 2 lines do */
    assert_int_equal(outq_len(q), OUTQ_MAX_LINES);
    assert_false(outq_push(q, "PRIVMSG", "#b", "x"));
    assert_true(outq_push_raw(q, "PING :x")); /* raw lines have room of their own */
    outq_clear(q);
    assert_int_equal(outq_len(q), 0);
    assert_null(outq_peek(q, 0));
    assert_true(outq_push(q, "PRIVMSG", "#b", "x"));
    assert_int_equal(drain_at(q, 0), 1);
    outq_free(q);
}

static void test_clear_refills(void **state)
{
    (void)state;
    outq *q = outq_new(2, 0.1);
    push_n(q, "#a", 5);
    assert_int_equal(drain_at(q, 0), 2);
    outq_clear(q);
    push_n(q, "#a", 5);
    assert_int_equal(drain_at(q, 1), 2);
    outq_free(q);
}

static void test_raw_priority(void **state)
{
    (void)state;
    outq *q = outq_new(1, 1);
    push_n(q, "#a", 2);
    assert_true(outq_push_raw(q, "MODE durakbot +B"));
    assert_true(outq_push_raw(q, "PING :lag"));
    assert_string_equal(outq_peek(q, 0), "MODE durakbot +B");
    outq_commit(q, 0);
    assert_null(outq_peek(q, 0.5)); /* raw lines spend tokens too */
    assert_string_equal(outq_peek(q, 1), "PING :lag");
    outq_commit(q, 1);
    assert_string_equal(outq_peek(q, 2), "PRIVMSG #a :l0");
    outq_free(q);
}

static void test_rejects(void **state)
{
    (void)state;
    static char raw[600];
    outq *q = outq_new(5, 1);
    assert_false(outq_push(q, "PRIVMSG", "", "x"));
    assert_false(outq_push(q, "PRIVMSG", "#a b", "x"));
    assert_false(outq_push(q, "PRIVMSG", "#a,#b", "x"));
    assert_false(outq_push(q, "PRIVMSG", "#a\r\n", "x"));
    assert_false(outq_push(q, "PRIVMSG :x", "#a", "x"));
    assert_false(outq_push(q, "", "#a", "x"));
    assert_false(outq_push(q, "PRIVMSG", "#a", NULL));
    assert_true(outq_push(q, "PRIVMSG", "#a", "")); /* nothing to send */
    assert_false(outq_push_raw(q, ""));
    memset(raw, 'r', OUTQ_MAX_RAW + 1);
    assert_false(outq_push_raw(q, raw));
    raw[OUTQ_MAX_RAW] = '\0';
    assert_true(outq_push_raw(q, raw));
    assert_int_equal(outq_len(q), 1);
    outq_free(q);
    outq_free(NULL);
}

/* ---- classes: raw, game, replies ---- */

/* Pushes a two-line reply (as !help gives) to each of n nicks "u0".."u<n-1>" at now. */
static void flood_replies(outq *q, int n, double now)
{
    char nick[16];
    for (int i = 0; i < n; i++) {
        snprintf(nick, sizeof nick, "u%d", i);
        assert_true(outq_push_reply(q, "NOTICE", nick, "help 1", now));
        assert_true(outq_push_reply(q, "NOTICE", nick, "help 2", now));
    }
}

static void test_game_before_replies(void **state)
{
    (void)state;
    outq *q = outq_new(1, 1);
    flood_replies(q, 60, 0);
    assert_true(outq_push(q, "PRIVMSG", "#durak", "alice leads 7h"));
    assert_true(outq_push(q, "PRIVMSG", "bob", "Your hand"));
    assert_true(outq_push_raw(q, "PING :x"));
    assert_string_equal(outq_peek(q, 0), "PING :x");
    outq_commit(q, 0);
    assert_string_equal(outq_peek(q, 1), "PRIVMSG #durak :alice leads 7h");
    outq_commit(q, 1);
    assert_string_equal(outq_peek(q, 2), "PRIVMSG bob :Your hand");
    outq_commit(q, 2);
    assert_string_equal(outq_peek(q, 3), "NOTICE u0 :help 1"); /* then replies, in turn */
    outq_commit(q, 3);
    assert_true(outq_push(q, "PRIVMSG", "#durak", "bob takes")); /* a game line jumps ahead */
    assert_string_equal(outq_peek(q, 4), "PRIVMSG #durak :bob takes");
    outq_commit(q, 4);
    assert_string_equal(outq_peek(q, 5), "NOTICE u1 :help 1");
    outq_commit(q, 5);
    assert_int_equal(outq_len(q), 118);
    outq_free(q);
}

/* A low line (a WHO) goes once no game line waits, ahead of replies; a game line queued after it
 * still goes first. While the games' lines are held (outq_has_raw false), low lines wait with
 * them. A WHO burst ahead of the game's first line held it at ngIRCd a second per WHO. */
static void test_low_lines_wait_for_game_lines(void **state)
{
    (void)state;
    outq *q = outq_new(1, 1);
    assert_true(outq_push_low(q, "WHO #a"));
    assert_true(outq_push_low(q, "WHO #b"));
    assert_false(outq_has_raw(q));
    assert_true(outq_push_reply(q, "NOTICE", "boris", "help", 0));
    assert_true(outq_push(q, "PRIVMSG", "#b", "anna opens a game"));
    assert_true(outq_push_raw(q, "PING :x"));
    const char *want[] = { "PING :x", "PRIVMSG #b :anna opens a game",
                           "WHO #a",  "PRIVMSG #b :boris joins",
                           "WHO #b",  "NOTICE boris :help" };
    for (int i = 0; i < 6; i++) {
        if (i == 3)
            assert_true(outq_push(q, "PRIVMSG", "#b", "boris joins"));
        assert_string_equal(outq_peek(q, i), want[i]);
        outq_commit(q, i);
    }
    assert_int_equal(outq_len(q), 0);
    assert_true(outq_push_low(q, "WHO #c"));
    assert_int_equal(outq_len(q), 1);
    outq_drop_raw(q); /* the connection is gone */
    assert_int_equal(outq_len(q), 0);
    outq_free(q);
}

/* The flood: sixty nicks with a !help each; the game's next line waits for one token at
 * most, not for the 120 replies (a minute at 2 lines a second). */
static void test_flood_keeps_game_pace(void **state)
{
    (void)state;
    outq *q = outq_new(5, 1.0);
    flood_replies(q, 60, 10.0);
    assert_int_equal(drain_at(q, 10.0), 5); /* the burst goes to replies: nothing else waits */
    assert_true(outq_push(q, "PRIVMSG", "#durak", "bob, your turn"));
    assert_null(outq_peek(q, 10.2));
    assert_true(outq_wait(q, 10.2) <= 1.0);
    assert_string_equal(outq_peek(q, 11.0), "PRIVMSG #durak :bob, your turn");
    outq_free(q);
}

/* Game lines that keep the bucket busy for good (three busy channels at 10 lines a second) no
 * longer starve a reply until its TTL: after OUTQ_REPLY_STARVE it gets one line in
 * OUTQ_REPLY_SHARE, and the game lines have the bucket again once it is out. */
static void test_reply_not_starved(void **state)
{
    (void)state;
    outq *q = outq_new(1, 10.0);
    push_n(q, "#a", 400);
    push_n(q, "#b", 400);
    push_n(q, "#c", 400);
    assert_true(outq_push_reply(q, "NOTICE", "zoe", "help 1", 0.0));
    assert_true(outq_push_reply(q, "NOTICE", "zoe", "help 2", 0.0));
    double first = -1, second = -1;
    int games_after = 0;
    for (int step = 0; step < 200; step++) {
        double now = step / 10.0;
        const char *line = outq_peek(q, now);
        assert_non_null(line);
        if (!strncmp(line, "NOTICE zoe :help 1", 18))
            first = now;
        else if (!strncmp(line, "NOTICE zoe :help 2", 18))
            second = now;
        else if (second >= 0)
            games_after++;
        outq_commit(q, now);
    }
    assert_true(first >= OUTQ_REPLY_STARVE);              /* game lines first while it is young */
    assert_true(first <= OUTQ_REPLY_STARVE + 0.4 + 1e-9); /* then its share: 1 line in 4 */
    assert_true(second - first > 0.35 && second - first < 0.45);
    assert_true(games_after > 100); /* nothing else waits: the game lines have it all again */
    outq_free(q);
}

static void test_fair_between_game_channels(void **state)
{
    (void)state;
    outq *q = outq_new(1, 1);
    flood_replies(q, 10, 0);
    push_n(q, "#a", 3);
    push_n(q, "#b", 1);
    static const char *const want[] = { "PRIVMSG #a :l0", "PRIVMSG #b :l0", "PRIVMSG #a :l1",
                                        "PRIVMSG #a :l2", "NOTICE u0 :help 1" };
    for (int i = 0; i < 5; i++) {
        assert_string_equal(outq_peek(q, i), want[i]);
        outq_commit(q, i);
    }
    outq_free(q);
}

/* Busy games answer at once: each of their targets empties, goes away and comes back with a new
 * line before the turn gets round. A target that waited from before must still get a line every
 * round (a turn that walked the list while newcomers were added at its end never came back to
 * it: with 30 games, one channel waited for all the others to end). */
static void test_no_starvation_by_returning_targets(void **state)
{
    (void)state;
    outq *q = outq_new(1, 1000);
    push_n(q, "#old", 3);
    static const char *const busy[] = { "#b1", "#b2", "#b3", "#b4", "#b5" };
    for (int k = 0; k < 5; k++)
        push_n(q, busy[k], 1);
    int old_sent = 0;
    for (int i = 0; i < 18; i++) {
        const char *line = outq_peek(q, i);
        assert_non_null(line);
        char target[16];
        assert_int_equal(sscanf(line, "PRIVMSG %15s", target), 1);
        outq_commit(q, i);
        if (strcmp(target, "#old") == 0)
            old_sent++;
        else
            push_n(q, target, 1); /* the game's answer to the line it just got */
    }
    assert_int_equal(old_sent, 3); /* one line in each round of six targets */
    outq_free(q);
}

/* A saturated bucket's lines go a few at a time: the writer waits for min(queued, burst,
 * rate * max_delay) tokens, never for more than max_delay, and raw lines never wait for company. */
static void test_wait_batch(void **state)
{
    (void)state;
    outq *q = outq_new(5, 50);
    assert_true(outq_wait_batch(q, 0, 0.1) < 0); /* empty */
    push_n(q, "#a", 12);
    assert_true(outq_wait_batch(q, 0, 0.1) == 0); /* a full bucket goes at once */
    assert_int_equal(drain_at(q, 0), 5);
    assert_non_null(outq_peek(q, 0.02)); /* one token: outq_peek would give a line... */
    assert_true(fabs(outq_wait_batch(q, 0.02, 0.1) - 0.08) < 1e-9); /* ...the batch waits for 5 */
    assert_true(outq_wait_batch(q, 0.1, 0.1) == 0);
    assert_int_equal(drain_at(q, 0.1), 5);
    assert_true(fabs(outq_wait_batch(q, 0.1, 0.1) - 0.04) < 1e-9); /* 2 left: waits for 2 */
    assert_true(outq_push_raw(q, "PONG :x"));
    assert_true(fabs(outq_wait_batch(q, 0.1, 0.1) - 0.02) < 1e-9); /* a raw line: one token */
    outq_set_rate(q, 5, 2);
    assert_true(fabs(outq_wait_batch(q, 0.1, 0.1) - outq_wait(q, 0.1)) < 1e-9); /* 2/s: no batch */
    outq_free(q);
}

/* At reconnect the queue may be full of game lines and replies: JOIN and IDENTIFY still go, first. */
static void test_raw_never_refused_when_full(void **state)
{
    (void)state;
    char nick[16];
    outq *q = outq_new(1, 1);
    push_n(q, "#a", OUTQ_MAX_LINES);
    for (int i = 0; i < OUTQ_MAX_REPLIES / 2; i++) {
        snprintf(nick, sizeof nick, "u%d", i);
        assert_true(outq_push_reply(q, "NOTICE", nick, "1", 0));
        assert_true(outq_push_reply(q, "NOTICE", nick, "2", 0));
    }
    assert_false(outq_push(q, "PRIVMSG", "#a", "x"));
    assert_false(outq_push_reply(q, "NOTICE", "late", "x", 0));
    assert_true(outq_push_raw(q, "PRIVMSG NickServ :IDENTIFY Hunter2-Super"));
    assert_true(outq_push_raw(q, "JOIN #durak"));
    assert_string_equal(outq_peek(q, 0), "PRIVMSG NickServ :IDENTIFY Hunter2-Super");
    outq_commit(q, 0);
    assert_string_equal(outq_peek(q, 1), "JOIN #durak");
    outq_commit(q, 1);
    for (int i = 2; i < OUTQ_MAX_RAW_LINES; i++) /* a bound of their own, for a server gone wrong */
        assert_true(outq_push_raw(q, "WHO #durak"));
    assert_true(outq_push_raw(q, "WHO #durak"));
    assert_true(outq_push_raw(q, "WHO #durak"));
    assert_false(outq_push_raw(q, "WHO #durak"));
    outq_drop_raw(q); /* the connection is gone: its raw lines with it, the rest stays */
    assert_int_equal(outq_len(q), OUTQ_MAX_LINES + OUTQ_MAX_REPLIES);
    assert_string_equal(outq_peek(q, 2), "PRIVMSG #a :l0");
    outq_free(q);
}

static void test_reply_newest_only(void **state)
{
    (void)state;
    outq *q = outq_new(1, 0.01);
    assert_true(outq_push_reply(q, "NOTICE", "bob", "old 1", 1.0));
    assert_true(outq_push_reply(q, "NOTICE", "bob", "old 2", 1.0));
    assert_true(outq_push_reply(q, "NOTICE", "carol", "hers", 1.0));
    assert_true(outq_push_reply(q, "PRIVMSG", "#durak", "to anna", 1.0)); /* a channel: kept */
    assert_true(outq_push_reply(q, "NOTICE", "bob", "new 1", 2.0));
    assert_true(outq_push_reply(q, "NOTICE", "bob", "new 2", 2.0)); /* same reply: kept */
    assert_true(outq_push_reply(q, "PRIVMSG", "#durak", "to boris", 2.0));
    assert_int_equal(outq_len(q), 5);
    outq_set_rate(q, 50, 50);
    static const char *const want[] = { "NOTICE carol :hers", /* bob's came back last in turn */
                                        "PRIVMSG #durak :to anna", "NOTICE bob :new 1",
                                        "PRIVMSG #durak :to boris", "NOTICE bob :new 2" };
    for (int i = 0; i < 5; i++) {
        assert_string_equal(outq_peek(q, 2.0), want[i]);
        outq_commit(q, 2.0);
    }
    outq_free(q);
}

/* A stream (a spectator's copies) keeps the older lines in order, unlike a reply: only the bound
 * (the last OUTQ_REPLY_LINES) and the TTL drop them; a reply to the same person drops none of
 * them, and goes first (a stream comes after the replies). */
static void test_stream_keeps_order(void **state)
{
    (void)state;
    char line[16];
    outq *q = outq_new(1, 0.01);
    assert_true(outq_push_stream(q, "PRIVMSG", "wendy", "[#d] the start", 1.0));
    assert_true(outq_push_reply(q, "NOTICE", "wendy", "a reply", 1.5));
    for (int i = 0; i < 3; i++) {
        snprintf(line, sizeof line, "[#d] move %d", i);
        assert_true(outq_push_stream(q, "PRIVMSG", "wendy", line, 2.0 + i));
    }
    assert_int_equal(outq_len(q), 5);
    outq_set_rate(q, 50, 50);
    static const char *const want[] = { "NOTICE wendy :a reply", "PRIVMSG wendy :[#d] the start",
                                        "PRIVMSG wendy :[#d] move 0", "PRIVMSG wendy :[#d] move 1",
                                        "PRIVMSG wendy :[#d] move 2" };
    for (int i = 0; i < 5; i++) {
        assert_string_equal(outq_peek(q, 5.0), want[i]);
        outq_commit(q, 5.0);
    }
    for (int i = 0; i < OUTQ_REPLY_LINES + 2; i++) { /* bounded: the last ones stay */
        snprintf(line, sizeof line, "s%d", i);
        assert_true(outq_push_stream(q, "PRIVMSG", "wendy", line, 10.0 + i));
    }
    assert_int_equal(outq_len(q), OUTQ_REPLY_LINES);
    assert_string_equal(outq_peek(q, 20.0), "PRIVMSG wendy :s2");
    outq_free(q);
}

/* The backlog: how long a game line to a target queued now (after `more` others to it) waits,
 * at the bucket's pace: its own target's lines, and one line of each other target a turn; streams
 * go after it, and replies too unless they will have waited OUTQ_REPLY_STARVE by then. */
static void test_backlog(void **state)
{
    (void)state;
    outq *q = outq_new(5, 1.0);
    assert_true(outq_backlog(q, 0, "#a", 0) == 0);
    for (int i = 0; i < 5; i++) /* the burst's tokens send these at once */
        assert_true(outq_push(q, "PRIVMSG", "#a", "x"));
    assert_true(outq_backlog(q, 0, "#b", 0) == 0);
    for (int i = 0; i < 10; i++)
        assert_true(outq_push(q, "PRIVMSG", "#b", "y"));
    assert_true(outq_push(q, "PRIVMSG", "carl", "Your turn"));
    assert_true(outq_push_reply(q, "NOTICE", "bob", "a reply", 0));
    assert_true(outq_push_stream(q, "PRIVMSG", "carol", "[#a] x", 0));
    /* to #b: its 10, #a's 5, carl's 1, then it: 17 lines, 5 tokens: 11 s; by then bob's reply
     * has waited 5 s and takes its share: 12 s */
    assert_true(outq_backlog(q, 0, "#b", 0) > 11.99 && outq_backlog(q, 0, "#b", 0) < 12.01);
    /* to dave, new: one line of each target's ahead in turn, then it: 4 lines, 5 tokens */
    assert_true(outq_backlog(q, 0, "dave", 0) == 0);
    /* to carl after 3 more of his: his 5th goes in the fifth turn, with up to 5 of #a's and 5 of
     * #b's: 15 lines, 5 tokens, its own aside: 9 s, and the reply's share: 10 s */
    assert_true(outq_backlog(q, 0, "carl", 3) > 9.99 && outq_backlog(q, 0, "carl", 3) < 10.01);
    outq_set_rate(q, 5, 2.0); /* 15 lines go in 5 s; then the reply, then the 17 to #b: 6 s */
    assert_true(outq_backlog(q, 0, "#b", 0) > 5.99 && outq_backlog(q, 0, "#b", 0) < 6.01);
    outq_free(q);
}

/* The backlog of a game line is when it goes, replies starving or not: the queue is run to that
 * line at the bucket's pace, with replies waiting behind a long game backlog. */
static void test_backlog_counts_the_reply_share(void **state)
{
    (void)state;
    for (int replies = 0; replies <= 30; replies += 10) {
        outq *q = outq_new(1, 10.0);
        push_n(q, "#a", 60);
        push_n(q, "#b", 60);
        flood_replies(q, replies, 0.0);
        double said = outq_backlog(q, 0, "#b", 0);
        assert_true(outq_push(q, "PRIVMSG", "#b", "mine"));
        double went = -1;
        for (int step = 0; step < 400 && went < 0; step++) {
            double now = step / 10.0;
            const char *line = outq_peek(q, now);
            assert_non_null(line);
            if (!strcmp(line, "PRIVMSG #b :mine"))
                went = now;
            outq_commit(q, now);
        }
        assert_true(went >= 0);
        assert_true(said >= went - 0.1 - 1e-9 && said <= went + 0.1 + 1e-9);
        outq_free(q);
    }
}

static void test_reply_bounded(void **state)
{
    (void)state;
    static char text[OUTQ_MAX_TEXT * (OUTQ_REPLY_LINES + 1) + 2];
    char line[16];
    outq *q = outq_new(1, 0.01);
    for (int i = 0; i < OUTQ_REPLY_LINES + 3; i++) { /* one instant, many lines: the last stay */
        snprintf(line, sizeof line, "r%d", i);
        assert_true(outq_push_reply(q, "NOTICE", "bob", line, 5.0));
    }
    assert_int_equal(outq_len(q), OUTQ_REPLY_LINES);
    assert_string_equal(outq_peek(q, 5.0), "NOTICE bob :r3");
    memset(text, 'x', sizeof text - 1); /* more lines than a reply may have */
    for (size_t i = OUTQ_MAX_TEXT; i < sizeof text - 1; i += OUTQ_MAX_TEXT + 1)
        text[i] = ' ';
    assert_false(outq_push_reply(q, "NOTICE", "carol", text, 5.0));
    assert_false(outq_push_reply(q, "NOTICE", "carol bob", "x", 5.0));
    assert_true(outq_push_reply(q, "NOTICE", "carol", "", 5.0));
    assert_int_equal(outq_len(q), OUTQ_REPLY_LINES);
    outq_free(q);
}

static void test_reply_stale(void **state)
{
    (void)state;
    outq *q = outq_new(1, 0.02);
    assert_true(outq_push_reply(q, "NOTICE", "bob", "too late", 100.0));
    assert_true(outq_push(q, "PRIVMSG", "#a", "game line, old but needed"));
    assert_true(outq_push_reply(q, "NOTICE", "carol", "in time", 120.0));
    assert_string_equal(outq_peek(q, 100.0), "PRIVMSG #a :game line, old but needed");
    outq_commit(q, 100.0);
    assert_string_equal(outq_peek(q, 150.0), "NOTICE carol :in time"); /* bob's is 50 s old */
    assert_int_equal(outq_len(q), 1);
    outq_commit(q, 150.0);
    assert_true(outq_push_reply(q, "NOTICE", "dave", "x", 150.0));
    assert_true(outq_wait(q, 170.0) > 0);
    assert_true(outq_wait(q, 180.5) == -1); /* it went stale waiting for a token */
    assert_int_equal(outq_len(q), 0);
    outq_free(q);
}

/* An answer of several lines begun goes on to its end, however long the rest waits, where a slow
 * server (a penalty server's pace, other targets' turns) made the second line of a three-line help
 * stale. An answer not begun still goes stale whole, and a newer reply replaces only that. */
static void test_reply_begun_goes_on(void **state)
{
    (void)state;
    outq *q = outq_new(1, 1.0);
    assert_true(outq_push_reply(q, "NOTICE", "bob", "help 1", 100.0));
    assert_true(outq_push_reply(q, "NOTICE", "bob", "help 2", 100.0));
    assert_true(outq_push_reply(q, "NOTICE", "bob", "help 3", 100.0));
    assert_true(outq_push_reply(q, "NOTICE", "carol", "hers", 100.0));
    assert_string_equal(outq_peek(q, 125.0), "NOTICE bob :help 1");
    outq_commit(q, 125.0);
    assert_string_equal(outq_peek(q, 126.0), "NOTICE carol :hers");
    outq_commit(q, 126.0);
    const char *line = outq_peek(q, 140.0); /* 40 s after it was asked */
    assert_non_null(line);
    assert_string_equal(line, "NOTICE bob :help 2");
    outq_commit(q, 140.0);
    line = outq_peek(q, 185.0);
    assert_non_null(line);
    assert_string_equal(line, "NOTICE bob :help 3");
    outq_commit(q, 185.0);
    assert_true(outq_push_reply(q, "NOTICE", "dave", "a", 200.0));
    assert_true(outq_push_reply(q, "NOTICE", "dave", "b", 200.0));
    assert_null(outq_peek(q, 231.0)); /* not begun: stale whole */
    assert_int_equal(outq_len(q), 0);
    /* a newer reply to the same person replaces what has not begun, never the rest of an answer
     * that has: "one 2" goes, then "two" */
    assert_true(outq_push_reply(q, "NOTICE", "erin", "one 1", 300.0));
    assert_true(outq_push_reply(q, "NOTICE", "erin", "one 2", 300.0));
    assert_string_equal(outq_peek(q, 301.0), "NOTICE erin :one 1");
    outq_commit(q, 301.0);
    assert_true(outq_push_reply(q, "NOTICE", "erin", "two", 302.0));
    assert_true(outq_push_reply(q, "NOTICE", "erin", "three", 302.5)); /* replaces "two" */
    assert_string_equal(outq_peek(q, 303.0), "NOTICE erin :one 2");
    outq_commit(q, 303.0);
    assert_string_equal(outq_peek(q, 304.0), "NOTICE erin :three");
    outq_commit(q, 304.0);
    assert_int_equal(outq_len(q), 0);
    outq_free(q);
}

/* ---- lines in the log ---- */

/* ircd 2.11's charge for a line (common/parse.c, s_user.c): 1 + bytes after the command / 100 +
 * the command's own: a target each for PRIVMSG, NOTICE and WHO, 2 for JOIN, 4 for PART. */
static void test_penalty_cost(void **state)
{
    (void)state;
    char line[400];
    assert_int_equal(outq_penalty_cost("PRIVMSG #durak :hi"), 2);
    assert_int_equal(outq_penalty_cost("PRIVMSG #durak,alice :hi"), 3);
    assert_int_equal(outq_penalty_cost("NOTICE a,b,c :x y,z"), 4); /* commas in text: no target */
    snprintf(line, sizeof line, "PRIVMSG #d :%090d", 0);           /* " #d :" + 90: 95 bytes */
    assert_int_equal(outq_penalty_cost(line), 2);
    snprintf(line, sizeof line, "PRIVMSG #d :%095d", 0); /* 100 bytes after the command */
    assert_int_equal(outq_penalty_cost(line), 3);
    assert_int_equal(outq_penalty_cost("JOIN #a,#b"), 3);
    assert_int_equal(outq_penalty_cost("PART #a"), 5);
    assert_int_equal(outq_penalty_cost("WHO #a"), 2);
    assert_int_equal(outq_penalty_cost("PING :durakbot-lag"), 2);
}

/* On a penalty server a line goes while the server's clock, as the bot counts it, is at most
 * PENALTY_AHEAD seconds ahead: after that the pace is what the lines cost (2 s each here), not
 * the bucket's 5 lines/s; without PENALTY (or another connection) the bucket alone. */
static void test_penalty_paces(void **state)
{
    (void)state;
    outq *q = outq_new(20, 5.0);
    outq_set_penalty(q, true, 0); /* registration's 3 s count from 0 */
    push_n(q, "#d", 40);
    assert_int_equal(drain_at(q, 0), 3); /* 3, 5, 7, 9: the fourth would go 9 s ahead */
    assert_float_equal(outq_wait(q, 0), 1.0, 1e-9);
    assert_float_equal(outq_wait_batch(q, 0, 0.1), 1.0, 1e-9); /* the writer's timer */
    assert_int_equal(drain_at(q, 0.99), 0);
    assert_int_equal(drain_at(q, 1.0), 1);
    int sent = 0;
    for (double t = 1.0; t <= 21.0 + 1e-9; t += 0.25)
        sent += drain_at(q, t);
    assert_int_equal(sent, 10); /* 20 s at 2 s a line */
    outq_set_penalty(q, false, 0);
    assert_true(drain_at(q, 21.0) >= 5);
    outq_free(q);
}

static void test_log_line_hides_secrets(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        { "PRIVMSG NickServ :IDENTIFY Hunter2-Super", "PRIVMSG NickServ :IDENTIFY [hidden]" },
        { "PRIVMSG NickServ :identify durakbot Hunter2", "PRIVMSG NickServ :identify [hidden]" },
        { "PRIVMSG nickserv :REGAIN durakbot Hunter2", "PRIVMSG nickserv :REGAIN [hidden]" },
        { "PRIVMSG NickServ :GHOST durakbot Hunter2", "PRIVMSG NickServ :GHOST [hidden]" },
        { "PRIVMSG NickServ :SET PASSWORD x", "PRIVMSG NickServ :SET [hidden]" },
        { "PRIVMSG Q@CServe.quakenet.org :AUTH bot pw",
          "PRIVMSG Q@CServe.quakenet.org :AUTH [hidden]" },
        { "PRIVMSG someone :IDENTIFY pw", "PRIVMSG someone :IDENTIFY [hidden]" },
        { "SQUERY NickServ :IDENTIFY pw", "SQUERY NickServ :IDENTIFY [hidden]" },
        { "PASS :Hunter2", "PASS [hidden]" },
        { "pass Hunter2", "pass [hidden]" },
        { "AUTHENTICATE ZHVyYWtib3QAZHVyYWtib3QASHVudGVy", "AUTHENTICATE [hidden]" },
        { "OPER admin Hunter2", "OPER [hidden]" },
        { "NICKSERV IDENTIFY Hunter2", "NICKSERV [hidden]" },
        { "NS IDENTIFY Hunter2", "NS [hidden]" },
        { ":durakbot!d@h PRIVMSG NickServ :IDENTIFY pw",
          ":durakbot!d@h PRIVMSG NickServ :IDENTIFY [hidden]" },
        { "@t=1 PASS x", "@t=1 PASS [hidden]" },
        { "JOIN #durak", "JOIN #durak" },
        { "JOIN #durak,#cards s3same,k2", "JOIN #durak,#cards [hidden]" },
        { "join #durak s3same", "join #durak [hidden]" },
        { ":durakbot!d@h JOIN #durak :s3same", ":durakbot!d@h JOIN #durak [hidden]" },
        { "JOIN", "JOIN" },
        { "PRIVMSG #durak :alice leads 7h", "PRIVMSG #durak :alice leads 7h" },
        { "PRIVMSG NickServ :HELP", "PRIVMSG NickServ :HELP" },
        { "PASS", "PASS" },
        { "", "" },
    };
    char out[600];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        assert_string_equal(outq_log_line(cases[i][0], 510, out, sizeof out), cases[i][1]);
    /* cut after hiding, never before: a short cut never shows the start of the secret */
    assert_string_equal(
        outq_log_line("PRIVMSG NickServ :IDENTIFY Hunter2-Super", 30, out, sizeof out),
        "PRIVMSG NickServ :IDENTIFY [hi");
    assert_string_equal(outq_log_line("PRIVMSG #a :\xe2\x99\xa0\xe2\x99\xa0", 15, out, sizeof out),
                        "PRIVMSG #a :\xe2\x99\xa0");
    assert_string_equal(outq_log_line("JOIN #durak", 510, out, 5), "JOIN");
    assert_string_equal(outq_log_line(NULL, 510, out, sizeof out), "");
}

/* One push of each class to a new target, in a queue that holds a line to #a. */
static bool push_class(outq *q, int cls, const char *text)
{
    switch (cls) {
    case 0: return outq_push(q, "PRIVMSG", "#b", text);
    case 1: return outq_push_reply(q, "NOTICE", "bob", text, 1e6); /* fresh when collected */
    case 2: return outq_push_stream(q, "PRIVMSG", "carol", text, 1e6);
    default: return outq_push_raw(q, "PRIVMSG #c :raw");
    }
}

/* No memory for a push (its copy of the text, a line, a new target), each allocation in turn
 * until the push needs no more, for each class of line: the push says it failed, the queue is as
 * before (no half of a split text, no empty target, nothing leaked), and the same push succeeds
 * once memory is back, its lines after the older one. */
static void test_push_out_of_memory(void **state)
{
    (void)state;
    static char text[1200], got[8][OUTQ_MAX_TEXT + 1];
    memset(text, 'x', 900); /* split in three */
    for (int i = 0; i < 900; i += 100)
        text[i] = ' ';
    for (int cls = 0; cls < 4; cls++) {
        long k = 1;
        for (;; k++) {
            outq *q = outq_new(5, 1);
            assert_true(outq_push(q, "PRIVMSG", "#a", "older"));
            failalloc_after(k);
            bool ok = push_class(q, cls, text), refused = failalloc_failed();
            failalloc_off();
            if (!refused) {
                assert_true(ok);
                outq_free(q);
                break;
            }
            assert_false(ok);
            assert_int_equal(outq_len(q), 1);
            assert_true(push_class(q, cls, text));
            int n = collect(q, got, 8);
            assert_int_equal(n, cls == 3 ? 2 : 4);
            assert_string_equal(got[cls == 3 ? 1 : 0], "older"); /* a raw line goes first */
            outq_free(q);
        }
        assert_true(k > (cls == 3 ? 1 : 3)); /* the text's copy, the lines, the target */
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_push_out_of_memory),
        cmocka_unit_test(test_burst_then_rate),
        cmocka_unit_test(test_tokens_never_exceed_burst),
        cmocka_unit_test(test_fractional_rates),
        cmocka_unit_test(test_wait_schedules_exactly),
        cmocka_unit_test(test_set_rate),
        cmocka_unit_test(test_peek_without_commit),
        cmocka_unit_test(test_exactly_400),
        cmocka_unit_test(test_split_on_words),
        cmocka_unit_test(test_split_at_separators),
        cmocka_unit_test(test_split_keeps_the_hand_whole),
        cmocka_unit_test(test_split_keeps_commands_whole),
        cmocka_unit_test(test_split_long_word),
        cmocka_unit_test(test_line_len),
        cmocka_unit_test(test_relayed_line_fits),
        cmocka_unit_test(test_split_utf8),
        cmocka_unit_test(test_split_utf8_suits),
        cmocka_unit_test(test_split_colour_codes),
        cmocka_unit_test(test_strip_cr_lf_nul),
        cmocka_unit_test(test_newline_is_a_word_break),
        cmocka_unit_test(test_round_robin),
        cmocka_unit_test(test_sent_through_mark),
        cmocka_unit_test(test_fair_under_flood),
        cmocka_unit_test(test_full_queue),
        cmocka_unit_test(test_clear_refills),
        cmocka_unit_test(test_raw_priority),
        cmocka_unit_test(test_rejects),
        cmocka_unit_test(test_game_before_replies),
        cmocka_unit_test(test_low_lines_wait_for_game_lines),
        cmocka_unit_test(test_flood_keeps_game_pace),
        cmocka_unit_test(test_fair_between_game_channels),
        cmocka_unit_test(test_reply_not_starved),
        cmocka_unit_test(test_no_starvation_by_returning_targets),
        cmocka_unit_test(test_wait_batch),
        cmocka_unit_test(test_raw_never_refused_when_full),
        cmocka_unit_test(test_reply_newest_only),
        cmocka_unit_test(test_stream_keeps_order),
        cmocka_unit_test(test_backlog),
        cmocka_unit_test(test_backlog_counts_the_reply_share),
        cmocka_unit_test(test_reply_bounded),
        cmocka_unit_test(test_reply_stale),
        cmocka_unit_test(test_reply_begun_goes_on),
        cmocka_unit_test(test_penalty_cost),
        cmocka_unit_test(test_penalty_paces),
        cmocka_unit_test(test_log_line_hides_secrets),
    };
    return cmocka_run_group_tests_name("outq", tests, NULL, NULL);
}
