/*
 * Lets the daemon benchmarks read glibc's malloc statistics from inside a server they did not
 * build for it (Switchboard's daemon is benchmarked unmodified). Preloaded:
 *
 *     cc -O2 -shared -fPIC -pthread mallinfo_preload.c -o mallinfo_preload.so
 *     BENCH_MALLINFO=/tmp/m LD_PRELOAD=./mallinfo_preload.so switchboard serve
 *
 * With BENCH_MALLINFO set, a constructor blocks SIGUSR1 (threads created later inherit the mask)
 * and starts a thread that waits for it with sigwait(). On each SIGUSR1 that thread writes
 * "BYTES\n" to $BENCH_MALLINFO (through a temporary file and rename), where BYTES is
 * mallinfo2().uordblks + hblkhd summed over every arena: the bytes malloc has handed out,
 * chunk headers and rounding included. mallinfo2 runs on an ordinary thread, not in a handler.
 */
#define _GNU_SOURCE
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

static void *reporter(void *argument) {
    const char *path = argument;
    char temporary[4096];
    snprintf(temporary, sizeof temporary, "%s.tmp", path);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGUSR1);
    for (;;) {
        int number;
        if (sigwait(&set, &number) != 0) continue;
        struct mallinfo2 info = mallinfo2();
        FILE *file = fopen(temporary, "w");
        if (!file) continue;
        fprintf(file, "%zu\n", info.uordblks + info.hblkhd);
        fclose(file);
        rename(temporary, path);
    }
    return NULL;
}

__attribute__((constructor)) static void start_reporter(void) {
    const char *path = getenv("BENCH_MALLINFO");
    if (!path || !*path) return;
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGUSR1);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    pthread_t thread;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&attributes, 64 * 1024);
    pthread_create(&thread, &attributes, reporter, (void *)path);
    pthread_attr_destroy(&attributes);
}
