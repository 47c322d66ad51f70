// FreeType and fontconfig, for CFontRaster only: no Swift target imports this.
#include <ft2build.h>
#include FT_FREETYPE_H
#include <fontconfig/fontconfig.h>
