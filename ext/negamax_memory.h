/* Large zeroed blocks for the transposition table: aligned to whole cache lines (a bucket
   never straddles two lines), and on Linux in transparent huge pages where the system
   allows them (random probes of a large table then cost far fewer TLB misses).

   Plain C: the block is cut out of a larger malloc, the pointer malloc gave is kept just
   before it for negamax_free_table. */
#ifndef NEGAMAX_MEMORY_H
#define NEGAMAX_MEMORY_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#define NEGAMAX_HUGE_PAGE ((size_t)2 << 20)
#define NEGAMAX_LINE ((size_t)64)

/* `bytes` of zeroed memory, every page touched already; NULL when out of memory. Free it
   with negamax_free_table (and with nothing else). */
static inline void *negamax_alloc_table(size_t bytes)
{
    size_t alignment = bytes >= NEGAMAX_HUGE_PAGE ? NEGAMAX_HUGE_PAGE : NEGAMAX_LINE;
    size_t rounded = (bytes + alignment - 1) / alignment * alignment;
    unsigned char *raw;
    uintptr_t start;
    if (rounded < bytes || rounded > SIZE_MAX - alignment - sizeof(void *)) {
        return NULL;
    }
    raw = (unsigned char *)malloc(rounded + alignment + sizeof(void *));
    if (raw == NULL) {
        return NULL;
    }
    start = ((uintptr_t)(raw + sizeof(void *)) + alignment - 1) & ~(uintptr_t)(alignment - 1);
    ((void **)start)[-1] = raw;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (alignment == NEGAMAX_HUGE_PAGE) {
        madvise((void *)start, rounded, MADV_HUGEPAGE);   /* a hint: ignored where huge pages are off */
    }
#endif
    memset((void *)start, 0, rounded);
    return (void *)start;
}

static inline void negamax_free_table(void *p)
{
    if (p != NULL) {
        free(((void **)p)[-1]);
    }
}

#endif
