/*
 * The client of Switchboard's daemon benchmarks: spawns a server (switchboard, the C jansson
 * echo, the Foundation loop) with its stdin and stdout on pipes, talks JSON-RPC lines to it and
 * prints tab-separated figures. Built by run-daemon.sh with `cc -O2 -pthread`.
 *
 *   daemon_client throughput LABEL INSTANCES REQUESTS NOTIFY -- COMMAND ARGS...
 *       Creates INSTANCES signup instances (`create`, untimed), then sends REQUESTS input
 *       requests pipelined (a writer thread writes while the main thread reads): request j goes
 *       to instance j % INSTANCES with input (j / INSTANCES) % 5 of viewDidLoad, nameChanged,
 *       emailChanged, passwordChanged, submitButtonPressed, so every instance sees those five in
 *       order. Times from the first byte written to the last response read.
 *   daemon_client pingpong LABEL REQUESTS WARMUP NOTIFY -- COMMAND ARGS...
 *       One instance; after WARMUP requests (its email and password set first, so every
 *       nameChanged causes one output), REQUESTS times `signup.nameChanged`: write one request,
 *       read until its response, repeat. Prints the percentiles of the round trips.
 *   daemon_client startup LABEL RUNS -- COMMAND ARGS...
 *       RUNS times: spawn, write one `signup.nameChanged` request, read its response; the time
 *       from before the spawn to the response. Then closes stdin and reaps the child (untimed).
 *   daemon_client scale LABEL INSTANCES REQUESTS SEED -- COMMAND ARGS...
 *       Creates INSTANCES instances and sets the name, email and password of each (untimed;
 *       memory is read from /proc/PID/status after each phase, and from glibc's mallinfo2()
 *       inside the server when it runs with mallinfo_preload.so and BENCH_MALLINFO set), then
 *       times REQUESTS requests, inputs cycling over nameChanged, emailChanged, passwordChanged,
 *       submitButtonPressed, each to a uniformly random instance (xorshift, SEED). With every
 *       field set and no viewDidLoad, each such request causes exactly one output.
 *
 * NOTIFY is `model` (expect the output notifications of signup's rules, simulated here) or
 * `none` (peers that answer each request with one line and send nothing else). Every run checks
 * that responses arrive in order with ids 1, 2, 3…, that none is an error, and that exactly the
 * expected number of notifications arrived; a mismatch exits with status 1.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static void die(const char *message) {
    fprintf(stderr, "daemon_client: %s\n", message);
    exit(1);
}

/* --- Growable byte buffer ------------------------------------------------------------------ */

typedef struct {
    char *bytes;
    size_t length, capacity;
} buffer_t;

static void reserve(buffer_t *b, size_t extra) {
    if (b->length + extra <= b->capacity) return;
    size_t next = b->capacity ? b->capacity : 65536;
    while (next < b->length + extra) next *= 2;
    b->bytes = realloc(b->bytes, next);
    if (!b->bytes) die("out of memory");
    b->capacity = next;
}

