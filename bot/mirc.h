/* mirc.h — mIRC formatting codes: the control bytes (colour, bold, reset...), the colours the bot
 * writes, and how many bytes a code takes in a text, for the parser to strip and outq to keep whole. */
#ifndef DURAK_MIRC_H
#define DURAK_MIRC_H

#include <stddef.h>

/* The control bytes, as strings to paste into literals ("\x03" MIRC_RED "7h" MIRC_RESET). */
#define MIRC_BOLD "\x02"
#define MIRC_COLOUR "\x03"     /* then fg [N]N, optionally ",bg" [N]N */
#define MIRC_HEX_COLOUR "\x04" /* then RRGGBB, optionally ",RRGGBB" */
#define MIRC_RESET "\x0F"      /* ends every format; safe before a digit, unlike a bare \x03 */
#define MIRC_MONOSPACE "\x11"
#define MIRC_REVERSE "\x16"
#define MIRC_ITALIC "\x1D"
#define MIRC_STRIKETHROUGH "\x1E"
#define MIRC_UNDERLINE "\x1F"

/* Colour numbers as written after MIRC_COLOUR (always two digits). */
#define MIRC_RED "04"

/* Bytes of the \x03 colour code at s[0] (s[0] must be \x03): 1 plus up to two digits, then
 * "," and one or two digits when a digit came before (n bytes available). */
size_t mirc_colour_len(const char *s, size_t n);
/* Bytes of the formatting code at s (\x03 with its digits, \x04 with its hex colours, or a one-byte
 * toggle), or 0 when s[0] starts none (n bytes available, n > 0). */
size_t mirc_code_len(const char *s, size_t n);
/* Copies src[0..n) to dst (room for n + 1) without its formatting codes; returns the new length. */
size_t mirc_strip(char *dst, const char *src, size_t n);

#endif
