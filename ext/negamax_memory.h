/* Large zeroed blocks for the transposition table: aligned to whole cache lines (a bucket
   never straddles two lines), and on Linux in transparent huge pages where the system
   allows them (random probes of a large table then cost far fewer TLB misses). */
#ifndef NEGAMAX_MEMORY_H
#define NEGAMAX_MEMORY_H

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#define NEGAMAX_HUGE_PAGE ((size_t)2 << 20)
#define NEGAMAX_LINE ((size_t)64)

#if defined(_WIN32)
#include <malloc.h>
static inline void *negamax_aligned_alloc(size_t alignment, size_t bytes)
{
    return _aligned_malloc(bytes, alignment);
}
static inline void negamax_aligned_free(void *p)
{
    _aligned_free(p);
}
#else
static inline void *negamax_aligned_alloc(size_t alignment, size_t bytes)
{
    void *p = NULL;
    if (posix_memalign(&p, alignment, bytes) != 0) {
        return NULL;
    }
    return p;
}
static inline void negamax_aligned_free(void *p)
{
    free(p);
}
#endif

/* `bytes` of zeroed memory, every page touched already; NULL when out of memory. Free it
   with negamax_free_table. */
static inline void *negamax_alloc_table(size_t bytes)
{
    size_t alignment = bytes >= NEGAMAX_HUGE_PAGE ? NEGAMAX_HUGE_PAGE : NEGAMAX_LINE;
    size_t rounded = (bytes + alignment - 1) / alignment * alignment;
    void *p = negamax_aligned_alloc(alignment, rounded);
    if (p == NULL) {
        return NULL;
    }
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (alignment == NEGAMAX_HUGE_PAGE) {
        madvise(p, rounded, MADV_HUGEPAGE);   /* a hint: ignored where huge pages are off */
    }
#endif
    memset(p, 0, rounded);
    return p;
}

static inline void negamax_free_table(void *p)
{
    negamax_aligned_free(p);
}

/* Ask for the cache line holding `p` ahead of its use (a hint; nothing where unsupported). */
static inline void negamax_prefetch(const void *p)
{
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(p);
#else
    (void)p;
#endif
}

#endif
