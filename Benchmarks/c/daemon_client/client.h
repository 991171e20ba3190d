/* What the parts of the daemon benchmarks' client share (see main.c for what it does). */
#ifndef DAEMON_CLIENT_H
#define DAEMON_CLIENT_H
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

uint64_t now_ns(void);
void die(const char *message);

/* --- Growable byte buffer (buffer.c) --- */
typedef struct {
    char *bytes;
    size_t length, capacity;
} buffer_t;
void reserve(buffer_t *b, size_t extra);
void appendf(buffer_t *b, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* --- Requests and the signup model (requests.c) --- */
enum { VIEW_DID_LOAD, NAME_CHANGED, EMAIL_CHANGED, PASSWORD_CHANGED, SUBMIT_PRESSED };

/* Which protocol requests are written in (PROTOCOL in the environment): the plain face's
 * JSON-RPC, `switchboard mcp`'s tools (after an `initialize` handshake), or an MCP server
 * with one `echo` tool (the Swift SDK peer), which gets the same calls with the same text. */
typedef enum { PROTOCOL_JSONRPC, PROTOCOL_MCP, PROTOCOL_MCP_ECHO } protocol_t;
extern protocol_t protocol;
void choose_protocol(const char *name);

void append_input(buffer_t *b, uint64_t id, const char *instance, int input);
void append_create(buffer_t *b, uint64_t id, const char *instance);
/* A create of an instance of `type` (the type's name as the protocol spells it). */
void append_create_of(buffer_t *b, uint64_t id, const char *type, const char *instance);

typedef struct {
    uint8_t seen; /* bit per field sent: name, email, password */
    uint8_t enabled;
} signup_state;
int signup_outputs(signup_state *s, int input);

/* --- The server process (process.c) --- */
typedef struct {
    pid_t pid;
    int to_child, from_child;
} child_t;
child_t spawn_child(char **argv);
void finish_child(child_t *child);
int write_all(int fd, const char *bytes, size_t length);
typedef struct {
    int fd;
    const char *bytes;
    size_t length;
} write_job;
void *writer_thread(void *argument);
double cpu_seconds(pid_t pid);
double main_thread_cpu_seconds(pid_t pid);
long status_kb(pid_t pid, const char *field);
double server_malloc_bytes(pid_t pid);
void callgrind_control(pid_t pid, const char *flag);

/* --- Reading and checking lines (lines.c) --- */
typedef struct {
    int fd;
    char *bytes;
    size_t capacity, start, end;
} reader_t;
typedef struct {
    uint64_t next_id;       /* the id the next response must carry */
    uint64_t responses;
    uint64_t notifications;
    uint64_t lines;
} tally_t;
void reader_init(reader_t *r, int fd);
const char *next_line(reader_t *r, size_t *length);
void read_responses(reader_t *r, tally_t *t, uint64_t responses);
uint64_t exchange(child_t *child, reader_t *r, tally_t *t, buffer_t *requests, uint64_t count);
void expect_notifications(const tally_t *t, uint64_t expected, const char *phase);
void handshake(child_t *child, reader_t *r);

/* --- Modes (modes.c) --- */
int throughput_mode(const char *label, long instances, long requests, int model, char **command);
int pingpong_mode(const char *label, long requests, long warmup, int model, char **command);
int startup_mode(const char *label, long runs, char **command);
int scale_mode(const char *label, long instances, long requests, uint64_t seed, char **command);

#endif