static void appendf(buffer_t *b, const char *format, ...) __attribute__((format(printf, 2, 3)));
static void appendf(buffer_t *b, const char *format, ...) {
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

/* --- Requests and the signup model --------------------------------------------------------- */

enum { VIEW_DID_LOAD, NAME_CHANGED, EMAIL_CHANGED, PASSWORD_CHANGED, SUBMIT_PRESSED };

static void append_input(buffer_t *b, uint64_t id, const char *instance, int input) {
    switch (input) {
    case VIEW_DID_LOAD:
        appendf(b, "{\"jsonrpc\":\"2.0\",\"id\":%llu,\"method\":\"%s.viewDidLoad\"}\n", (unsigned long long)id, instance);
        break;
    case NAME_CHANGED:
        appendf(b, "{\"jsonrpc\":\"2.0\",\"id\":%llu,\"method\":\"%s.nameChanged\",\"params\":[\"Lisa\"]}\n", (unsigned long long)id, instance);
        break;
    case EMAIL_CHANGED:
        appendf(b, "{\"jsonrpc\":\"2.0\",\"id\":%llu,\"method\":\"%s.emailChanged\",\"params\":[\"lisa@rules.com\"]}\n", (unsigned long long)id, instance);
        break;
    case PASSWORD_CHANGED:
        appendf(b, "{\"jsonrpc\":\"2.0\",\"id\":%llu,\"method\":\"%s.passwordChanged\",\"params\":[\"password123\"]}\n", (unsigned long long)id, instance);
        break;
    case SUBMIT_PRESSED:
        appendf(b, "{\"jsonrpc\":\"2.0\",\"id\":%llu,\"method\":\"%s.submitButtonPressed\"}\n", (unsigned long long)id, instance);
        break;
    }
}

static void append_create(buffer_t *b, uint64_t id, const char *instance) {
    appendf(b, "{\"jsonrpc\":\"2.0\",\"id\":%llu,\"method\":\"create\",\"params\":{\"type\":\"signup\",\"id\":\"%s\"}}\n",
            (unsigned long long)id, instance);
}

/* The outputs signup sends for an input, with non-empty name and password and a valid email
 * (so no submit ever fails): submitButtonEnabled on viewDidLoad (false) and, once all three
 * fields have been sent, on every field change (true); alertMessage on a press while enabled. */
typedef struct {
    uint8_t seen; /* bit per field sent: name, email, password */
    uint8_t enabled;
} signup_state;

static int signup_outputs(signup_state *s, int input) {
    switch (input) {
    case VIEW_DID_LOAD:
        s->enabled = 0;
        return 1;
    case NAME_CHANGED:
    case EMAIL_CHANGED:
    case PASSWORD_CHANGED:
        s->seen |= (uint8_t)(1u << (input - NAME_CHANGED));
        if (s->seen != 7) return 0;
        s->enabled = 1;
        return 1;
    case SUBMIT_PRESSED:
        return s->enabled ? 1 : 0;
    }
    return 0;
}

/* --- The server process -------------------------------------------------------------------- */

typedef struct {
    pid_t pid;
    int to_child, from_child;
} child_t;

static child_t spawn_child(char **argv) {
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC)) die("pipe");
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    child_t child;
    int error = posix_spawnp(&child.pid, argv[0], &actions, NULL, argv, environ);
    if (error) {
        fprintf(stderr, "daemon_client: cannot spawn %s: %s\n", argv[0], strerror(error));
        exit(1);
    }
    posix_spawn_file_actions_destroy(&actions);
    close(in[0]);
    close(out[1]);
    child.to_child = in[1];
    child.from_child = out[0];
    return child;
}

/* Closes the server's stdin, drains its stdout and reaps it; its exit status must be 0. */
static void finish_child(child_t *child) {
    if (child->to_child >= 0) close(child->to_child);
    child->to_child = -1;
    char scratch[65536];
    while (read(child->from_child, scratch, sizeof scratch) > 0) {}
    close(child->from_child);
    int status = 0;
    if (waitpid(child->pid, &status, 0) < 0) die("waitpid");
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "daemon_client: server exited with status %d\n", status);
        exit(1);
    }
}

