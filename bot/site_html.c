/* site_html.c — the web pages' text: the buffer, escaping of everything users chose, cards,
 * the page frame and the stylesheet (light, no outside fonts or images, phone to terminal). */
#define _POSIX_C_SOURCE 200809L
#include "site_html.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mirc.h"
#include "utf8.h"

void sb_init(site_buf *b) { memset(b, 0, sizeof *b); }

void sb_free(site_buf *b)
{
    free(b->p);
    sb_init(b);
}

void sb_reset(site_buf *b)
{
    b->len = 0;
    b->oom = false;
    if (b->p)
        b->p[0] = '\0';
}

static bool reserve(site_buf *b, size_t more)
{
    if (b->oom)
        return false;
    if (b->len + more + 1 <= b->cap)
        return true;
    size_t cap = b->cap ? b->cap : 16384;
    while (cap < b->len + more + 1)
        cap *= 2;
    char *p = realloc(b->p, cap);
    if (!p) {
        b->oom = true;
        return false;
    }
    b->p = p;
    b->cap = cap;
    return true;
}

static void put_n(site_buf *b, const char *s, size_t n)
{
    if (!reserve(b, n))
        return;
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

void sb_put(site_buf *b, const char *s) { put_n(b, s, strlen(s)); }

static void sb_vprintf(site_buf *b, const char *fmt, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    if (n >= 0 && reserve(b, (size_t)n)) {
        vsnprintf(b->p + b->len, (size_t)n + 1, fmt, again);
        b->len += (size_t)n;
    }
    va_end(again);
}

void sb_printf(site_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(b, fmt, ap);
    va_end(ap);
}

/* Direction marks, embeddings, overrides and isolates: a user's text never steers the page's. */
static bool bidi_control(uint32_t cp)
{
    return cp == 0x200E || cp == 0x200F || cp == 0x061C || (cp >= 0x202A && cp <= 0x202E)
           || (cp >= 0x2066 && cp <= 0x2069);
}

void sb_text(site_buf *b, const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s);
    while (n) {
        uint32_t cp;
        size_t len = mirc_code_len((const char *)p, n);
        if (len) { /* a formatting code: dropped with its colour digits */
            p += len;
            n -= len;
            continue;
        }
        len = utf8_decode(p, n, &cp);
        if (!len) {
            sb_put(b, "\xEF\xBF\xBD");
            len = 1;
        } else if (cp == '&') {
            sb_put(b, "&amp;");
        } else if (cp == '<') {
            sb_put(b, "&lt;");
        } else if (cp == '>') {
            sb_put(b, "&gt;");
        } else if (cp == '"') {
            sb_put(b, "&quot;");
        } else if (cp == '\'') {
            sb_put(b, "&#39;");
        } else if (cp < 0x20 || (cp >= 0x7F && cp < 0xA0) || bidi_control(cp)) {
            /* controls and direction marks: nothing */
        } else {
            put_n(b, (const char *)p, len);
        }
        p += len;
        n -= len;
    }
}

/* Characters of s a reader sees (invisible ones and bytes that are not UTF-8 aside). */
static size_t shown_chars(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s), chars = 0;
    while (n) {
        uint32_t cp;
        size_t k = utf8_invisible_len(p, n);
        if (!k) {
            k = utf8_decode(p, n, &cp);
            chars += k > 0;
            k = k ? k : 1;
        }
        p += k;
        n -= k;
    }
    return chars;
}

void sb_nick(site_buf *b, const char *s)
{
    /* a long name may break anywhere to fit a phone; a short one ("#durak") never */
    sb_put(b, shown_chars(s) > 16 ? "<bdi class=\"l\">" : "<bdi>");
    sb_text(b, s);
    sb_put(b, "</bdi>");
}

void sb_table_head(site_buf *b, msg_lang lang, const site_col *cols, size_t n)
{
    sb_put(b, "<div class=\"scroll\"><table>\n<tr>");
    for (size_t i = 0; i < n; i++)
        sb_printf(b, "<th%s%s%s>%s</th>", cols[i].cls ? " class=\"" : "",
                  cols[i].cls ? cols[i].cls : "", cols[i].cls ? "\"" : "",
                  cols[i].title == MSG_COUNT ? cols[i].text : msg_in(lang, cols[i].title));
    sb_put(b, "</tr>\n");
}

