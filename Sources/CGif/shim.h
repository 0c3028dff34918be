#ifndef FLOWSIM_CGIF_SHIM_H
#define FLOWSIM_CGIF_SHIM_H
/* giflib (Debian: libgif-dev), which ships no pkg-config file: the header is in /usr/include. */
#include <gif_lib.h>
#endif
