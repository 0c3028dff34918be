#ifndef FLOWSIM_CCAIRO_SHIM_H
#define FLOWSIM_CCAIRO_SHIM_H
#include <cairo.h>
/* Text is drawn with a font file FlowSim names (FreeType), not fontconfig's choice. */
#include <cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#endif
