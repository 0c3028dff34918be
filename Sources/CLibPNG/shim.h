#ifndef FLOWSIM_CLIBPNG_SHIM_H
#define FLOWSIM_CLIBPNG_SHIM_H
#include <png.h>
#endif
