/* Relaxed atomic loads, stores, adds and compare-and-swaps on 64-bit and int values, for the state threads of
   one Lazy SMP search share (the transposition table's words, the stop flag, the node count).
   Relaxed order is enough: a table entry checks itself (key XOR data), and a stop flag or a
   node count read late only delays a stop by one poll. GCC and Clang get their __atomic
   builtins; MSVC its Interlocked functions and volatile accesses (atomic for aligned words
   on every architecture it targets). */
#ifndef NEGAMAX_ATOMIC_H
#define NEGAMAX_ATOMIC_H

#include <stdint.h>

#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
static __forceinline uint64_t negamax_load_u64(const uint64_t *p) { return *(const volatile uint64_t *)p; }
static __forceinline void negamax_store_u64(uint64_t *p, uint64_t v) { *(volatile uint64_t *)p = v; }
static __forceinline int negamax_load_int(const int *p) { return *(const volatile int *)p; }
static __forceinline void negamax_store_int(int *p, int v) { *(volatile int *)p = v; }
static __forceinline int64_t negamax_add_i64(int64_t *p, int64_t v) {
    return _InterlockedExchangeAdd64((volatile __int64 *)p, v) + v;
}
static __forceinline int64_t negamax_load_i64(const int64_t *p) { return *(const volatile int64_t *)p; }
static __forceinline int negamax_cas_i64(int64_t *p, int64_t expected, int64_t desired) {
    return _InterlockedCompareExchange64((volatile __int64 *)p, desired, expected) == expected;
}
#else
static inline uint64_t negamax_load_u64(const uint64_t *p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
static inline void negamax_store_u64(uint64_t *p, uint64_t v) { __atomic_store_n(p, v, __ATOMIC_RELAXED); }
static inline int negamax_load_int(const int *p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
static inline void negamax_store_int(int *p, int v) { __atomic_store_n(p, v, __ATOMIC_RELAXED); }
static inline int64_t negamax_add_i64(int64_t *p, int64_t v) { return __atomic_add_fetch(p, v, __ATOMIC_RELAXED); }
static inline int64_t negamax_load_i64(const int64_t *p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
static inline int negamax_cas_i64(int64_t *p, int64_t expected, int64_t desired) {
    return __atomic_compare_exchange_n(p, &expected, desired, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}
#endif

/* *p = max(*p, v) and *p = min(*p, v), atomically (bounds that only ever tighten). */
static inline void negamax_max_i64(int64_t *p, int64_t v) {
    int64_t seen = negamax_load_i64(p);
    while (seen < v && !negamax_cas_i64(p, seen, v)) {
        seen = negamax_load_i64(p);
    }
}
static inline void negamax_min_i64(int64_t *p, int64_t v) {
    int64_t seen = negamax_load_i64(p);
    while (seen > v && !negamax_cas_i64(p, seen, v)) {
        seen = negamax_load_i64(p);
    }
}

#endif /* NEGAMAX_ATOMIC_H */
