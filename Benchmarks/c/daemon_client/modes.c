#include "client.h"

/* The workloads: throughput, ping-pong, start-up and scale. */

int throughput_mode(const char *label, long instances, long requests, int model, char **command) {
    child_t child = spawn_child(command);
    reader_t reader;
    reader_init(&reader, child.from_child);
    handshake(&child, &reader);
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

int pingpong_mode(const char *label, long requests, long warmup, int model, char **command) {
    child_t child = spawn_child(command);
    reader_t reader;
    reader_init(&reader, child.from_child);
    handshake(&child, &reader);
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

int startup_mode(const char *label, long runs, char **command) {
    uint64_t *samples = calloc((size_t)runs, sizeof *samples);
    if (!samples) die("out of memory");
    buffer_t line = {0};
    append_input(&line, 1, "signup", NAME_CHANGED);
    for (long i = 0; i < runs; i++) {
        uint64_t start = now_ns();
        child_t child = spawn_child(command);
        reader_t reader;
        reader_init(&reader, child.from_child);
        handshake(&child, &reader); /* MCP: the first request waits for `initialize`'s answer */
        if (write_all(child.to_child, line.bytes, line.length)) die("write to server failed");
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

/* The id of instance k in the scale workload: the same width at every instance count, so a
 * request's bytes, and the strings the server makes of them, are the same size whichever
 * instance it addresses. (With "s%ld" the one-instance run's methods, "s0.nameChanged" and
 * "s0.emailChanged", fit in a Swift string's 15 inline bytes and the larger runs' do not:
 * a heap string per request more, about 7% of the one-instance run's time.) */
static void scale_id(char *name, size_t size, long k) { snprintf(name, size, "s%06ld", k); }

/* The scale workload's first request id; up to 8,999,999 requests keep seven digits. */
enum { SCALE_FIRST_ID = 1000000 };

int scale_mode(const char *label, long instances, long requests, uint64_t seed, char **command) {
    child_t child = spawn_child(command);
    reader_t reader;
    reader_init(&reader, child.from_child);
    handshake(&child, &reader);
    /* Request ids of one width as well (seven digits at every instance count): counted from
     * 1, the one-instance run's timed ids were partly five digits and the larger runs' six,
     * a few bytes less to parse and write per request for the baseline. */
    tally_t tally = {SCALE_FIRST_ID, 0, 0, 0};
    uint64_t id = SCALE_FIRST_ID;
    char name[32];
    buffer_t buffer = {0};

    /* One instance first: the baseline every later figure is compared with. */
    scale_id(name, sizeof name, 0);
    append_create(&buffer, id++, name);
    exchange(&child, &reader, &tally, &buffer, 1);
    long rss_one = status_kb(child.pid, "VmRSS");
    double malloc_one = server_malloc_bytes(child.pid);

    buffer.length = 0;
    for (long k = 1; k < instances; k++) {
        scale_id(name, sizeof name, k);
        append_create(&buffer, id++, name);
    }
    exchange(&child, &reader, &tally, &buffer, (uint64_t)(instances - 1));
    long rss_created = status_kb(child.pid, "VmRSS");
    double malloc_created = server_malloc_bytes(child.pid);

    /* Every field of every instance set once: each instance has built its whole graph. */
    buffer.length = 0;
    for (long k = 0; k < instances; k++) {
        scale_id(name, sizeof name, k);
        for (int input = NAME_CHANGED; input <= PASSWORD_CHANGED; input++) append_input(&buffer, id++, name, input);
    }
    exchange(&child, &reader, &tally, &buffer, (uint64_t)instances * 3);
    expect_notifications(&tally, (uint64_t)instances, "priming");
    long rss_primed = status_kb(child.pid, "VmRSS");
    long hwm_primed = status_kb(child.pid, "VmHWM");
    double malloc_primed = server_malloc_bytes(child.pid);

    /* SCALE_LAST_TYPE: one instance of that type created last, as a session serving more
     * than one type would (the timed requests still go to the signups only). */
    const char *last_type = getenv("SCALE_LAST_TYPE");
    if (last_type && *last_type) {
        buffer.length = 0;
        append_create_of(&buffer, id++, last_type, "z000000");
        exchange(&child, &reader, &tally, &buffer, 1);
    }

    static const int mix[] = {NAME_CHANGED, EMAIL_CHANGED, PASSWORD_CHANGED, SUBMIT_PRESSED};
    uint64_t random_state = seed ? seed : 1;
    buffer.length = 0;
    for (long j = 0; j < requests; j++) {
        long k = instances > 1 ? (long)(xorshift(&random_state) % (uint64_t)instances) : 0;
        scale_id(name, sizeof name, k);
        append_input(&buffer, id++, name, mix[j % 4]);
    }
    uint64_t notifications_before = tally.notifications;
    callgrind_control(child.pid, "-z");
    double cpu_before = cpu_seconds(child.pid), main_before = main_thread_cpu_seconds(child.pid);
    uint64_t elapsed = exchange(&child, &reader, &tally, &buffer, (uint64_t)requests);
    double cpu_after = cpu_seconds(child.pid), main_after = main_thread_cpu_seconds(child.pid);
    callgrind_control(child.pid, "-d");
    if (tally.notifications - notifications_before != (uint64_t)requests) {
        fprintf(stderr, "daemon_client: scale: %llu notifications for %ld requests, expected one each\n",
                (unsigned long long)(tally.notifications - notifications_before), requests);
        exit(1);
    }
    finish_child(&child);
    /* scale LABEL INSTANCES REQUESTS SECONDS SERVER_CPU_SECONDS RSS_ONE_KB RSS_CREATED_KB
     *       RSS_PRIMED_KB HWM_PRIMED_KB MALLOC_ONE MALLOC_CREATED MALLOC_PRIMED
     *       MAIN_THREAD_CPU_SECONDS OTHER_THREADS_CPU_SECONDS */
    double main_cpu = main_after - main_before;
    printf("scale\t%s\t%ld\t%ld\t%.6f\t%.2f\t%ld\t%ld\t%ld\t%ld\t%.0f\t%.0f\t%.0f\t%.2f\t%.2f\n", label, instances, requests,
           (double)elapsed / 1e9, cpu_after - cpu_before, rss_one, rss_created, rss_primed, hwm_primed, malloc_one,
           malloc_created, malloc_primed, main_cpu, cpu_after - cpu_before - main_cpu);
    free(buffer.bytes);
    return 0;
}
