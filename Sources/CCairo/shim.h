#ifndef FLOWSIM_CCAIRO_SHIM_H
#define FLOWSIM_CCAIRO_SHIM_H
#include <cairo.h>
#endif
