#ifndef SWITCHBOARD_CEDITLINE_SHIM_H
#define SWITCHBOARD_CEDITLINE_SHIM_H
#include <stdio.h>
#include <wchar.h>
#include <sys/ioctl.h>
#include <histedit.h>

// libedit's configuration calls (el_set, el_get, history) are variadic, which Swift cannot
// call; each use the REPL needs gets a typed wrapper here. Only the REPL module imports this.

/// A prompt function: returns the prompt text (with literal sequences between delimiters).
typedef char *(*sb_prompt_function)(EditLine *);
/// A user editor function bound to a key; returns one of the CC_* codes.
typedef unsigned char (*sb_editor_function)(EditLine *, int);
/// A character reader replacing libedit's read(2) of one character.
typedef int (*sb_read_function)(EditLine *, wchar_t *);

static inline FILE *sb_stdin(void) { return stdin; }
static inline FILE *sb_stdout(void) { return stdout; }
static inline FILE *sb_stderr(void) { return stderr; }

/// The prompt, with `literal` delimiting sequences (colour escapes) that take no columns.
static inline int sb_el_set_prompt(EditLine *el, sb_prompt_function prompt, char literal) {
    return el_set(el, EL_PROMPT_ESC, prompt, literal);
}

static inline int sb_el_set_editor(EditLine *el, const char *mode) {
    return el_set(el, EL_EDITOR, mode);
}

/// With signals on, libedit restores the terminal around SIGINT/SIGTSTP/SIGCONT and tracks
/// SIGWINCH while it edits, then passes the signal on to the handler installed before.
static inline int sb_el_set_signal(EditLine *el, int on) {
    return el_set(el, EL_SIGNAL, on);
}

static inline int sb_el_add_function(EditLine *el, const char *name, const char *help, sb_editor_function function) {
    return el_set(el, EL_ADDFN, name, help, function);
}

static inline int sb_el_bind(EditLine *el, const char *key, const char *command) {
    return el_set(el, EL_BIND, key, command, NULL);
}

static inline int sb_el_set_reader(EditLine *el, sb_read_function reader) {
    return el_set(el, EL_GETCFN, reader);
}

static inline int sb_el_set_client_data(EditLine *el, void *data) {
    return el_set(el, EL_CLIENTDATA, data);
}

static inline void *sb_el_client_data(EditLine *el) {
    void *data = NULL;
    if (el_get(el, EL_CLIENTDATA, &data) != 0) return NULL;
    return data;
}

/// Forgets what libedit believes is on the screen and draws the prompt and the line again
/// from the cursor's current position (which must be the start of a line).
static inline int sb_el_redraw(EditLine *el) {
    return el_set(el, EL_REFRESH);
}

static inline int sb_el_set_history(EditLine *el, History *history_state) {
    return el_set(el, EL_HIST, history, history_state);
}

static inline int sb_history_set_size(History *h, int size) {
    HistEvent event;
    return history(h, &event, H_SETSIZE, size);
}

static inline int sb_history_set_unique(History *h, int unique) {
    HistEvent event;
    return history(h, &event, H_SETUNIQUE, unique);
}

static inline int sb_history_enter(History *h, const char *line) {
    HistEvent event;
    return history(h, &event, H_ENTER, line);
}

/// Columns a character takes on a terminal (declared here: glibc shows it only to X/Open code).
extern int wcwidth(wchar_t character);
static inline int sb_wcwidth(wchar_t character) { return wcwidth(character); }

/// The width of the terminal on `fd` in columns, or 0 when it cannot be told.
static inline int sb_terminal_columns(int fd) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
    return 0;
}

#endif