static int write_all(int fd, const char *bytes, size_t length) {
    while (length > 0) {
        ssize_t n = write(fd, bytes, length);
        if (n < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        bytes += n;
        length -= (size_t)n;
    }
    return 0;
}

typedef struct {
    int fd;
    const char *bytes;
    size_t length;
} write_job;

static void *writer_thread(void *argument) {
    write_job *job = argument;
    /* 64 KiB at a time: what a client streaming requests would do (and the pipe's size). */
    size_t offset = 0;
    while (offset < job->length) {
        size_t n = job->length - offset < 65536 ? job->length - offset : 65536;
        if (write_all(job->fd, job->bytes + offset, n)) die("write to server failed");
        offset += n;
    }
    return NULL;
}

/* --- Reading and checking lines ------------------------------------------------------------ */

typedef struct {
    int fd;
    char *bytes;
    size_t capacity, start, end;
} reader_t;

static void reader_init(reader_t *r, int fd) {
    r->fd = fd;
    r->capacity = 1 << 20;
    r->bytes = malloc(r->capacity);
    if (!r->bytes) die("out of memory");
    r->start = r->end = 0;
}

/* The next line (without '\n'), or NULL at end of input. */
static const char *next_line(reader_t *r, size_t *length) {
    for (;;) {
        char *newline = memchr(r->bytes + r->start, '\n', r->end - r->start);
        if (newline) {
            const char *line = r->bytes + r->start;
            *length = (size_t)(newline - line);
            r->start += *length + 1;
            return line;
        }
        if (r->start > 0) {
            memmove(r->bytes, r->bytes + r->start, r->end - r->start);
            r->end -= r->start;
            r->start = 0;
        }
        if (r->end == r->capacity) {
            r->capacity *= 2;
            r->bytes = realloc(r->bytes, r->capacity);
            if (!r->bytes) die("out of memory");
        }
        ssize_t n = read(r->fd, r->bytes + r->end, r->capacity - r->end);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return NULL;
        r->end += (size_t)n;
    }
}

static const char notification_prefix[] = "{\"jsonrpc\":\"2.0\",\"method\":\"output\"";

typedef struct {
    uint64_t next_id;       /* the id the next response must carry */
    uint64_t responses;
    uint64_t notifications;
    uint64_t lines;
} tally_t;

/* Reads until `responses` more responses have arrived; checks ids and errors. */
static void read_responses(reader_t *r, tally_t *t, uint64_t responses) {
    uint64_t goal = t->responses + responses;
    while (t->responses < goal) {
        size_t length;
        const char *line = next_line(r, &length);
        if (!line) {
            fprintf(stderr, "daemon_client: server closed its output after %llu of %llu responses\n",
                    (unsigned long long)t->responses, (unsigned long long)goal);
            exit(1);
        }
        t->lines++;
        if (length >= sizeof notification_prefix - 1 &&
            memcmp(line, notification_prefix, sizeof notification_prefix - 1) == 0) {
            t->notifications++;
            continue;
        }
        const char *id = memmem(line, length, "\"id\":", 5);
        if (!id || memmem(line, length, "\"error\"", 7)) {
            fprintf(stderr, "daemon_client: unexpected line: %.*s\n", (int)(length > 400 ? 400 : length), line);
            exit(1);
        }
        uint64_t value = strtoull(id + 5, NULL, 10);
        if (value != t->next_id) {
            fprintf(stderr, "daemon_client: response id %llu, expected %llu: %.*s\n", (unsigned long long)value,
                    (unsigned long long)t->next_id, (int)(length > 400 ? 400 : length), line);
            exit(1);
        }
        t->next_id++;
        t->responses++;
    }
}

/* Writes `requests` (containing `count` requests) from a writer thread while reading their
 * responses; returns the ns from the start of writing to the last response. */
static uint64_t exchange(child_t *child, reader_t *r, tally_t *t, buffer_t *requests, uint64_t count) {
    write_job job = {child->to_child, requests->bytes, requests->length};
    pthread_t writer;
    uint64_t start = now_ns();
    if (pthread_create(&writer, NULL, writer_thread, &job)) die("pthread_create");
    read_responses(r, t, count);
    uint64_t elapsed = now_ns() - start;
    pthread_join(writer, NULL);
    return elapsed;
}

static void expect_notifications(const tally_t *t, uint64_t expected, const char *phase) {
    if (t->notifications != expected) {
        fprintf(stderr, "daemon_client: %s: %llu notifications, expected %llu\n", phase,
                (unsigned long long)t->notifications, (unsigned long long)expected);
        exit(1);
    }
}

/* CPU time (user + system, all threads) the process has used, in seconds. */
static double cpu_seconds(pid_t pid) {
    char path[64], text[4096];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *file = fopen(path, "r");
    if (!file) return -1;
    size_t n = fread(text, 1, sizeof text - 1, file);
    fclose(file);
    text[n] = 0;
    char *p = strrchr(text, ')'); /* fields after the command name */
    if (!p) return -1;
    unsigned long utime = 0, stime = 0;
    /* after ')': state(3) ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime */
    if (sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime, &stime) != 2) return -1;
    return (double)(utime + stime) / (double)sysconf(_SC_CLK_TCK);
}

