/*
 * The C reference for Switchboard's wire benchmarks: jansson used directly, the way a
 * plain C daemon would. Built by run.sh with `cc -O2 jansson_line.c -ljansson`.
 *
 *   jansson_line time  OP LINE_ID ROUNDS TARGET_MS   ns per line of each of ROUNDS rounds
 *   jansson_line count OP LINE_ID N [WARMUP]         WARMUP then N iterations (callgrind)
 *   jansson_line output LINE_ID                      the compact dump of the line
 *   jansson_line echo                                echo server on stdin/stdout
 *
 * OP is `roundtrip` (json_loadb + json_dumpb + free) or `parse` (json_loadb + decref).
 * LINE_ID is `request` or `notification`; the lines are the same as in
 * Sources/SwitchboardBench/Wire/WireLines.swift.
 *
 * Echo mode reads whatever stdin has (read(2)), and for every complete line parses it and
 * writes its compact dump plus '\n'; everything produced from one read is written with one
 * write(2) (flushed per read chunk). A line that does not parse is answered with
 * {"error":"parse"}. This is the floor of any jansson-based line daemon.
 */
#include <errno.h>
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char request_line[] =
    "{\"jsonrpc\":\"2.0\",\"id\":123,\"method\":\"signup.nameChanged\",\"params\":[\"Lisa\"]}";
static const char notification_line[] =
    "{\"jsonrpc\":\"2.0\",\"method\":\"output\",\"params\":{\"vm\":\"signup\",\"output\":"
    "\"submitButtonEnabled\",\"value\":false,\"seq\":1,\"cause\":{\"kind\":\"request\",\"id\":1,"
    "\"method\":\"signup.viewDidLoad\"}}}";

/* Same flags as Switchboard's JSON module: any value at top level, compact output. */
#define LOAD_FLAGS JSON_DECODE_ANY
#define DUMP_FLAGS (JSON_COMPACT | JSON_ENCODE_ANY)

static volatile size_t sink; /* keeps results observable so nothing is optimized away */

static const char *line_named(const char *id) {
    if (strcmp(id, "request") == 0) return request_line;
    if (strcmp(id, "notification") == 0) return notification_line;
    fprintf(stderr, "jansson_line: unknown line %s\n", id);
    exit(2);
}

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* Grows *buffer (of *capacity bytes) to hold at least `needed` bytes. */
static int reserve(char **buffer, size_t *capacity, size_t needed) {
    if (needed <= *capacity) return 0;
    size_t next = *capacity ? *capacity : 4096;
    while (next < needed) next *= 2;
    char *grown = realloc(*buffer, next);
    if (!grown) return -1;
    *buffer = grown;
    *capacity = next;
    return 0;
}

/* Appends the compact dump of root to *buffer at *length: one json_dumpb into the spare
 * capacity, a second one only if it did not fit (never, once the buffer has grown). */
static int append_dump(json_t *root, char **buffer, size_t *capacity, size_t *length) {
    for (;;) {
        size_t size = json_dumpb(root, *buffer + *length, *capacity - *length, DUMP_FLAGS);
        if (size == 0) return -1;
        if (*length + size <= *capacity) {
            *length += size;
            return 0;
        }
        if (reserve(buffer, capacity, *length + size)) return -1;
    }
}

/* One round trip: parse, dump compact into a reused output buffer (as a daemon writing to
 * its output buffer would), release the tree. */
static void roundtrip(const char *line, size_t length) {
    static char *out = NULL;
    static size_t capacity = 0;
    json_error_t error;
    json_t *root = json_loadb(line, length, LOAD_FLAGS, &error);
    if (!root) { fprintf(stderr, "parse error: %s\n", error.text); exit(1); }
    if (reserve(&out, &capacity, 4096)) exit(1);
    size_t written = 0;
    if (append_dump(root, &out, &capacity, &written)) exit(1);
    sink += written;
    json_decref(root);
}

static void parse_only(const char *line, size_t length) {
    json_error_t error;
    json_t *root = json_loadb(line, length, LOAD_FLAGS, &error);
    if (!root) { fprintf(stderr, "parse error: %s\n", error.text); exit(1); }
    sink += json_object_size(root);
    json_decref(root);
}

typedef void (*operation)(const char *, size_t);

static operation operation_named(const char *op) {
    if (strcmp(op, "roundtrip") == 0) return roundtrip;
    if (strcmp(op, "parse") == 0) return parse_only;
    fprintf(stderr, "jansson_line: unknown operation %s\n", op);
    exit(2);
}

static void run(operation op, const char *line, size_t length, long n) {
    for (long i = 0; i < n; i++) op(line, length);
}

