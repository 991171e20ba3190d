#ifndef SWITCHBOARD_CJANSSON_SHIM_H
#define SWITCHBOARD_CJANSSON_SHIM_H
#include <jansson.h>
#endif