void sb_card(site_buf *b, msg_lang lang, card_t c)
{
    char text[32];
    int suit = card_suit(c);
    msg_card(lang, card_rank(c), suit, true, text, sizeof text);
    sb_printf(b, "<span class=\"c%s\">%s</span>",
              suit == SUIT_HEARTS || suit == SUIT_DIAMONDS ? " r" : "", text);
}

void sb_msg(site_buf *b, msg_lang lang, msg_id id, ...)
{
    va_list ap;
    va_start(ap, id);
    sb_vprintf(b, msg_in(lang, id), ap);
    va_end(ap);
}

const char *site_fmt(char *buf, size_t cap, msg_lang lang, msg_id id, ...)
{
    va_list ap;
    va_start(ap, id);
    vsnprintf(buf, cap, msg_in(lang, id), ap);
    va_end(ap);
    utf8_cut_invalid(buf);
    return buf;
}

void site_page_begin(site_buf *b, msg_lang lang, const char *title_html, const char *root)
{
    sb_printf(b,
              "<!DOCTYPE html>\n<html lang=\"%s\">\n<head>\n<meta charset=\"utf-8\">\n"
              "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
              /* the site's name in the title, for tabs and bookmarks; an empty icon, so that
               * browsers ask for no /favicon.ico the site does not have */
              "<title>%s &middot; durakbot</title>\n<link rel=\"icon\" href=\"data:,\">\n"
              "<link rel=\"stylesheet\" href=\"%sstyle.css\">\n</head>\n"
              "<body>\n<header><a href=\"%sindex.html\">%s</a></header>\n<main>\n",
              msg_lang_code(lang), title_html, root, root, msg_in(lang, MSG_SITE_HOME));
}

void site_page_end(site_buf *b)
{
    sb_put(b, "</main>\n<footer>durakbot</footer>\n</body>\n</html>\n");
}

const char *site_css(void)
{
    return ":root{color-scheme:light dark}\n"
           "body{font:16px/1.45 system-ui,sans-serif;max-width:60rem;margin:0 auto;"
           "padding:.5rem 1rem}\n"
           "header,footer{font-size:.9rem;padding:.4rem 0}\nfooter{opacity:.7}\n"
           "h1{font-size:1.5rem;margin:.4rem 0}h2{font-size:1.2rem;margin:1.2rem 0 .4rem}\n"
           "table{border-collapse:collapse;width:100%}\n"
           "th,td{text-align:left;padding:.25rem .4rem;border-bottom:1px solid #8884;"
           "vertical-align:top}\n"
           ".n{text-align:right;font-variant-numeric:tabular-nums}\n"
           ".scroll{overflow-x:auto}\n"
           ".c{white-space:nowrap;font-weight:600}\n.r{color:#c00}\n"
           ".up{color:#080}.down{color:#c00}\n"
           /* on a dark canvas the light scheme's red and green fall under 4.5:1 */
           "@media (prefers-color-scheme:dark){.r,.down{color:#f77}.up{color:#5c5}}\n"
           "svg{width:100%;height:auto;max-height:16rem}\n"
           ".bout{border-left:3px solid #8886;padding:0 0 0 .7rem;margin:1rem 0}\n"
           ".bout h3{font-size:1rem;margin:.2rem 0}\n.bout ol{margin:.2rem 0;padding-left:1.4rem}\n"
           ".js .bout{display:none}\n.js .bout.on,.js.all .bout{display:block}\n"
           ".steps{display:none}\n"
           ".js .steps{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;position:sticky;"
           "top:0;background:Canvas;padding:.4rem 0}\n"
           "button{font:inherit;padding:.35rem .9rem}\n"
           "p,li,code,.l{overflow-wrap:anywhere}\n"
           "pre{white-space:pre-wrap;overflow-wrap:anywhere}\n"
           "td bdi{white-space:nowrap}td bdi.l{white-space:normal}\n" /* "#<x>" stays whole */
           /* on a phone a table fits, its words whole where there is room ("abandono") and
            * broken only where there is none; a name never */
           "@media (max-width:40rem){body{padding:.3rem .5rem}.wide{display:none}"
           "table{font-size:.95rem}th,td{padding:.25rem}td{overflow-wrap:break-word}"
           "svg g{font-size:17px}}\n"; /* the chart's 600 units in a phone's 360 px */
}

void site_time(long long unix_time, char *buf, size_t cap)
{
    time_t tt = (time_t)unix_time;
    struct tm tm;
    if (!gmtime_r(&tt, &tm) || !strftime(buf, cap, "%Y-%m-%d %H:%M", &tm))
        snprintf(buf, cap, "%lld", unix_time);
}
