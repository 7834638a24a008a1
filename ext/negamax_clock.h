/* A monotonic wall clock in seconds, callable without the GIL, on every platform we ship. */
#ifndef NEGAMAX_CLOCK_H
#define NEGAMAX_CLOCK_H

#if defined(_WIN32)
#include <windows.h>
static double negamax_monotonic_seconds(void) {
    LARGE_INTEGER frequency, counter;
    QueryPerformanceFrequency(&frequency);
    QueryPerformanceCounter(&counter);
    return (double)counter.QuadPart / (double)frequency.QuadPart;
}
#else
#include <time.h>
static double negamax_monotonic_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}
#endif

#endif /* NEGAMAX_CLOCK_H */
