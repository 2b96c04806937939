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
uint64_t rng_mix64(uint64_t z);

void rng_seed(rng_t *r, uint64_t seed);
uint64_t rng_next(rng_t *r);
/* Uniform in [0, n), n > 0, without modulo bias. */
uint64_t rng_below(rng_t *r, uint64_t n);
/* Unbiased Fisher–Yates shuffle of n bytes. */
void rng_shuffle(rng_t *r, uint8_t *a, int n);

#endif
