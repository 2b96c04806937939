/* test_casemap: nick and channel comparison per CASEMAPPING (rfc1459, strict-rfc1459, ascii): the
 * names, folding (and its truncation), equality, and hostmask matching with * and ?. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "casemap.h"

static const casemap all_maps[] = { CASEMAP_RFC1459, CASEMAP_STRICT_RFC1459, CASEMAP_ASCII };
#define N_MAPS (sizeof all_maps / sizeof *all_maps)

#define assert_fold(m, in, want)                                                                   \
    do {                                                                                           \
        char out_[64];                                                                             \
        casemap_fold((m), (in), out_, sizeof out_);                                                \
        assert_string_equal(out_, (want));                                                         \
    } while (0)

/* casemap_mask_match, shorter: the lines below stay one each. */
static bool match(casemap m, const char *mask, const char *nick, const char *user, const char *host)
{
    return casemap_mask_match(m, mask, nick, user, host);
}

/* ---- CASEMAPPING names ---- */

static void test_names(void **state)
{
    (void)state;
    assert_int_equal(casemap_from_name("rfc1459"), CASEMAP_RFC1459);
    assert_int_equal(casemap_from_name("strict-rfc1459"), CASEMAP_STRICT_RFC1459);
    assert_int_equal(casemap_from_name("ascii"), CASEMAP_ASCII);
}

/* Anything else (rfc7613, a typo, another case, empty) is the RFC 1459 default. */
static void test_unknown_names(void **state)
{
    (void)state;
    assert_int_equal(casemap_from_name(""), CASEMAP_RFC1459);
    assert_int_equal(casemap_from_name("rfc7613"), CASEMAP_RFC1459);
    assert_int_equal(casemap_from_name("ASCII"), CASEMAP_RFC1459);
    assert_int_equal(casemap_from_name("ascii "), CASEMAP_RFC1459);
    assert_int_equal(casemap_from_name("strict-rfc1459x"), CASEMAP_RFC1459);
}

/* ---- folding ---- */

static void test_fold_letters(void **state)
{
    (void)state;
    for (size_t i = 0; i < N_MAPS; i++) {
        assert_fold(all_maps[i], "NickServ", "nickserv");
        assert_fold(all_maps[i], "#Durak-42_x", "#durak-42_x");
        assert_fold(all_maps[i], "", "");
    }
}

static void test_fold_rfc1459(void **state)
{
    (void)state;
    assert_fold(CASEMAP_RFC1459, "[Bot]\\~", "{bot}|^");
    assert_fold(CASEMAP_RFC1459, "{}|^", "{}|^"); /* already lower case */
}

/* strict-rfc1459: []\ fold, ~ and ^ are different characters. */
static void test_fold_strict(void **state)
{
    (void)state;
    assert_fold(CASEMAP_STRICT_RFC1459, "[Bot]\\~", "{bot}|~");
    assert_fold(CASEMAP_STRICT_RFC1459, "^", "^");
}

/* ascii: only A-Z. */
static void test_fold_ascii(void **state)
{
    (void)state;
    assert_fold(CASEMAP_ASCII, "[Bot]\\~", "[bot]\\~");
}

/* Bytes outside ASCII (UTF-8 nicks) are left as they are. */
static void test_fold_non_ascii(void **state)
{
    (void)state;
    for (size_t i = 0; i < N_MAPS; i++)
        assert_fold(all_maps[i], "\xc3\x84RGER\xd0\x94", "\xc3\x84rger\xd0\x94");
}

static void test_fold_truncates(void **state)
{
    (void)state;
    char out[4] = "zzz";
    casemap_fold(CASEMAP_RFC1459, "ABCDEF", out, sizeof out);
    assert_string_equal(out, "abc");
    casemap_fold(CASEMAP_RFC1459, "ABCDEF", out, 1);
    assert_string_equal(out, "");
    memcpy(out, "zzz", sizeof out);
    casemap_fold(CASEMAP_RFC1459, "ABCDEF", out, 0); /* no room at all: out untouched */
    assert_string_equal(out, "zzz");
}

/* ---- equality ---- */

static void test_equal_letters(void **state)
{
    (void)state;
    for (size_t i = 0; i < N_MAPS; i++) {
        assert_true(casemap_equal(all_maps[i], "NickServ", "nickserv"));
        assert_true(casemap_equal(all_maps[i], "#DURAK", "#durak"));
        assert_true(casemap_equal(all_maps[i], "", ""));
        assert_false(casemap_equal(all_maps[i], "nick", "nick2"));
        assert_false(casemap_equal(all_maps[i], "nick2", "nick"));
        assert_false(casemap_equal(all_maps[i], "nick", ""));
        assert_false(casemap_equal(all_maps[i], "nick", "nack"));
    }
}