/* Calibrates to about target_ms per round, then prints the ns per line of every round,
 * comma-separated (the report takes the median). */
static int time_mode(operation op, const char *line, int rounds, long target_ms) {
    size_t length = strlen(line);
    long n = 64;
    uint64_t target = (uint64_t)target_ms * 1000000u;
    for (;;) {
        uint64_t start = now_ns();
        run(op, line, length, n);
        uint64_t elapsed = now_ns() - start;
        if (elapsed >= target / 8) { n = (long)((double)n * (double)target / (double)(elapsed ? elapsed : 1)); break; }
        n *= 4;
    }
    if (n < 1) n = 1;
    double *samples = calloc((size_t)rounds, sizeof(double));
    if (!samples) return 1;
    for (int r = 0; r < rounds; r++) {
        run(op, line, length, n / 10 + 1);
        uint64_t start = now_ns();
        run(op, line, length, n);
        samples[r] = (double)(now_ns() - start) / (double)n;
    }
    for (int r = 0; r < rounds; r++) printf(r ? ",%.1f" : "%.1f", samples[r]);
    printf("\n");
    free(samples);
    return 0;
}

/* Writes all of buffer[0..<length] to stdout, retrying short writes. */
static int write_all(const char *buffer, size_t length) {
    while (length > 0) {
        ssize_t written = write(STDOUT_FILENO, buffer, length);
        if (written < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        buffer += written;
        length -= (size_t)written;
    }
    return 0;
}

static int echo_mode(void) {
    char *in = NULL, *out = NULL;
    size_t in_capacity = 0, in_length = 0, out_capacity = 0;
    static const char parse_error[] = "{\"error\":\"parse\"}\n";
    if (reserve(&in, &in_capacity, 65536)) return 1;
    for (;;) {
        if (reserve(&in, &in_capacity, in_length + 65536)) return 1;
        ssize_t got = read(STDIN_FILENO, in + in_length, in_capacity - in_length);
        if (got < 0) {
            if (errno == EINTR) continue;
            return 1;
        }
        if (got == 0) break;
        in_length += (size_t)got;
        size_t out_length = 0, start = 0;
        for (;;) {
            char *newline = memchr(in + start, '\n', in_length - start);
            if (!newline) break;
            size_t end = (size_t)(newline - in);
            if (end > start) {
                json_error_t error;
                json_t *root = json_loadb(in + start, end - start, LOAD_FLAGS, &error);
                if (root) {
                    int failed = append_dump(root, &out, &out_capacity, &out_length);
                    json_decref(root);
                    if (failed) return 1;
                } else {
                    if (reserve(&out, &out_capacity, out_length + sizeof parse_error)) return 1;
                    memcpy(out + out_length, parse_error, sizeof parse_error - 1);
                    out_length += sizeof parse_error - 2; /* the newline is added below */
                }
                if (reserve(&out, &out_capacity, out_length + 1)) return 1;
                out[out_length++] = '\n';
            }
            start = end + 1;
        }
        memmove(in, in + start, in_length - start);
        in_length -= start;
        if (out_length > 0 && write_all(out, out_length)) return 1;
    }
    free(in);
    free(out);
    return 0;
}

int main(int argc, char **argv) {
    if (argc >= 2 && strcmp(argv[1], "echo") == 0) return echo_mode();
    if (argc >= 3 && strcmp(argv[1], "output") == 0) {
        const char *line = line_named(argv[2]);
        json_error_t error;
        json_t *root = json_loadb(line, strlen(line), LOAD_FLAGS, &error);
        if (!root) return 1;
        char *text = json_dumps(root, DUMP_FLAGS);
        if (!text) return 1;
        printf("%s\n", text);
        free(text);
        json_decref(root);
        return 0;
    }
    if (argc >= 6 && strcmp(argv[1], "time") == 0) {
        return time_mode(operation_named(argv[2]), line_named(argv[3]), atoi(argv[4]), atol(argv[5]));
    }
    if (argc >= 5 && strcmp(argv[1], "count") == 0) {
        const char *line = line_named(argv[3]);
        operation op = operation_named(argv[2]);
        long warmup = argc >= 6 ? atol(argv[5]) : 1000;
        run(op, line, strlen(line), warmup);
        run(op, line, strlen(line), atol(argv[4]));
        printf("%zu\n", (size_t)sink);
        return 0;
    }
    fprintf(stderr,
            "usage: jansson_line time OP LINE ROUNDS TARGET_MS | count OP LINE N [WARMUP] | output LINE | echo\n");
    return 2;
}
