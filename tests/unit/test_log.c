/* test_log.c — bot/log.c: what reaches the log from a message that holds text from IRC (a kick's
 * reason): no control byte, invalid UTF-8, C1 control or direction override; valid text kept. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_terminal_codes_do_not_reach_the_log),
        cmocka_unit_test(test_valid_text_is_kept),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
