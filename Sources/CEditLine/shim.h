#ifndef SWITCHBOARD_CEDITLINE_SHIM_H
#define SWITCHBOARD_CEDITLINE_SHIM_H
#include <stdio.h>
#include <histedit.h>
#endif
