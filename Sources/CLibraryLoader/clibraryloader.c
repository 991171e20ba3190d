// See include/clibraryloader.h.
#include "clibraryloader.h"

#include <dlfcn.h>
#include <stdio.h>

// pthread_once takes a function without arguments, so the library being opened is handed over
// in a thread-local; it is set only around the pthread_once call of that library.
static _Thread_local sb_library *opening;

static void open_library(void) {
    sb_library *library = opening;
    void *handle = dlopen(library->file, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(library->message, sizeof library->message, "cannot load %s (install %s): %s",
                 library->file, library->package, reason ? reason : "unknown error");
        library->failure = library->message;
        return;
    }
    for (size_t i = 0; i < library->count; i++) {
        char name[128];
        snprintf(name, sizeof name, "%s%s", library->prefix, library->symbols[i].name);
        void *address = dlsym(handle, name);
        if (address == NULL) {
            snprintf(library->message, sizeof library->message, "%s has no %s", library->file, name);
            library->failure = library->message;
            return;
        }
        *library->symbols[i].slot = address;
    }
}

const char *sb_library_load(sb_library *library) {
    opening = library;
    pthread_once(&library->once, open_library);
    opening = NULL;
    return library->failure;
}