static void test_equal_rfc1459(void **state)
{
    (void)state;
    assert_true(casemap_equal(CASEMAP_RFC1459, "[Bot]", "{bot}"));
    assert_true(casemap_equal(CASEMAP_RFC1459, "a\\b", "A|B"));
    assert_true(casemap_equal(CASEMAP_RFC1459, "x~", "X^"));
    assert_true(casemap_equal(CASEMAP_RFC1459, "x^", "X~"));
}

static void test_equal_strict(void **state)
{
    (void)state;
    assert_true(casemap_equal(CASEMAP_STRICT_RFC1459, "[Bot]", "{bot}"));
    assert_true(casemap_equal(CASEMAP_STRICT_RFC1459, "a\\b", "A|B"));
    assert_false(casemap_equal(CASEMAP_STRICT_RFC1459, "x~", "x^"));
    assert_true(casemap_equal(CASEMAP_STRICT_RFC1459, "x~", "X~"));
}

static void test_equal_ascii(void **state)
{
    (void)state;
    assert_false(casemap_equal(CASEMAP_ASCII, "[Bot]", "{bot}"));
    assert_false(casemap_equal(CASEMAP_ASCII, "a\\b", "a|b"));
    assert_false(casemap_equal(CASEMAP_ASCII, "x~", "x^"));
    assert_true(casemap_equal(CASEMAP_ASCII, "[Bot]", "[BOT]"));
}

/* Equal is the same as "folds to the same string". */
static void test_equal_agrees_with_fold(void **state)
{
    (void)state;
    static const char *const nicks[] = { "Bot",  "bot", "[bot]", "{BOT}", "b|t",
                                         "B\\T", "~x",  "^X",    "" };
    size_t n = sizeof nicks / sizeof *nicks;
    for (size_t m = 0; m < N_MAPS; m++)
        for (size_t i = 0; i < n; i++)
            for (size_t j = 0; j < n; j++) {
                char a[16], b[16];
                casemap_fold(all_maps[m], nicks[i], a, sizeof a);
                casemap_fold(all_maps[m], nicks[j], b, sizeof b);
                assert_int_equal(casemap_equal(all_maps[m], nicks[i], nicks[j]), strcmp(a, b) == 0);
            }
}

/* ---- hostmasks ---- */

static void test_mask_exact(void **state)
{
    (void)state;
    assert_true(match(CASEMAP_RFC1459, "alice!al@host.example", "alice", "al", "host.example"));
    assert_true(match(CASEMAP_RFC1459, "Alice!AL@Host.Example", "alice", "al", "host.example"));
    /* anchored at both ends */
    assert_false(match(CASEMAP_RFC1459, "alice!al@host.exampl", "alice", "al", "host.example"));
    assert_false(match(CASEMAP_RFC1459, "lice!al@host.example", "alice", "al", "host.example"));
    assert_false(match(CASEMAP_RFC1459, "", "alice", "al", "host.example"));
}

static void test_mask_star(void **state)
{
    (void)state;
    assert_true(match(CASEMAP_RFC1459, "*", "alice", "al", "host.example"));
    assert_true(match(CASEMAP_RFC1459, "*!*@*", "alice", "al", "host.example"));
    assert_true(match(CASEMAP_RFC1459, "*!*@host.example", "bob", "b", "host.example"));
    assert_true(match(CASEMAP_RFC1459, "alice!*@*", "ALICE", "x", "elsewhere"));
    assert_true(match(CASEMAP_RFC1459, "*@*.Example.ORG", "a", "b", "irc.example.org"));
    assert_false(match(CASEMAP_RFC1459, "*@*.example.org", "a", "b", "example.org"));
    assert_false(match(CASEMAP_RFC1459, "alice!*@*", "alicia", "al", "host.example"));
    assert_false(match(CASEMAP_RFC1459, "*!*@host.example", "bob", "b", "host.example.net"));
}

/* * matches the empty string, and several of them in a row are one. */
static void test_mask_star_empty(void **state)
{
    (void)state;
    assert_true(match(CASEMAP_RFC1459, "alice*!*al*@*host*", "alice", "al", "host"));
    assert_true(match(CASEMAP_RFC1459, "**!**@**", "a", "b", "c"));
    assert_true(match(CASEMAP_RFC1459, "a!*@h", "a", "", "h"));
}

