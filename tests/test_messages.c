/* test_messages: every message text, in every language, against its argument types: each printf
 * conversion (%s, %d, %N$s...) must be the type the id declares, in order, none missing or extra. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "messages.h"

enum { MAX_ARGS = 16, WHY_SIZE = 160 };

static const char *const lang_names[MSG_LANG_COUNT] = { [MSG_LANG_EN] = "en" };

/* Reads the conversion after a '%' at *p: its position (0 when not %N$), its letter; false with
 * a reason for what printf would misread or the table does not allow ('*', length modifiers...). */
static bool read_conversion(const char **p, int *position, char *conv, char why[WHY_SIZE])
{
    const char *s = *p;
    *position = 0;
    if (*s >= '1' && *s <= '9') {
        const char *d = s;
        int n = 0;
        while (*d >= '0' && *d <= '9')
            n = n * 10 + (*d++ - '0');
        if (*d == '$') {
            *position = n;
            s = d + 1;
        }
    }
    while (*s && strchr("-+ #0", *s))
        s++;
    while (*s >= '0' && *s <= '9')
        s++;
    if (*s == '.') {
        s++;
        while (*s >= '0' && *s <= '9')
            s++;
    }
    *conv = *s;
    *p = *s ? s + 1 : s;
    if (*conv == 's' || *conv == 'd')
        return true;
    snprintf(why, WHY_SIZE, "conversion \"%%%c\" is not %%s or %%d", *conv ? *conv : '?');
    return false;
}

/* Do text's conversions take exactly the arguments `types` says, in order? Sequential (%s %d)
 * and positional (%1$s %2$d, each argument used at least once) forms, never mixed. */
static bool format_matches(const char *text, const char *types, char why[WHY_SIZE])
{
    size_t ntypes = strlen(types), next = 0;
    bool used[MAX_ARGS] = { false }, sequential = false, positional = false;
    for (const char *p = text; (p = strchr(p, '%')) != NULL;) {
        int position;
        char conv;
        p++;
        if (*p == '%') {
            p++;
            continue;
        }
        if (!read_conversion(&p, &position, &conv, why))
            return false;
        size_t arg = position ? (size_t)position - 1 : next++;
        if (position)
            positional = true;
        else
            sequential = true;
        if (positional && sequential) {
            snprintf(why, WHY_SIZE, "mixes %%N$ and plain conversions");
            return false;
        }
        if (arg >= ntypes || arg >= MAX_ARGS) {
            snprintf(why, WHY_SIZE, "argument %zu is converted but the types \"%s\" stop at %zu",
                     arg + 1, types, ntypes);
            return false;
        }
        if (types[arg] != conv) {
            snprintf(why, WHY_SIZE, "argument %zu is %%%c but its type is '%c' (types \"%s\")",
                     arg + 1, conv, types[arg], types);
            return false;
        }
        used[arg] = true;
    }
    for (size_t i = 0; i < ntypes && i < MAX_ARGS; i++)
        if (!used[i]) {
            snprintf(why, WHY_SIZE, "argument %zu (type '%c') is never converted", i + 1, types[i]);
            return false;
        }
    return true;
}

/* The checker itself: a wrong, reordered, missing or extra conversion must fail. */
static void test_checker(void **state)
{
    (void)state;
    char why[WHY_SIZE];
    assert_true(format_matches("no arguments", "", why));
    assert_true(format_matches("100%% sure", "", why));
    assert_true(format_matches("%s has %d cards%s", "sds", why));
    assert_true(format_matches("%-5s|%05d|%.3s", "sds", why));
    assert_true(format_matches("%1$sjoin, %1$sleave", "s", why));
    assert_true(format_matches("%2$d cards for %1$s", "sd", why));
    assert_false(format_matches("%s has %d cards", "ds", why)); /* reordered */
    assert_false(format_matches("%s has %s cards", "sd", why)); /* wrong type */
    assert_false(format_matches("%s has %d cards", "s", why));  /* extra conversion */
    assert_false(format_matches("%s", "sd", why));              /* missing conversion */
    assert_false(format_matches("%d", "", why));
    assert_false(format_matches("%1$s and %s", "ss", why)); /* mixed forms */
    assert_false(format_matches("%2$s", "ss", why));        /* argument 1 unused */
    assert_false(format_matches("%3$s", "ss", why));
    assert_false(format_matches("%ld", "d", why));
    assert_false(format_matches("%*d", "d", why));
    assert_false(format_matches("%x", "d", why));
    assert_false(format_matches("trailing %", "", why));
}

static void test_types_complete(void **state)
{
    (void)state;
    for (int id = 0; id < MSG_COUNT; id++) {
        const char *types = msg_arg_types((msg_id)id);
        if (types == NULL)
            fail_msg("message %d has no argument types in messages.c", id);
        if (strspn(types, "sd") != strlen(types) || strlen(types) > MAX_ARGS)
            fail_msg("message %d: types \"%s\" are not made of s and d", id, types);
    }
    assert_null(msg_arg_types(MSG_COUNT));
    assert_null(msg_arg_types((msg_id)-1));
}

/* Every language has every id, and each text converts exactly its id's arguments. */
static void test_texts_match_types(void **state)
{
    (void)state;
    for (int lang = 0; lang < MSG_LANG_COUNT; lang++)
        for (int id = 0; id < MSG_COUNT; id++) {
            const char *text = msg_text_in((msg_lang)lang, (msg_id)id);
            char why[WHY_SIZE] = "";
            if (text == NULL)
                fail_msg("%s: message %d has no text", lang_names[lang], id);
            if (!format_matches(text, msg_arg_types((msg_id)id), why))
                fail_msg("%s: message %d \"%s\": %s", lang_names[lang], id, text, why);
        }
}

static void test_accessors(void **state)
{
    (void)state;
    assert_string_equal(msg_text(MSG_MOVE_TAKE), "%s takes");
    assert_string_equal(msg_arg_types(MSG_MOVE_TAKE), "s");
    assert_string_equal(msg_arg_types(MSG_STATUS), "sds");
    assert_string_equal(msg_arg_types(MSG_HELP_1), "s");
    assert_string_equal(msg_arg_types(MSG_EMPTY_TABLE), "");
    assert_ptr_equal(msg_text_in(MSG_LANG_EN, MSG_PLURAL), msg_text(MSG_PLURAL));
    assert_string_equal(msg_text(MSG_COUNT), "");
    assert_null(msg_text_in(MSG_LANG_EN, MSG_COUNT));
    assert_null(msg_text_in(MSG_LANG_COUNT, MSG_PLURAL));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_checker),
        cmocka_unit_test(test_types_complete),
        cmocka_unit_test(test_texts_match_types),
        cmocka_unit_test(test_accessors),
    };
    return cmocka_run_group_tests_name("messages", tests, NULL, NULL);
}
