/* fuzz_restore.c — libFuzzer target for the snapshot loader (tables_restore_checked): any line is
 * refused or restored; a restored table saves again to a line that restores, and its timers,
 * ticks and a few private commands run without fault. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "tables.h"

/* The first seat's nick of a line (the 9th token, "=nick"), for private commands. */
static void first_nick(const char *line, char *nick, size_t cap)
{
    const char *p = line;
    nick[0] = '\0';
    for (int i = 0; i < 8 && p; i++)
        if ((p = strchr(p, ' ')))
            p++;
    if (p && *p == '=')
        snprintf(nick, cap, "%.*s", (int)strcspn(p + 1, " "), p + 1);
}

static void exercise(tables *t, const bot_config *cfg, const char *line)
{
    static const char *const cmds[] = { "moves", "hand", "take", "pass", "play 6c", "beat 7h" };
    char snap[TABLES_SNAPSHOT_MAX], why[256], nick[64];
    outbox o;
    outbox_init(&o);
    if (!tables_snapshot(t, "#durak", 1000.0, snap, sizeof snap))
        abort(); /* a restored table must save */
    tables *again = tables_new(cfg, 1);
    if (!tables_restore_checked(again, "#durak", snap, 1000.0, why, sizeof why)) {
        fprintf(stderr, "saved line refused (%s): %s\n", why, snap);
        abort();
    }
    tables_free(again);
    tables_on_reconnect(t, 1000.0, &o);
    first_nick(line, nick, sizeof nick);
    tables_who w = { nick, "u", "h", "", false };
    for (size_t i = 0; nick[0] && i < sizeof cmds / sizeof *cmds; i++)
        tables_on_private(t, 1001.0 + (double)i * 3, &w, cmds[i], &o);
    for (int i = 0; i < 4; i++) {
        double d = tables_next_deadline(t);
        if (d < 0)
            break;
        if (!isfinite(d))
            abort(); /* a timer that is not a number stops every timer */
        tables_on_tick(t, d, &o);
    }
    outbox_free(&o);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static bot_config cfg;
    static int ready;
    char line[4096], why[256];
    if (!ready) {
        config_defaults(&cfg);
        cfg.game.bot_delay = 0;
        ready = 1;
    }
    if (size >= sizeof line)
        return 0;
    memcpy(line, data, size);
    line[size] = '\0';
    tables *t = tables_new(&cfg, 1);
    if (t && tables_restore_checked(t, "#durak", line, 1000.0, why, sizeof why))
        exercise(t, &cfg, line);
    tables_free(t);
    return 0;
}
