/* rng.h — the engine's PRNG: xoshiro256** seeded by splitmix64, unbiased bounded
 * integers (Lemire) and Fisher–Yates shuffle (R2). Deterministic for a seed. */
#ifndef DURAK_RNG_H
#define DURAK_RNG_H

#include <stdint.h>

typedef struct {
    uint64_t s[4];
} rng_t;

/* splitmix64's constant: the increment of its state, also a good odd multiplier. */
#define RNG_GOLDEN_GAMMA UINT64_C(0x9E3779B97F4A7C15)

/* splitmix64's output function: a bijective 64-bit mixer (every input bit moves every
 * output bit). The engine's one hash mixer; splitmix64 itself is rng_mix64(x += gamma). */
static inline uint64_t rng_mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

void rng_seed(rng_t *r, uint64_t seed);
/* The generator's step and bounded draws are inline: a random playout draws once a move. */
static inline uint64_t rng_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t rng_next(rng_t *r)
{
    uint64_t *s = r->s;
    uint64_t result = rng_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rng_rotl(s[3], 45);
    return result;
}

/* n >= 2^32: plain rejection (rng.c). */
uint64_t rng_below_wide(rng_t *r, uint64_t n);

/* Uniform in [0, n), n > 0, without modulo bias: Lemire's multiply-and-reject on the high
 * 32 bits for n < 2^32. */
static inline uint64_t rng_below(rng_t *r, uint64_t n)
{
    if (n > UINT32_MAX)
        return rng_below_wide(r, n);
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
/* Unbiased Fisher–Yates shuffle of n bytes. */
void rng_shuffle(rng_t *r, uint8_t *a, int n);

#endif
