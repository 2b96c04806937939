/* fuzz_wire.c — libFuzzer target for the wire guard: any bytes from a server, line by line, through
 * the encoding, link_msg_parse, link_msg_write and the CAP/SASL state; what libircclient gets must
 * be whole CR LF lines it survives, and a line written again must parse to the same message. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "link_cap.h"
#include "link_enc.h"
#include "link_guard.h"
#include "log.h"
#include "utf8.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { LIBIRC_LINE_MAX = 1023 }; /* libircclient's buffer: a longer line deafens it for good */

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "fuzz_wire: failed: %s (line %d)\n", #cond, __LINE__);                 \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

/* The written lines: each ends in CR LF, holds no NUL, CR or LF before it, fits libircclient, and
 * (again not NULL) parses again; *first gets the first one's message (its strings in again). An
 * annotated line is libircclient's alone: its account behind a separator the guard refuses. */
static int check_written(const char *out, size_t n, char *again, link_msg *first)
{
    int lines = 0;
    for (size_t at = 0; at < n;) {
        const char *end = memchr(out + at, '\n', n - at);
        CHECK(end && end > out + at && end[-1] == '\r');
        size_t len = (size_t)(end - 1 - (out + at));
        CHECK(len + 2 <= LIBIRC_LINE_MAX);
        CHECK(!memchr(out + at, '\0', len) && !memchr(out + at, '\r', len));
        char copy[LINK_OUT_MAX];
        link_msg m;
        memcpy(copy, out + at, len);
        copy[len] = '\0';
        CHECK(!again || link_msg_parse_cut(copy, len, LINK_CONVERTED_MAX, &m) == LINK_OK);
        if (!lines++ && again) {
            memcpy(again, out + at, len);
            again[len] = '\0';
            CHECK(link_msg_parse_cut(again, len, LINK_CONVERTED_MAX, first) == LINK_OK);
        }
        at = (size_t)(end + 1 - out);
    }
    return lines;
}

static void one_line(char *line, size_t len, link_cap *cap)
{
    link_msg m, back;
    char out[LINK_OUT_MAX], again[LINK_OUT_MAX];
    if (link_msg_parse_cut(line, len, LINK_CONVERTED_MAX, &m) != LINK_OK) /* as converted */
        return;
    CHECK(m.command && m.command[0] && m.nparams >= 0 && m.nparams <= LINK_PARAMS_MAX);
    size_t n = link_msg_write(&m, true, out, sizeof out);
    CHECK(n < sizeof out && check_written(out, n, NULL, NULL) >= 1);
    n = link_msg_write(&m, false, out, sizeof out);
    int lines = check_written(out, n, again, &back);
    CHECK(lines >= 1);
    CHECK(!strcasecmp(back.command, m.command));
    CHECK(!back.prefix == !m.prefix && (!m.prefix || !strcmp(back.prefix, m.prefix)));
    /* not a 005 split: the same parameters (none: one empty one); unless the line, cut at its
     * limit, grew past it again in its canonical form (a ':' added): libircclient takes it */
    if (lines == 1 && !back.cut) {
        CHECK(back.nparams == (m.nparams ? m.nparams : 1));
        for (int i = 0; i < m.nparams; i++)
            CHECK(!strcmp(back.params[i], m.params[i]));
    }
    link_cap_on_line(cap, &m);
    CHECK(cap->out_len <= sizeof cap->out);
    CHECK(cap->out_len == 0 || !memcmp(cap->out + cap->out_len - 2, "\r\n", 2));
    cap->out_len = 0; /* sent: link_pump.c moves it out */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static link_enc enc;
    static link_enc_people people; /* "auto": who writes UTF-8, across inputs as across lines */
    static int ready;
    char err[256];
    if (!ready) {
        log_set_level(LOG_ERR); /* SASL refusals and the like: the fuzzer's own noise */
        if (!link_enc_open(&enc, LINK_ENC_AUTO_CP1251, err, sizeof err)) {
            fprintf(stderr, "fuzz_wire: %s\n", err);
            abort();
        }
        enc.people = &people;
        ready = 1;
    }
    link_cap cap;
    link_cap_start(&cap, size && data[0] & 1 ? LINK_SASL_PLAIN : LINK_SASL_NONE, "durakbot",
                   "secret", size && data[0] & 2);
    for (size_t at = 0; at < size;) { /* lines end at CR or LF, as link_pump.c splits them */
        size_t len = 0;
        while (at + len < size && data[at + len] != '\r' && data[at + len] != '\n')
            len++;
        char utf8[4 * 8192 + 1];
        if (len <= 8192) {
            size_t n = link_enc_in(&enc, (const char *)data + at, len, utf8, sizeof utf8 - 1);
            CHECK(n < sizeof utf8);
            CHECK(utf8_valid(utf8, n) || memchr(utf8, '\0', n));
            utf8[n] = '\0';
            one_line(utf8, n, &cap);
        }
        at += len + 1;
    }
    return 0;
}
