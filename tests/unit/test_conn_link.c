/* test_conn_link: the QUIT the bot sends when it stops carries its reason in game.language (a
 * Russian network reads Russian in every channel), English by default; link_send is wrapped. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "config.h"
#include "conn_link.h"
#include "messages.h"

static char sent[600]; /* the last line conn_link gave the relay */

link_send_result __wrap_link_send(link_relay *r, const char *line);
link_send_result __wrap_link_send(link_relay *r, const char *line)
{
    (void)r;
    snprintf(sent, sizeof sent, "%s", line);
    return LINK_SENT;
}

static void quit_speaks_game_language(void **state)
{
    (void)state;
    bot_config cfg;
    config_defaults(&cfg);
    assert_int_equal(conn_link_quit(NULL, &cfg), LINK_SENT);
    assert_string_equal(sent, "QUIT :durakbot is shutting down");
    cfg.game.language = CONFIG_LANG_RU;
    assert_int_equal(conn_link_quit(NULL, &cfg), LINK_SENT);
    assert_string_equal(sent, "QUIT :Бот выключается");
    char want[600];
    cfg.game.language = CONFIG_LANG_FR;
    conn_link_quit(NULL, &cfg);
    snprintf(want, sizeof want, "QUIT :%s", msg_in(MSG_LANG_FR, MSG_BOT_QUIT));
    assert_string_equal(sent, want);
    cfg.game.language = CONFIG_LANG_ES;
    conn_link_quit(NULL, &cfg);
    snprintf(want, sizeof want, "QUIT :%s", msg_in(MSG_LANG_ES, MSG_BOT_QUIT));
    assert_string_equal(sent, want);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(quit_speaks_game_language),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