/* A star must give back what it took when the rest does not match (backtracking). */
static void test_mask_backtracking(void **state)
{
    (void)state;
    assert_true(match(CASEMAP_RFC1459, "*a*b!*@*", "xaxaxb", "u", "h"));
    assert_true(match(CASEMAP_RFC1459, "*ab!*@*", "aaab", "u", "h"));
    assert_true(match(CASEMAP_RFC1459, "*!*@*.*.net", "n", "u", "a.b.c.net"));
    assert_false(match(CASEMAP_RFC1459, "*a*b!*@*", "xaxaxa", "u", "h"));
    assert_false(match(CASEMAP_RFC1459, "*!*@*.*.net", "n", "u", "a.net"));
}

static void test_mask_question(void **state)
{
    (void)state;
    assert_true(match(CASEMAP_RFC1459, "n?ck!*@*", "nick", "u", "h"));
    assert_true(match(CASEMAP_RFC1459, "n?ck!*@*", "neck", "u", "h"));
    assert_false(match(CASEMAP_RFC1459, "n?ck!*@*", "nck", "u", "h"));
    assert_false(match(CASEMAP_RFC1459, "n?ck!*@*", "niick", "u", "h"));
    /* "\?\?\?": three ?, written so that C does not read the trigraph ??! */
    assert_true(match(CASEMAP_RFC1459, "\?\?\?!*@*", "abc", "u", "h"));
    assert_false(match(CASEMAP_RFC1459, "\?\?\?!*@*", "ab", "u", "h"));
    assert_false(match(CASEMAP_RFC1459, "\?\?\?!*@*", "abcd", "u", "h"));
    assert_true(match(CASEMAP_RFC1459, "a?c*!*@*", "abcdef", "u", "h"));
    /* ? stands for any one character, the separators included */
    assert_true(match(CASEMAP_RFC1459, "a?u@h", "a", "u", "h"));
}

/* The mask is compared per the mapping: [ and { are one character in rfc1459, not in ascii. */
static void test_mask_casemapping(void **state)
{
    (void)state;
    assert_true(match(CASEMAP_RFC1459, "[bot]*!*@*", "{BOT}42", "u", "h"));
    assert_true(match(CASEMAP_STRICT_RFC1459, "[bot]*!*@*", "{BOT}42", "u", "h"));
    assert_false(match(CASEMAP_ASCII, "[bot]*!*@*", "{BOT}42", "u", "h"));
    assert_true(match(CASEMAP_ASCII, "[bot]*!*@*", "[BOT]42", "u", "h"));
    assert_true(match(CASEMAP_RFC1459, "x~!*@*", "X^", "u", "h"));
    assert_false(match(CASEMAP_STRICT_RFC1459, "x~!*@*", "X^", "u", "h"));
}

/* Channel names start with # & + or !; nicks never do. */
static void test_is_channel(void **state)
{
    (void)state;
    assert_true(casemap_is_channel("#durak"));
    assert_true(casemap_is_channel("&local"));
    assert_true(casemap_is_channel("+modeless"));
    assert_true(casemap_is_channel("!ABCDEsafe"));
    assert_false(casemap_is_channel("durakbot"));
    assert_false(casemap_is_channel("[bot]"));
    assert_false(casemap_is_channel(""));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_unknown_names),
        cmocka_unit_test(test_fold_letters),
        cmocka_unit_test(test_fold_rfc1459),
        cmocka_unit_test(test_fold_strict),
        cmocka_unit_test(test_fold_ascii),
        cmocka_unit_test(test_fold_non_ascii),
        cmocka_unit_test(test_fold_truncates),
        cmocka_unit_test(test_equal_letters),
        cmocka_unit_test(test_equal_rfc1459),
        cmocka_unit_test(test_equal_strict),
        cmocka_unit_test(test_equal_ascii),
        cmocka_unit_test(test_equal_agrees_with_fold),
        cmocka_unit_test(test_mask_exact),
        cmocka_unit_test(test_mask_star),
        cmocka_unit_test(test_mask_star_empty),
        cmocka_unit_test(test_mask_backtracking),
        cmocka_unit_test(test_mask_question),
        cmocka_unit_test(test_mask_casemapping),
        cmocka_unit_test(test_is_channel),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
