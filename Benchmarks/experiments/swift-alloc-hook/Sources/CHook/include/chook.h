#include <stddef.h>
void hook_install(void);
void hook_placing(int on);
size_t hook_placed(void);
size_t hook_freed(void);
