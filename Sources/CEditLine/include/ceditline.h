#ifndef SWITCHBOARD_CEDITLINE_H
#define SWITCHBOARD_CEDITLINE_H
// The only C surface of the REPL's line editing: the system libedit (Debian's libedit-dev),
// imported by exactly one Swift module, `REPL`.
//
// The library is loaded with dlopen when the REPL first edits a line, not linked: linked, it
// and the three libraries it needs (libtinfo, libbsd, libmd) would be loaded and relocated at
// every start of every command, `serve` included, slowing a daemon's start-up, and a machine
// without libedit could not start the daemon at all.
// The header supplies the types and constants; each sb_ function forwards to the loaded one.
// libedit's configuration calls (el_set, el_get, history) are variadic, which Swift cannot
// call: each use the REPL needs has a typed function here.
#include <stdio.h>
#include <wchar.h>
#include <histedit.h>

/// Loads libedit once (thread-safe). NULL when loaded, else the loader's message, which stays
/// valid for the life of the process. Call it, and check it, before any other sb_el_ or
/// sb_history_ function.
const char *sb_editline_load(void);

/// A prompt function: returns the prompt text (with literal sequences between delimiters).
typedef char *(*sb_prompt_function)(EditLine *);
/// A user editor function bound to a key; returns one of the CC_* codes.
typedef unsigned char (*sb_editor_function)(EditLine *, int);
/// A character reader replacing libedit's read(2) of one character.
typedef int (*sb_read_function)(EditLine *, wchar_t *);

EditLine *sb_el_init_fd(const char *program, FILE *input, FILE *output, FILE *errors, int input_fd, int output_fd, int errors_fd);
void sb_el_end(EditLine *el);
const char *sb_el_gets(EditLine *el, int *count);
int sb_el_source(EditLine *el, const char *file);
void sb_el_push(EditLine *el, const char *text);
int sb_el_insertstr(EditLine *el, const char *text);
const LineInfo *sb_el_line(EditLine *el);
const LineInfoW *sb_el_wline(EditLine *el);
void sb_el_cursor(EditLine *el, int count);

/// The prompt, with `literal` delimiting sequences (colour escapes) that take no columns.
int sb_el_set_prompt(EditLine *el, sb_prompt_function prompt, char literal);
int sb_el_set_editor(EditLine *el, const char *mode);
/// With signals on, libedit restores the terminal around SIGINT/SIGTSTP/SIGCONT and tracks
/// SIGWINCH while it edits, then passes the signal on to the handler installed before.
int sb_el_set_signal(EditLine *el, int on);
int sb_el_add_function(EditLine *el, const char *name, const char *help, sb_editor_function function);
int sb_el_bind(EditLine *el, const char *key, const char *command);
int sb_el_set_reader(EditLine *el, sb_read_function reader);
int sb_el_set_client_data(EditLine *el, void *data);
void *sb_el_client_data(EditLine *el);
/// Forgets what libedit believes is on the screen and draws the prompt and the line again
/// from the cursor's current position (which must be the start of a line).
int sb_el_redraw(EditLine *el);
int sb_el_set_history(EditLine *el, History *history_state);

History *sb_history_init(void);
void sb_history_end(History *h);
int sb_history_set_size(History *h, int size);
int sb_history_set_unique(History *h, int unique);
int sb_history_enter(History *h, const char *line);

/// Columns a character takes on a terminal (libc's wcwidth, which glibc declares to X/Open
/// code only).
int sb_wcwidth(wchar_t character);
/// The width of the terminal on `fd` in columns, or 0 when it cannot be told.
int sb_terminal_columns(int fd);

#endif
