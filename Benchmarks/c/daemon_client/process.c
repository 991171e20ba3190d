#include "client.h"

/* The server process: spawning, feeding, reaping, and what /proc and malloc say of it. */

/* Starts argv[0] (found on PATH) with `actions`; a process that cannot be started ends the
 * run, as every other setup failure does. */
static pid_t spawn_or_exit(char **argv, const posix_spawn_file_actions_t *actions) {
    pid_t pid;
    int error = posix_spawnp(&pid, argv[0], actions, NULL, argv, environ);
    if (error) {
        fprintf(stderr, "daemon_client: cannot spawn %s: %s\n", argv[0], strerror(error));
        exit(1);
    }
    return pid;
}

child_t spawn_child(char **argv) {
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) || pipe2(out, O_CLOEXEC)) die("pipe");
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    child_t child;
    child.pid = spawn_or_exit(argv, &actions);
    posix_spawn_file_actions_destroy(&actions);
    close(in[0]);
    close(out[1]);
    child.to_child = in[1];
    child.from_child = out[0];
    return child;
}

/* Closes the server's stdin, drains its stdout and reaps it; its exit status must be 0. */
void finish_child(child_t *child) {
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

int write_all(int fd, const char *bytes, size_t length) {
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

void *writer_thread(void *argument) {
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

/* CPU time (user + system) in seconds from a stat file of /proc: a process's (all its
 * threads, the ones that have ended included) or one thread's (task/TID/stat). */
static double stat_cpu_seconds(const char *path) {
    char text[4096];
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

/* CPU time (user + system, all threads) the process has used, in seconds. */
double cpu_seconds(pid_t pid) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    return stat_cpu_seconds(path);
}

/* CPU time of the process's main thread alone, in seconds (the daemon's reader thread: it
 * reads and parses stdin; the session's executor and the rest are the other threads). */
double main_thread_cpu_seconds(pid_t pid) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/task/%d/stat", (int)pid, (int)pid);
    return stat_cpu_seconds(path);
}

/* A field of /proc/PID/status in kB (VmRSS, VmHWM), or -1. */
long status_kb(pid_t pid, const char *field) {
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
double server_malloc_bytes(pid_t pid) {
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

/* With BENCH_CALLGRIND_CONTROL set, a server run under callgrind is sent
 * `callgrind_control FLAG PID` (-z to zero its counters, -d to dump them), and the call
 * waits for the answer: the scale workload brackets its timed phase with the two, so that
 * the dump holds the requests alone, not the instances' creation or the teardown. */
void callgrind_control(pid_t pid, const char *flag) {
    if (!getenv("BENCH_CALLGRIND_CONTROL")) return;
    char pid_text[32];
    snprintf(pid_text, sizeof pid_text, "%d", (int)pid);
    char *argv[] = {"callgrind_control", (char *)flag, pid_text, NULL};
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    pid_t control = spawn_or_exit(argv, &actions);
    posix_spawn_file_actions_destroy(&actions);
    int status = 0;
    if (waitpid(control, &status, 0) < 0) die("waitpid");
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "daemon_client: callgrind_control %s %d failed (status %d)\n", flag, (int)pid, status);
        exit(1);
    }
}
