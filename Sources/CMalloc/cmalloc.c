// Everything is in include/cmalloc.h; SwiftPM needs a source file for the target.
#include "cmalloc.h"
