/* rng.c — xoshiro256** (Blackman & Vigna), splitmix64 seeding, Lemire's bounded
 * integers and the Fisher–Yates shuffle of R2. */
#include "rng.h"

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t rng_mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static uint64_t splitmix64(uint64_t *x) { return rng_mix64(*x += RNG_GOLDEN_GAMMA); }

void rng_seed(rng_t *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&seed);
}

uint64_t rng_next(rng_t *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint64_t rng_below(rng_t *r, uint64_t n)
{
    /* Lemire's multiply-and-reject on the high 32 bits is enough for n < 2^32;
     * larger n use plain rejection. */
    if (n <= UINT32_MAX) {
        uint32_t n32 = (uint32_t)n;
        uint64_t m = (rng_next(r) >> 32) * n32;
        uint32_t low = (uint32_t)m;
        if (low < n32) {
            uint32_t t = (uint32_t)(-n32) % n32;
            while (low < t) {
                m = (rng_next(r) >> 32) * n32;
                low = (uint32_t)m;
            }
        }
        return m >> 32;
    }
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
