/* Portable bit tricks for bitboards: popcount and count-trailing-zeros on uint64_t.
   GCC and Clang get their builtins; MSVC its intrinsics; anything else a plain C loop. */
#ifndef NEGAMAX_BITS_H
#define NEGAMAX_BITS_H

#include <stdint.h>

#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
#endif

static inline int negamax_popcount64(uint64_t x)
{
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__POPCNT__) || !(defined(__x86_64__) || defined(__i386__)))
    /* one instruction: x86 built with POPCNT (-mpopcnt, -march=...), or ARM64 (cnt) */
    return __builtin_popcountll(x);
#elif defined(__GNUC__) || defined(__clang__)
    /* x86 without -mpopcnt (portable wheels): the builtin would call libgcc's table-driven
       __popcountdi2; the inline bit-parallel count is several times faster. */
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_ARM64))
    /* __popcnt64 needs POPCNT (x64) which old CPUs lack: use the portable count there. */
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
#else
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
#endif
}

/* Index of the lowest set bit; x must be nonzero. */
static inline int negamax_ctz64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(x);
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_ARM64))
    unsigned long index;
    _BitScanForward64(&index, x);
    return (int)index;
#else
    int n = 0;
    while ((x & 1u) == 0) { x >>= 1; n++; }
    return n;
#endif
}

/* Ask for the cache line holding `p` ahead of its use (a hint; nothing where unsupported). */
static inline void negamax_prefetch(const void *p)
{
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(p);
#elif defined(_MSC_VER) && (defined(_M_X64) || defined(_M_IX86))
    _mm_prefetch((const char *)p, _MM_HINT_T0);
#else
    (void)p;
#endif
}

#endif /* NEGAMAX_BITS_H */
