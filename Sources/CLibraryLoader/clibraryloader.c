// See include/clibraryloader.h.
#include "clibraryloader.h"

#include <dlfcn.h>
#include <stdio.h>

static void open_library(sb_library *library) {
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
            // No slot may be used after a failure: clear the ones already filled, which would
            // point into the closed library.
            for (size_t filled = 0; filled < i; filled++) *library->symbols[filled].slot = NULL;
            dlclose(handle);
            return;
        }
        *library->symbols[i].slot = address;
    }
}

const char *sb_library_load(sb_library *library) {
    pthread_mutex_lock(&library->lock);
    if (!library->tried) {
        library->tried = 1;
        open_library(library);
    }
    const char *failure = library->failure;
    pthread_mutex_unlock(&library->lock);
    return failure;
}
