#include "client.h"

/* Reading the server's lines and checking every response. */

static void forget_answers(void);

void reader_init(reader_t *r, int fd) {
    forget_answers();
    r->fd = fd;
    r->capacity = 1 << 20;
    r->bytes = malloc(r->capacity);
    if (!r->bytes) die("out of memory");
    r->start = r->end = 0;
}

/* The next line (without '\n'), or NULL at end of input. */
const char *next_line(reader_t *r, size_t *length) {
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
/* Any notification of an MCP server (the face writes "jsonrpc" first). */
static const char mcp_notification_prefix[] = "{\"jsonrpc\":\"2.0\",\"method\":\"";

/* The ids answered so far by the current server (out-of-order servers only); reader_init, called
 * once per server, forgets them. */
static uint8_t *seen;
static uint64_t capacity;

/* Marks id `value` answered; false if it was already (ids are small: 1, 2, 3…). */
static int answered_once(uint64_t value) {
    if (value >= (1ull << 32)) return 0;
    if (value >= capacity * 8) {
        uint64_t bigger = capacity ? capacity : 4096;
        while (value >= bigger * 8) bigger *= 2;
        seen = realloc(seen, bigger);
        if (!seen) die("out of memory");
        memset(seen + capacity, 0, bigger - capacity);
        capacity = bigger;
    }
    uint8_t bit = (uint8_t)(1u << (value & 7));
    if (seen[value >> 3] & bit) return 0;
    seen[value >> 3] |= bit;
    return 1;
}

static void forget_answers(void) {
    if (seen) memset(seen, 0, capacity);
}

/* The outputs a `switchboard mcp` tool result carries (in structuredContent and as text). */
static uint64_t count_outputs(const char *line, size_t length) {
    static const char marker[] = "{\"instance\":";
    uint64_t count = 0;
    const char *end = line + length, *p = line;
    while ((p = memmem(p, (size_t)(end - p), marker, sizeof marker - 1))) {
        count++;
        p += sizeof marker - 1;
    }
    return count;
}

/* Reads until `responses` more responses have arrived; checks ids and errors. */
void read_responses(reader_t *r, tally_t *t, uint64_t responses) {
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
        if (protocol == PROTOCOL_JSONRPC) {
            if (length >= sizeof notification_prefix - 1 &&
                memcmp(line, notification_prefix, sizeof notification_prefix - 1) == 0) {
                t->notifications++;
                continue;
            }
        } else if (length >= sizeof mcp_notification_prefix - 1 &&
                   memcmp(line, mcp_notification_prefix, sizeof mcp_notification_prefix - 1) == 0) {
            continue; /* list_changed, resources/updated: not an output */
        }
        const char *id = memmem(line, length, "\"id\":", 5);
        if (!id || memmem(line, length, "\"error\"", 7) || memmem(line, length, "\"isError\":true", 14)) {
            fprintf(stderr, "daemon_client: unexpected line: %.*s\n", (int)(length > 400 ? 400 : length), line);
            exit(1);
        }
        uint64_t value = strtoull(id + 5, NULL, 10);
        if (protocol == PROTOCOL_MCP_ECHO) {
            /* The Swift SDK runs requests concurrently and may answer them out of order, which
             * JSON-RPC allows: check instead that each id is answered exactly once. */
            if (!answered_once(value)) {
                fprintf(stderr, "daemon_client: response id %llu twice or out of range: %.*s\n", (unsigned long long)value,
                        (int)(length > 400 ? 400 : length), line);
                exit(1);
            }
            t->next_id++;
            t->responses++;
            continue;
        }
        if (value != t->next_id) {
            fprintf(stderr, "daemon_client: response id %llu, expected %llu: %.*s\n", (unsigned long long)value,
                    (unsigned long long)t->next_id, (int)(length > 400 ? 400 : length), line);
            exit(1);
        }
        if (protocol == PROTOCOL_MCP) t->notifications += count_outputs(line, length);
        t->next_id++;
        t->responses++;
    }
}

/* Writes `requests` (containing `count` requests) from a writer thread while reading their
 * responses; returns the ns from the start of writing to the last response. */
uint64_t exchange(child_t *child, reader_t *r, tally_t *t, buffer_t *requests, uint64_t count) {
    write_job job = {child->to_child, requests->bytes, requests->length};
    pthread_t writer;
    uint64_t start = now_ns();
    if (pthread_create(&writer, NULL, writer_thread, &job)) die("pthread_create");
    read_responses(r, t, count);
    uint64_t elapsed = now_ns() - start;
    pthread_join(writer, NULL);
    return elapsed;
}

void expect_notifications(const tally_t *t, uint64_t expected, const char *phase) {
    if (t->notifications != expected) {
        fprintf(stderr, "daemon_client: %s: %llu notifications, expected %llu\n", phase,
                (unsigned long long)t->notifications, (unsigned long long)expected);
        exit(1);
    }
}

/* MCP's handshake: `initialize` (id 0), its answer, then `notifications/initialized`. */
void handshake(child_t *child, reader_t *r) {
    if (protocol == PROTOCOL_JSONRPC) return;
    static const char initialize[] =
        "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\","
        "\"capabilities\":{},\"clientInfo\":{\"name\":\"daemon_client\",\"version\":\"1\"}}}\n";
    static const char initialized[] = "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n";
    if (write_all(child->to_child, initialize, sizeof initialize - 1)) die("write to server failed");
    for (;;) {
        size_t length;
        const char *line = next_line(r, &length);
        if (!line) die("server closed its output during initialize");
        if (memmem(line, length, "\"id\":0", 6) && memmem(line, length, "\"protocolVersion\"", 17)) break;
    }
    if (write_all(child->to_child, initialized, sizeof initialized - 1)) die("write to server failed");
}