/* A field of /proc/PID/status in kB (VmRSS, VmHWM), or -1. */
static long status_kb(pid_t pid, const char *field) {
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *file = fopen(path, "r");
    if (!file) return -1;
    long value = -1;
    size_t field_length = strlen(field);
    while (fgets(line, sizeof line, file)) {
        if (strncmp(line, field, field_length) == 0 && line[field_length] == ':') {
            value = strtol(line + field_length + 1, NULL, 10);
            break;
        }
    }
    fclose(file);
    return value;
}

/* Bytes malloc has handed out inside the server (mallinfo2 uordblks + hblkhd), asked of
 * mallinfo_preload.so through SIGUSR1; -1 without it. */
static double server_malloc_bytes(pid_t pid) {
    const char *path = getenv("BENCH_MALLINFO");
    if (!path || !*path) return -1;
    unlink(path);
    if (kill(pid, SIGUSR1)) return -1;
    for (int i = 0; i < 2000; i++) {
        FILE *file = fopen(path, "r");
        if (file) {
            double bytes = -1;
            if (fscanf(file, "%lf", &bytes) != 1) bytes = -1;
            fclose(file);
            return bytes;
        }
        usleep(1000);
    }
    return -1;
}

/* --- Modes --------------------------------------------------------------------------------- */

static int throughput_mode(const char *label, long instances, long requests, int model, char **command) {
    child_t child = spawn_child(command);
    reader_t reader;
    reader_init(&reader, child.from_child);
    tally_t tally = {1, 0, 0, 0};
    uint64_t id = 1;
    char name[32];

    buffer_t setup = {0};
    for (long k = 0; k < instances; k++) {
        snprintf(name, sizeof name, "s%ld", k);
        append_create(&setup, id++, name);
    }
    exchange(&child, &reader, &tally, &setup, (uint64_t)instances);
    expect_notifications(&tally, 0, "create");

    signup_state *states = calloc((size_t)instances, sizeof *states);
    buffer_t stream = {0};
    uint64_t expected = 0;
    for (long j = 0; j < requests; j++) {
        long k = j % instances;
        int input = (int)((j / instances) % 5);
        snprintf(name, sizeof name, "s%ld", k);
        append_input(&stream, id++, name, input);
        expected += (uint64_t)signup_outputs(&states[k], input);
    }
    if (!model) expected = 0;
    tally_t before = tally;
    double cpu_before = cpu_seconds(child.pid);
    uint64_t elapsed = exchange(&child, &reader, &tally, &stream, (uint64_t)requests);
    double cpu_after = cpu_seconds(child.pid);
    expect_notifications(&tally, expected, "throughput");
    finish_child(&child);
    double seconds = (double)elapsed / 1e9;
    uint64_t lines = tally.lines - before.lines;
    /* throughput LABEL REQUESTS RESPONSES NOTIFICATIONS LINES SECONDS SERVER_CPU_SECONDS BYTES_SENT */
    printf("throughput\t%s\t%ld\t%llu\t%llu\t%llu\t%.6f\t%.2f\t%zu\n", label, requests,
           (unsigned long long)(tally.responses - before.responses), (unsigned long long)tally.notifications,
           (unsigned long long)lines, seconds, cpu_after - cpu_before, stream.length);
    free(states);
    free(setup.bytes);
    free(stream.bytes);
    return 0;
}

static int compare_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The sample at quantile q (nearest rank) of sorted samples. */
static uint64_t quantile(const uint64_t *sorted, long n, double q) {
    long rank = (long)((double)n * q + 0.999999999);
    if (rank < 1) rank = 1;
    if (rank > n) rank = n;
    return sorted[rank - 1];
}

