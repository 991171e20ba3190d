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
 *       field set and no viewDidLoad, each such request causes exactly one output. With
 *       SCALE_LAST_TYPE set (a type's name, e.g. checkout), one instance of that type is created
 *       after the signups are primed, before the timed requests, which still go to signups (the
 *       daemon then needs `--max-instances` above INSTANCES).
 *
 * PROTOCOL in the environment chooses the requests' protocol: `jsonrpc` (the default: the plain
 * face), `mcp` (`switchboard mcp`: an `initialize` handshake first, then each input as a
 * `tools/call` of `signup.<input>` with the instance as an argument, whose result carries the
 * outputs; NOTIFY `model` then counts those) or `mcp-echo` (an MCP server with one `echo` tool,
 * called with the same argument text; NOTIFY `none`).
 *
 * NOTIFY is `model` (expect the output notifications of signup's rules, simulated here) or
 * `none` (peers that answer each request with one line and send nothing else). Every run checks
 * that responses arrive in order with ids 1, 2, 3…, that none is an error, and that exactly the
 * expected number of notifications arrived; a mismatch exits with status 1.
 */
#include "client.h"

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
    choose_protocol(getenv("PROTOCOL"));
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
