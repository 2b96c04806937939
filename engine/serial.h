/* serial.h — a whole game as one compact, versioned text line ("D1 ...", "D2 ..." with teams)
 * and back, an exact round trip (running games are saved to disk and restored). */
#ifndef DURAK_SERIAL_H
#define DURAK_SERIAL_H

#include <stdbool.h>
#include <stddef.h>

struct durak_game;

/* Writes the line (no newline) into buf; returns its length, or -1 if `cap`
 * is too small (DURAK_SERIAL_MAX is always enough). */
int durak_serialize(const struct durak_game *g, char *buf, size_t cap);
/* The exact inverse; false (and *g unspecified) on malformed input or a game that breaks
 * an invariant (durak_validate). */
bool durak_deserialize(struct durak_game *g, const char *line);
/* The same, saying why: NULL when restored, else the reason the line is refused (a
 * sentence naming the field or the broken invariant). */
const char *durak_restore(struct durak_game *g, const char *line);

#endif