static int pingpong_mode(const char *label, long requests, long warmup, int model, char **command) {
    child_t child = spawn_child(command);
    reader_t reader;
    reader_init(&reader, child.from_child);
    tally_t tally = {1, 0, 0, 0};
    uint64_t id = 1;
    signup_state state = {0};
    uint64_t expected = 0;
    buffer_t line = {0};
    uint64_t *samples = calloc((size_t)requests + 1, sizeof *samples);
    if (!samples) die("out of memory");
    /* Warm-up: email and password first, so every nameChanged from then on causes an output. */
    for (long i = 0; i < warmup + requests; i++) {
        int input = i == 0 ? EMAIL_CHANGED : i == 1 ? PASSWORD_CHANGED : NAME_CHANGED;
        line.length = 0;
        append_input(&line, id++, "signup", input);
        expected += (uint64_t)signup_outputs(&state, input);
        uint64_t start = now_ns();
        if (write_all(child.to_child, line.bytes, line.length)) die("write to server failed");
        read_responses(&reader, &tally, 1);
        uint64_t elapsed = now_ns() - start;
        if (i >= warmup) samples[i - warmup] = elapsed;
    }
    expect_notifications(&tally, model ? expected : 0, "pingpong");
    finish_child(&child);
    if (requests == 0) { /* a baseline run (callgrind): nothing timed */
        printf("pingpong\t%s\t0\t0\t0\t0\t0\t0\t0\t%llu\n", label, (unsigned long long)tally.notifications);
        free(samples);
        free(line.bytes);
        return 0;
    }
    double sum = 0;
    for (long i = 0; i < requests; i++) sum += (double)samples[i];
    qsort(samples, (size_t)requests, sizeof *samples, compare_u64);
    /* pingpong LABEL N MEAN_NS P50_NS P90_NS P99_NS P999_NS MAX_NS NOTIFICATIONS */
    printf("pingpong\t%s\t%ld\t%.0f\t%llu\t%llu\t%llu\t%llu\t%llu\t%llu\n", label, requests, sum / (double)requests,
           (unsigned long long)quantile(samples, requests, 0.5), (unsigned long long)quantile(samples, requests, 0.9),
           (unsigned long long)quantile(samples, requests, 0.99), (unsigned long long)quantile(samples, requests, 0.999),
           (unsigned long long)samples[requests - 1], (unsigned long long)tally.notifications);
    free(samples);
    free(line.bytes);
    return 0;
}

static int startup_mode(const char *label, long runs, char **command) {
    uint64_t *samples = calloc((size_t)runs, sizeof *samples);
    if (!samples) die("out of memory");
    buffer_t line = {0};
    append_input(&line, 1, "signup", NAME_CHANGED);
    for (long i = 0; i < runs; i++) {
        uint64_t start = now_ns();
        child_t child = spawn_child(command);
        if (write_all(child.to_child, line.bytes, line.length)) die("write to server failed");
        reader_t reader;
        reader_init(&reader, child.from_child);
        tally_t tally = {1, 0, 0, 0};
        read_responses(&reader, &tally, 1);
        samples[i] = now_ns() - start;
        finish_child(&child);
        free(reader.bytes);
    }
    qsort(samples, (size_t)runs, sizeof *samples, compare_u64);
    /* startup LABEL RUNS MEDIAN_NS MIN_NS P90_NS MAX_NS */
    printf("startup\t%s\t%ld\t%llu\t%llu\t%llu\t%llu\n", label, runs, (unsigned long long)quantile(samples, runs, 0.5),
           (unsigned long long)samples[0], (unsigned long long)quantile(samples, runs, 0.9),
           (unsigned long long)samples[runs - 1]);
    free(samples);
    free(line.bytes);
    return 0;
}

static uint64_t xorshift(uint64_t *state) {
    uint64_t x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *state = x;
}

