/* fuzz_config.c — libFuzzer target for the config loader: any file (written to a scratch
 * directory that also holds an includable file and a directory) loads or is refused with one
 * FILE:LINE message; the process never ends (libconfig exits on an included directory). */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"

static char dir[64], path[128];

/* The scratch directory goes with the process: each run left one in /tmp. */
static void remove_scratch(void)
{
    static const char *const names[] = { "fuzz.conf", "inc.conf" };
    char name[160];
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        snprintf(name, sizeof name, "%s/%s", dir, names[i]);
        unlink(name);
    }
    snprintf(name, sizeof name, "%s/dir", dir);
    rmdir(name);
    rmdir(dir);
}

static void prepare(void)
{
    char name[160];
    snprintf(dir, sizeof dir, "/tmp/durak-fuzz-config-XXXXXX");
    if (!mkdtemp(dir))
        abort();
    atexit(remove_scratch);
    snprintf(path, sizeof path, "%s/fuzz.conf", dir);
    snprintf(name, sizeof name, "%s/dir", dir);
    mkdir(name, 0700);
    snprintf(name, sizeof name, "%s/inc.conf", dir);
    FILE *f = fopen(name, "w");
    if (!f)
        abort();
    fputs("ui = { colors = false; };\n", f);
    fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!dir[0])
        prepare();
    FILE *f = fopen(path, "wb");
    if (!f)
        abort();
    fwrite(data, 1, size, f);
    fclose(f);
    bot_config c;
    char err[1024] = "";
    if (!config_load(path, &c, err, sizeof err) && !err[0])
        abort(); /* a refusal always says why */
    return 0;
}
