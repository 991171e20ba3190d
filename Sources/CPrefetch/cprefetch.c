// The prefetch hint is a static inline function in include/cprefetch.h; a C target needs
// one source file.
#include "cprefetch.h"
