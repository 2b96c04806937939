/* failalloc.c — for unit tests: the n-th allocation from a given moment fails (failalloc.h). The
 * test binary is linked with --wrap, so the bot's calls reach these and these the real ones. */
#include "failalloc.h"

#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>

/* --wrap rather than a malloc of our own: the sanitizer build's runtime defines malloc itself,
 * and __real_malloc is then its malloc, so leaks and overflows are still found. Only objects
 * linked into the test call these; a shared library (SQLite, OpenSSL, libc inside) does not. */
void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
char *__real_strdup(const char *s);
void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t size);
char *__wrap_strdup(const char *s);

static atomic_long seen;    /* allocations since armed */
static atomic_long fail_at; /* the one that fails (1-based), 0: none */
static atomic_bool failed;

void failalloc_after(long n)
{
    atomic_store(&fail_at, 0);
    atomic_store(&seen, 0);
    atomic_store(&failed, false);
    atomic_store(&fail_at, n > 0 ? n : 0);
}

void failalloc_off(void) { failalloc_after(0); }

bool failalloc_failed(void) { return atomic_load(&failed); }

/* Counts one allocation; true if it is the one to fail. */
static bool fail_now(void)
{
    long k = atomic_fetch_add(&seen, 1) + 1;
    if (k != atomic_load(&fail_at))
        return false;
    atomic_store(&failed, true);
    errno = ENOMEM;
    return true;
}

void *__wrap_malloc(size_t size) { return fail_now() ? NULL : __real_malloc(size); }

void *__wrap_calloc(size_t n, size_t size) { return fail_now() ? NULL : __real_calloc(n, size); }

/* A refused realloc leaves the block as it was, as the real one does. */
void *__wrap_realloc(void *p, size_t size) { return fail_now() ? NULL : __real_realloc(p, size); }

char *__wrap_strdup(const char *s) { return fail_now() ? NULL : __real_strdup(s); }
