/* Whether the calling thread's C stack has `needed` bytes left below this point, on every
 * platform we ship (yes where the system does not tell: the search then runs where it is,
 * as it always did).  The search recurses once per ply, so a deep search in a thread with a
 * small stack (musl's 128 KiB, Windows' 1-2 MB, threading.stack_size) would run off its
 * end: the engine asks this with what the search needs (ext/engine/stack.pxi). */
#ifndef NEGAMAX_STACK_H
#define NEGAMAX_STACK_H

#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32)
#include <windows.h>
#elif defined(__APPLE__)
#include <pthread.h>
#elif defined(__linux__)
#include <pthread.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

static int negamax_stack_has_room(size_t needed) {
    volatile char here = 0;
    uintptr_t point = (uintptr_t)&here;
    uintptr_t low = 0;
#if defined(_WIN32) && defined(_WIN32_WINNT) && _WIN32_WINNT >= 0x0602
    ULONG_PTR stack_low, stack_high;
    GetCurrentThreadStackLimits(&stack_low, &stack_high);
    low = (uintptr_t)stack_low;
#elif defined(__APPLE__)
    pthread_t self = pthread_self();
    low = (uintptr_t)pthread_get_stackaddr_np(self) - (uintptr_t)pthread_get_stacksize_np(self);
#elif defined(__linux__)
    /* A thread's stack never moves: asked once per thread (for the main thread glibc reads
       /proc/self/maps to answer, which would cost every search a file read). The main
       thread's stack grows down from its top as far as RLIMIT_STACK allows now, which a
       program may lower after that first question: asked again (one system call) for a
       search deep enough to care, more than 256 KiB. */
    static __thread uintptr_t known_top = 0;
    static __thread size_t known_size = 0;
    static __thread int main_thread = 0;
    if (known_top == 0) {
        pthread_attr_t attributes;
        void *address;
        size_t size;
        if (pthread_getattr_np(pthread_self(), &attributes) != 0) {
            return 1;
        }
        int failed = pthread_attr_getstack(&attributes, &address, &size);
        pthread_attr_destroy(&attributes);
        if (failed) {
            return 1;
        }
        known_top = (uintptr_t)address + size;
        known_size = size;
        main_thread = (long)syscall(SYS_gettid) == (long)getpid();
#if !defined(__GLIBC__)
        /* musl (Alpine) answers for the main thread with the part of its stack mapped so
           far, 132 KiB or so, where glibc answers with what RLIMIT_STACK lets it grow to:
           every search would have moved to a thread of its own. The stack grows as far as
           the limit allows (8 MiB by default; an unlimited one, that far at least). */
        if (main_thread) {
            struct rlimit limit;
            size_t allowed = (size_t)8 << 20;
            if (getrlimit(RLIMIT_STACK, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
                allowed = (size_t)limit.rlim_cur;
            }
            if (allowed > known_size) {
                known_size = allowed;
            }
        }
#endif
    }
    size_t size = known_size;
    if (main_thread && needed > 256 * 1024) {
        struct rlimit limit;
        if (getrlimit(RLIMIT_STACK, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY
                && (size_t)limit.rlim_cur < size) {
            size = (size_t)limit.rlim_cur;
        }
    }
    low = known_top - size;
#else
    return 1;
#endif
    (void)here;
    return point > low && (size_t)(point - low) >= needed;
}

#endif /* NEGAMAX_STACK_H */
