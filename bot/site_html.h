/* site_html.h — the web pages' text: a growing buffer, every user-chosen byte escaped (HTML
 * specials, mIRC codes, controls, direction overrides), cards as text, the page frame and style. */
#ifndef DURAK_SITE_HTML_H
#define DURAK_SITE_HTML_H

#include <stdbool.h>
#include <stddef.h>

#include "card.h"
#include "messages.h"

/* The most bytes a page should take: the index, boards and people's pages stay below (their lists
 * are cut); a game's page holds every move, and a very long game's goes over (logged). */
enum { SITE_PAGE_MAX = 60 * 1024 };

/* A page being written; oom once an allocation failed (then the page is not written). */
typedef struct {
    char *p;
    size_t len, cap;
    bool oom;
} site_buf;

void sb_init(site_buf *b);
void sb_free(site_buf *b);
void sb_reset(site_buf *b);
/* Trusted text (markup, the message tables' texts, numbers). */
void sb_put(site_buf *b, const char *s);
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void sb_printf(site_buf *b, const char *fmt, ...);
/* What a user chose (a nick, a channel): valid UTF-8 only (U+FFFD for the rest), & < > " '
 * as entities, mIRC formatting codes, controls and direction marks/overrides/isolates dropped. */
void sb_text(site_buf *b, const char *s);
/* A nick: sb_text inside <bdi>, so a right-to-left nick does not reorder the line around it. */
void sb_nick(site_buf *b, const char *s);
/* One column of a table: its class (NULL for none) and its heading, a message of lang or, with
 * MSG_COUNT, the text. */
typedef struct {
    const char *cls;
    msg_id title;
    const char *text;
} site_col;
/* A table's start (scrolling sideways when a phone is too narrow) and its head row of n columns. */
void sb_table_head(site_buf *b, msg_lang lang, const site_col *cols, size_t n);
/* A card as text in lang: "<span class=\"c r\">10♥</span>" (r: red hearts and diamonds). */
void sb_card(site_buf *b, msg_lang lang, card_t c);
/* A message of lang's table with its arguments (each already HTML: escape them first). */
void sb_msg(site_buf *b, msg_lang lang, msg_id id, ...);
/* A message's text with its arguments into buf (for arguments of another message). */
const char *site_fmt(char *buf, size_t cap, msg_lang lang, msg_id id, ...);

/* <!DOCTYPE html> up to <main>: lang, charset, viewport, title (already HTML), the stylesheet at
 * root ("" or "../"), a link home. */
void site_page_begin(site_buf *b, msg_lang lang, const char *title_html, const char *root);
/* </main> to </html>. */
void site_page_end(site_buf *b);
/* The one stylesheet (style.css). */
const char *site_css(void);

/* "2026-12-01 13:40" (UTC). */
void site_time(long long unix_time, char *buf, size_t cap);

#endif
