/* rng.c — xoshiro256** (Blackman & Vigna), splitmix64 seeding, Lemire's bounded
 * integers and the Fisher–Yates shuffle of R2. */
#include "rng.h"

static uint64_t splitmix64(uint64_t *x) { return rng_mix64(*x += RNG_GOLDEN_GAMMA); }

void rng_seed(rng_t *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&seed);
}

uint64_t rng_below_wide(rng_t *r, uint64_t n)
{
    uint64_t lim = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do
        x = rng_next(r);
    while (x >= lim);
    return x % n;
}

void rng_shuffle(rng_t *r, uint8_t *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_below(r, (uint64_t)i + 1);
        uint8_t t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
