/* failalloc.h — for unit tests: malloc, calloc, realloc and strdup made to fail on purpose, so
 * that the bot's out-of-memory paths run (failalloc.c; its CMake function durak_failalloc). */
#ifndef DURAK_TEST_FAILALLOC_H
#define DURAK_TEST_FAILALLOC_H

#include <stdbool.h>

/* The n-th allocation from now (1: the next one), on any thread, returns NULL with errno ENOMEM;
 * the others succeed. n <= 0: none fails (as failalloc_off). */
void failalloc_after(long n);
/* From now on every allocation succeeds. */
void failalloc_off(void);
/* Whether the allocation failalloc_after chose has failed yet. */
bool failalloc_failed(void);

#endif
