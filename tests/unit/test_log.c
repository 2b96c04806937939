/* test_log.c — bot/log.c: what reaches the log from a message that holds text from IRC (a kick's
 * reason): no control byte, invalid UTF-8, C1 control or direction override; valid text kept;
 * a message past the 1024-byte stack buffer whole, or its first 1023 bytes when no memory is left
 * for it; priorities out of range clamped. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "failalloc.h"
#include "log_capture.h"

static void test_terminal_codes_do_not_reach_the_log(void **state)
{
    (void)state;
    log_capture();
    log_msg(LOG_WARNING, "kicked from %s (%s); joining it again", "#durak",
            "\x1b[31mRED\x1b[0m \x02"
            "bold\x02 \x07 \xff\xfe \xE2\x80\xAE-rlo \xC2\x9B"
            "2J"
            " \xE2\x81\xA6iso\xE2\x81\xA9 \xC0\xAF \xED\xA0\x80 a\r\nb\tc\x7f");
    const char *log = log_captured();
    assert_string_equal(log, "<4>kicked from #durak (?[31mRED?[0m ?bold? ? ?? ?-rlo ?2J ?iso? ?? "
                             "??? a  b c?); joining it again\n");
}

static void test_valid_text_is_kept(void **state)
{
    (void)state;
    log_capture();
    log_msg(LOG_NOTICE, "%s",
            "joined #дурак \xE2\x80\x94 10\xE2\x99\xA5 caf\xC3\xA9 \xF0\x9F\x82\xA1");
    const char *log = log_captured();
    assert_string_equal(log, "<5>joined #дурак \xE2\x80\x94 10\xE2\x99\xA5 caf\xC3\xA9 "
                             "\xF0\x9F\x82\xA1\n");
}

/* A message longer than log_msg's 1024-byte stack buffer (a long kick reason, a config path)
 * goes out whole from the heap copy, not cut at 1023 bytes, and is cleaned like a short one: a
 * control byte past the first 1024 is still a '?'. stderr is all log.c writes: it is what
 * journald (or whatever reads the service's output) gets. */
static void test_long_message_whole(void **state)
{
    (void)state;
    char reason[3001];
    memset(reason, 'r', sizeof reason - 1);
    reason[sizeof reason - 1] = '\0';
    reason[2000] = '\x1b';
    log_capture();
    log_msg(LOG_WARNING, "kicked from %s (%s); joining it again", "#durak", reason);
    const char *log = log_captured();
    reason[2000] = '?';
    char want[3100];
    snprintf(want, sizeof want, "<4>kicked from #durak (%s); joining it again\n", reason);
    assert_int_equal(strlen(log), strlen(want));
    assert_string_equal(log, want);
}

/* No memory for a long message's heap copy: its first 1023 bytes are logged, one line cleaned
 * like any other (the operator still reads what happened), nothing crashes or leaks; with memory
 * back the same message goes out whole again. */
static void test_long_message_out_of_memory(void **state)
{
    (void)state;
    char reason[3001], want[3100];
    memset(reason, 'r', sizeof reason - 1);
    reason[sizeof reason - 1] = '\0';
    reason[500] = '\x1b';
    log_capture();
    failalloc_after(1);
    log_msg(LOG_ERR, "kicked from %s (%s); joining it again", "#durak", reason);
    bool refused = failalloc_failed();
    failalloc_off();
    const char *log = log_captured();
    assert_true(refused);
    reason[500] = '?';
    snprintf(want, sizeof want, "<3>kicked from #durak (%s", reason);
    want[3 + 1023] = '\0'; /* "<3>" and the stack buffer's 1023 bytes */
    strcat(want, "\n");
    assert_string_equal(log, want);

    reason[500] = '\x1b';
    log_capture();
    log_msg(LOG_ERR, "kicked from %s (%s); joining it again", "#durak", reason);
    log = log_captured();
    reason[500] = '?';
    snprintf(want, sizeof want, "<3>kicked from #durak (%s); joining it again\n", reason);
    assert_string_equal(log, want);
}

/* A priority below LOG_EMERG is logged as 0, one above LOG_DEBUG as 7 (and so filtered as debug
 * is): the "<N>" prefix journald reads is always a level it knows. */
static void test_priority_clamped(void **state)
{
    (void)state;
    log_capture();
    log_msg(-3, "below");
    log_msg(42, "above");
    log_set_level(LOG_INFO);
    log_msg(42, "above, at the info level");
    log_msg(-3, "below, at the info level");
    const char *log = log_captured();
    assert_string_equal(log, "<0>below\n<7>above\n<0>below, at the info level\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_terminal_codes_do_not_reach_the_log),
        cmocka_unit_test(test_valid_text_is_kept),
        cmocka_unit_test(test_long_message_whole),
        cmocka_unit_test(test_long_message_out_of_memory),
        cmocka_unit_test(test_priority_clamped),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
