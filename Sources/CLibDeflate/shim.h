#ifndef FLOWSIM_CLIBDEFLATE_SHIM_H
#define FLOWSIM_CLIBDEFLATE_SHIM_H
#include <libdeflate.h>
#endif
