#include "client.h"

/* Time, fatal errors and the growable byte buffer. */

uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

void die(const char *message) {
    fprintf(stderr, "daemon_client: %s\n", message);
    exit(1);
}

void reserve(buffer_t *b, size_t extra) {
    if (b->length + extra <= b->capacity) return;
    size_t next = b->capacity ? b->capacity : 65536;
    while (next < b->length + extra) next *= 2;
    b->bytes = realloc(b->bytes, next);
    if (!b->bytes) die("out of memory");
    b->capacity = next;
}

void appendf(buffer_t *b, const char *format, ...) {
    va_list args;
    reserve(b, 256);
    for (;;) {
        va_start(args, format);
        int n = vsnprintf(b->bytes + b->length, b->capacity - b->length, format, args);
        va_end(args);
        if (n < 0) die("vsnprintf");
        if ((size_t)n < b->capacity - b->length) {
            b->length += (size_t)n;
            return;
        }
        reserve(b, (size_t)n + 1);
    }
}