static int scale_mode(const char *label, long instances, long requests, uint64_t seed, char **command) {
    child_t child = spawn_child(command);
    reader_t reader;
    reader_init(&reader, child.from_child);
    tally_t tally = {1, 0, 0, 0};
    uint64_t id = 1;
    char name[32];
    buffer_t buffer = {0};

    /* One instance first: the baseline every later figure is compared with. */
    append_create(&buffer, id++, "s0");
    exchange(&child, &reader, &tally, &buffer, 1);
    long rss_one = status_kb(child.pid, "VmRSS");
    double malloc_one = server_malloc_bytes(child.pid);

    buffer.length = 0;
    for (long k = 1; k < instances; k++) {
        snprintf(name, sizeof name, "s%ld", k);
        append_create(&buffer, id++, name);
    }
    exchange(&child, &reader, &tally, &buffer, (uint64_t)(instances - 1));
    long rss_created = status_kb(child.pid, "VmRSS");
    double malloc_created = server_malloc_bytes(child.pid);

    /* Every field of every instance set once: each instance has built its whole graph. */
    buffer.length = 0;
    for (long k = 0; k < instances; k++) {
        snprintf(name, sizeof name, "s%ld", k);
        for (int input = NAME_CHANGED; input <= PASSWORD_CHANGED; input++) append_input(&buffer, id++, name, input);
    }
    exchange(&child, &reader, &tally, &buffer, (uint64_t)instances * 3);
    expect_notifications(&tally, (uint64_t)instances, "priming");
    long rss_primed = status_kb(child.pid, "VmRSS");
    long hwm_primed = status_kb(child.pid, "VmHWM");
    double malloc_primed = server_malloc_bytes(child.pid);

    static const int mix[] = {NAME_CHANGED, EMAIL_CHANGED, PASSWORD_CHANGED, SUBMIT_PRESSED};
    uint64_t random_state = seed ? seed : 1;
    buffer.length = 0;
    for (long j = 0; j < requests; j++) {
        long k = instances > 1 ? (long)(xorshift(&random_state) % (uint64_t)instances) : 0;
        snprintf(name, sizeof name, "s%ld", k);
        append_input(&buffer, id++, name, mix[j % 4]);
    }
    uint64_t notifications_before = tally.notifications;
    double cpu_before = cpu_seconds(child.pid);
    uint64_t elapsed = exchange(&child, &reader, &tally, &buffer, (uint64_t)requests);
    double cpu_after = cpu_seconds(child.pid);
    if (tally.notifications - notifications_before != (uint64_t)requests) {
        fprintf(stderr, "daemon_client: scale: %llu notifications for %ld requests, expected one each\n",
                (unsigned long long)(tally.notifications - notifications_before), requests);
        exit(1);
    }
    finish_child(&child);
    /* scale LABEL INSTANCES REQUESTS SECONDS SERVER_CPU_SECONDS RSS_ONE_KB RSS_CREATED_KB
     *       RSS_PRIMED_KB HWM_PRIMED_KB MALLOC_ONE MALLOC_CREATED MALLOC_PRIMED */
    printf("scale\t%s\t%ld\t%ld\t%.6f\t%.2f\t%ld\t%ld\t%ld\t%ld\t%.0f\t%.0f\t%.0f\n", label, instances, requests,
           (double)elapsed / 1e9, cpu_after - cpu_before, rss_one, rss_created, rss_primed, hwm_primed, malloc_one,
           malloc_created, malloc_primed);
    free(buffer.bytes);
    return 0;
}

static int notify_mode(const char *text) {
    if (strcmp(text, "model") == 0) return 1;
    if (strcmp(text, "none") == 0) return 0;
    die("NOTIFY must be model or none");
    return 0;
}

int main(int argc, char **argv) {
    signal(SIGPIPE, SIG_IGN);
    int separator = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--") == 0) {
            separator = i;
            break;
        }
    }
    if (separator == 0 || separator + 1 >= argc || separator < 3) {
        fprintf(stderr, "usage: daemon_client throughput LABEL INSTANCES REQUESTS NOTIFY -- COMMAND...\n"
                        "       daemon_client pingpong LABEL REQUESTS WARMUP NOTIFY -- COMMAND...\n"
                        "       daemon_client startup LABEL RUNS -- COMMAND...\n"
                        "       daemon_client scale LABEL INSTANCES REQUESTS SEED -- COMMAND...\n");
        return 2;
    }
    char **command = argv + separator + 1;
    const char *mode = argv[1], *label = argv[2];
    int given = separator - 3; /* arguments between LABEL and -- */
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (strcmp(mode, "throughput") == 0 && given == 3)
        return throughput_mode(label, atol(argv[3]), atol(argv[4]), notify_mode(argv[5]), command);
    if (strcmp(mode, "pingpong") == 0 && given == 3)
        return pingpong_mode(label, atol(argv[3]), atol(argv[4]), notify_mode(argv[5]), command);
    if (strcmp(mode, "startup") == 0 && given == 1) return startup_mode(label, atol(argv[3]), command);
    if (strcmp(mode, "scale") == 0 && given == 3)
        return scale_mode(label, atol(argv[3]), atol(argv[4]), strtoull(argv[5], NULL, 10), command);
    fprintf(stderr, "daemon_client: bad arguments for %s\n", mode);
    return 2;
}
