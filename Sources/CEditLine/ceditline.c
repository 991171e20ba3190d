// Loads libedit on first use and forwards to it; see include/ceditline.h for why.
#include "ceditline.h"

#include "clibraryloader.h"

#include <stdio.h>
#include <sys/ioctl.h>

extern int wcwidth(wchar_t character);

static struct {
    EditLine *(*el_init_fd)(const char *, FILE *, FILE *, FILE *, int, int, int);
    void (*el_end)(EditLine *);
    const char *(*el_gets)(EditLine *, int *);
    int (*el_source)(EditLine *, const char *);
    void (*el_push)(EditLine *, const char *);
    int (*el_insertstr)(EditLine *, const char *);
    const LineInfo *(*el_line)(EditLine *);
    const LineInfoW *(*el_wline)(EditLine *);
    void (*el_cursor)(EditLine *, int);
    int (*el_set)(EditLine *, int, ...);
    int (*el_get)(EditLine *, int, ...);
    History *(*history_init)(void);
    void (*history_end)(History *);
    int (*history)(History *, HistEvent *, int, ...);
} api;

static const sb_symbol symbols[] = {
    {"el_init_fd", (void **)&api.el_init_fd},
    {"el_end", (void **)&api.el_end},
    {"el_gets", (void **)&api.el_gets},
    {"el_source", (void **)&api.el_source},
    {"el_push", (void **)&api.el_push},
    {"el_insertstr", (void **)&api.el_insertstr},
    {"el_line", (void **)&api.el_line},
    {"el_wline", (void **)&api.el_wline},
    {"el_cursor", (void **)&api.el_cursor},
    {"el_set", (void **)&api.el_set},
    {"el_get", (void **)&api.el_get},
    {"history_init", (void **)&api.history_init},
    {"history_end", (void **)&api.history_end},
    {"history", (void **)&api.history},
};

static sb_library library = SB_LIBRARY("libedit.so.2", "libedit2", "", symbols);

const char *sb_editline_load(void) { return sb_library_load(&library); }

// Every function below is called only after sb_editline_load() returned NULL (the REPL falls
// back to plain mode otherwise).
EditLine *sb_el_init_fd(const char *p, FILE *i, FILE *o, FILE *e, int fi, int fo, int fe) { return api.el_init_fd(p, i, o, e, fi, fo, fe); }
void sb_el_end(EditLine *el) { api.el_end(el); }
const char *sb_el_gets(EditLine *el, int *count) { return api.el_gets(el, count); }
int sb_el_source(EditLine *el, const char *file) { return api.el_source(el, file); }
void sb_el_push(EditLine *el, const char *text) { api.el_push(el, text); }
int sb_el_insertstr(EditLine *el, const char *text) { return api.el_insertstr(el, text); }
const LineInfo *sb_el_line(EditLine *el) { return api.el_line(el); }
const LineInfoW *sb_el_wline(EditLine *el) { return api.el_wline(el); }
void sb_el_cursor(EditLine *el, int count) { api.el_cursor(el, count); }

int sb_el_set_prompt(EditLine *el, sb_prompt_function prompt, char literal) { return api.el_set(el, EL_PROMPT_ESC, prompt, literal); }
int sb_el_set_editor(EditLine *el, const char *mode) { return api.el_set(el, EL_EDITOR, mode); }
int sb_el_set_signal(EditLine *el, int on) { return api.el_set(el, EL_SIGNAL, on); }
int sb_el_add_function(EditLine *el, const char *name, const char *help, sb_editor_function function) {
    return api.el_set(el, EL_ADDFN, name, help, function);
}
int sb_el_bind(EditLine *el, const char *key, const char *command) { return api.el_set(el, EL_BIND, key, command, NULL); }
int sb_el_set_reader(EditLine *el, sb_read_function reader) { return api.el_set(el, EL_GETCFN, reader); }
int sb_el_set_client_data(EditLine *el, void *data) { return api.el_set(el, EL_CLIENTDATA, data); }
void *sb_el_client_data(EditLine *el) {
    void *data = NULL;
    if (api.el_get(el, EL_CLIENTDATA, &data) != 0) return NULL;
    return data;
}
int sb_el_redraw(EditLine *el) { return api.el_set(el, EL_REFRESH); }
int sb_el_set_history(EditLine *el, History *h) { return api.el_set(el, EL_HIST, api.history, h); }

History *sb_history_init(void) { return api.history_init(); }
void sb_history_end(History *h) { api.history_end(h); }
int sb_history_set_size(History *h, int size) {
    HistEvent event;
    return api.history(h, &event, H_SETSIZE, size);
}
int sb_history_set_unique(History *h, int unique) {
    HistEvent event;
    return api.history(h, &event, H_SETUNIQUE, unique);
}
int sb_history_enter(History *h, const char *line) {
    HistEvent event;
    return api.history(h, &event, H_ENTER, line);
}

int sb_wcwidth(wchar_t character) { return wcwidth(character); }
int sb_terminal_columns(int fd) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
    return 0;
}
