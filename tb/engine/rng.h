/* SPDX-License-Identifier: Apache-2.0 */
/* rng.h -- the testbench's one PRNG (xoshiro256**, seeded through splitmix64).
 * Randomness lives only in the testbench (docs/timing.md rule 8); models are deterministic. */
#ifndef GPUCOH_RNG_H
#define GPUCOH_RNG_H

#include <stdint.h>

typedef struct {
    uint64_t s[4];
} gpucoh_rng_t;

static inline uint64_t gpucoh_splitmix64(uint64_t* x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline void gpucoh_rng_seed(gpucoh_rng_t* r, uint64_t seed) {
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        r->s[i] = gpucoh_splitmix64(&x);
}

static inline uint64_t gpucoh_rotl(uint64_t x, int k) {
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t gpucoh_rng_next(gpucoh_rng_t* r) {
    uint64_t* s = r->s;
    const uint64_t result = gpucoh_rotl(s[1] * 5, 7) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = gpucoh_rotl(s[3], 45);
    return result;
}

/* uniform in [0, n), n > 0 (Lemire's multiply-shift; bias < 2^-32 for the n used here) */
static inline uint32_t gpucoh_rng_below(gpucoh_rng_t* r, uint32_t n) {
    return (uint32_t)(((gpucoh_rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

/* true with probability num/1000 */
static inline int gpucoh_rng_permille(gpucoh_rng_t* r, uint32_t num) {
    return gpucoh_rng_below(r, 1000) < num;
}

#endif
