/* What a cache line costs on this machine, outside the daemon (issue 18, sixteenth session).
 *
 *   cc -O2 -o /tmp/memory-probes Benchmarks/experiments/memory-probes/memory-probes.c
 *   /tmp/memory-probes
 *
 * Three questions the scale target's analysis leans on, each over a 512 MB buffer (far past
 * the 32 MB last-level cache):
 *  1. A dependent miss: a pointer chase through the buffer's lines in a random cycle, each
 *     load waiting for the one before (what a request pays when it cannot ask ahead).
 *  2. Independent lines, grouped by page: 1 random line of a random 4 KB page; 8 or 32 lines of
 *     one random page, consecutive or at random; 8 lines of 8 random pages; 2 pages of 16
 *     lines. If page walks (the TLB; under a virtual machine a two-level walk) set the cost,
 *     lines within one page would be much cheaper than lines spread over pages.
 *  3. Lines read against lines written: whether dirtying some of the lines read costs more.
 * Each figure is nanoseconds an iteration, the loads of an iteration independent of the
 * next's, so the processor overlaps as many as it can (throughput, not latency). The random
 * numbers come from a xorshift generator whose own cost is in every figure (a few cycles per
 * number; the modes that draw more numbers pay more of it).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { LINE = 64, PAGE = 4096 };
static const size_t BUFFER_BYTES = (size_t)512 << 20;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static uint64_t state = 88172645463325252ull;
static inline uint64_t next_random(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

/* 1. Each line holds the offset of the next one of a random cycle through all of them. */
static void dependent_miss(unsigned char *buffer) {
    size_t lines = BUFFER_BYTES / LINE;
    size_t *order = malloc(lines * sizeof *order);
    if (!order) { perror("malloc"); exit(1); }
    for (size_t i = 0; i < lines; i++) order[i] = i;
    for (size_t i = lines - 1; i > 0; i--) {
        size_t j = next_random() % (i + 1), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    uint64_t *words = (uint64_t *)buffer;
    for (size_t i = 0; i < lines; i++) words[order[i] * 8] = order[(i + 1) % lines] * 8;
    free(order);
    size_t at = 0;
    long steps = 5000000;
    double start = now();
    for (long i = 0; i < steps; i++) at = words[at];
    printf("%-34s %7.1f ns\n", "dependent random line", (now() - start) / (double)steps * 1e9);
    if (at == 1) puts(""); /* keeps the chase */
}

/* 2 and 3. */
static void independent_lines(unsigned char *buffer) {
    static const char *names[] = {
        "1 random line of a random page", "8 consecutive lines of a page", "8 random lines of a page",
        "8 lines of 8 pages", "32 consecutive lines of a page", "32 random lines of a page",
        "2 pages of 16 consecutive lines", "16 lines read", "16 lines written",
        "16 lines read, 4 of them dirtied", "16 lines read, 12 of them dirtied",
    };
    size_t pages = BUFFER_BYTES / PAGE;
    long iterations = 2000000;
    uint64_t sum = 0;
    for (int mode = 0; mode < (int)(sizeof names / sizeof *names); mode++) {
        double start = now();
        for (long i = 0; i < iterations; i++) {
            unsigned char *page = buffer + (next_random() % pages) * PAGE;
            switch (mode) {
            case 0: sum += page[(next_random() % 64) * LINE]; break;
            case 1: for (int k = 0; k < 8; k++) sum += page[k * LINE]; break;
            case 2: for (int k = 0; k < 8; k++) sum += page[(next_random() % 64) * LINE]; break;
            case 3:
                for (int k = 0; k < 8; k++) sum += buffer[(next_random() % pages) * PAGE + (next_random() % 64) * LINE];
                break;
            case 4: for (int k = 0; k < 32; k++) sum += page[k * LINE]; break;
            case 5: for (int k = 0; k < 32; k++) sum += page[(next_random() % 64) * LINE]; break;
            case 6:
                for (int p = 0; p < 2; p++) {
                    unsigned char *other = buffer + (next_random() % pages) * PAGE;
                    for (int k = 0; k < 16; k++) sum += other[k * LINE];
                }
                break;
            case 7: for (int k = 0; k < 16; k++) sum += page[k * LINE]; break;
            case 8: for (int k = 0; k < 16; k++) page[k * LINE]++; break;
            case 9: for (int k = 0; k < 16; k++) { sum += page[k * LINE]; if (k < 4) page[k * LINE + 8]++; } break;
            case 10: for (int k = 0; k < 16; k++) { sum += page[k * LINE]; if (k < 12) page[k * LINE + 8]++; } break;
            }
        }
        printf("%-34s %7.1f ns\n", names[mode], (now() - start) / (double)iterations * 1e9);
    }
    if (sum == 1) puts(""); /* keeps the loads */
}

int main(void) {
    unsigned char *buffer = aligned_alloc(PAGE, BUFFER_BYTES);
    if (!buffer) { perror("aligned_alloc"); return 1; }
    memset(buffer, 1, BUFFER_BYTES);
    independent_lines(buffer);
    dependent_miss(buffer);
    free(buffer);
    return 0;
}
