/* Large blocks for transposition tables: aligned to 2 MB and, on Linux, marked for
   transparent huge pages. A table is probed at random addresses, so with 4 KB pages nearly
   every probe of a large table also misses the TLB (a page walk on top of the cache miss);
   2 MB pages make the whole table a few hundred TLB entries. Where huge pages are not
   available the block is an ordinary one, and everything works the same, only slower.
   Free with negamax_large_free. */
#ifndef NEGAMAX_MEMORY_H
#define NEGAMAX_MEMORY_H

#include <stddef.h>
#include <stdlib.h>

#define NEGAMAX_LARGE_ALIGNMENT ((size_t)2 * 1024 * 1024)

#if defined(_WIN32)
#include <malloc.h>
static void *negamax_large_alloc(size_t size) { return _aligned_malloc(size, 4096); }
static void negamax_large_free(void *p) { _aligned_free(p); }
#else
#if defined(__linux__)
#include <sys/mman.h>
#endif
static void *negamax_large_alloc(size_t size)
{
    void *p = NULL;
    size_t alignment = size >= NEGAMAX_LARGE_ALIGNMENT ? NEGAMAX_LARGE_ALIGNMENT : 64;
    if (posix_memalign(&p, alignment, size) != 0) {
        return NULL;
    }
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (size >= NEGAMAX_LARGE_ALIGNMENT) {
        madvise(p, size, MADV_HUGEPAGE);   /* a hint: failure only means small pages */
    }
#endif
    return p;
}
static void negamax_large_free(void *p) { free(p); }
#endif

#endif /* NEGAMAX_MEMORY_H */
