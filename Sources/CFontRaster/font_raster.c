#include "font_raster.h"
#include <ft2build.h>
#include FT_FREETYPE_H
#include <fontconfig/fontconfig.h>
#include <stdlib.h>
#include <string.h>

// One FreeType library per face keeps faces independent of each other.
struct fr_font {
    FT_Library library;
    FT_Face face;
};

int32_t fr_find_font(const char *pattern, uint32_t code_point, char *path_out, int32_t capacity, int32_t *index_out) {
    if (pattern == NULL || path_out == NULL || capacity <= 0) return 0;
    if (!FcInit()) return 0;
    FcPattern *wanted = FcNameParse((const FcChar8 *)pattern);
    if (wanted == NULL) return 0;
    FcCharSet *charset = NULL;
    if (code_point != 0) {
        charset = FcCharSetCreate();
        FcCharSetAddChar(charset, code_point);
        FcPatternAddCharSet(wanted, FC_CHARSET, charset);
    }
    FcPatternAddBool(wanted, FC_SCALABLE, FcTrue);
    FcConfigSubstitute(NULL, wanted, FcMatchPattern);
    FcDefaultSubstitute(wanted);
    FcResult result = FcResultNoMatch;
    FcPattern *match = FcFontMatch(NULL, wanted, &result);
    int32_t found = 0;
    if (match != NULL) {
        FcChar8 *file = NULL;
        FcCharSet *has = NULL;
        int index = 0;
        int covers = code_point == 0 ||
            (FcPatternGetCharSet(match, FC_CHARSET, 0, &has) == FcResultMatch && FcCharSetHasChar(has, code_point));
        if (covers && FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch && strlen((const char *)file) < (size_t)capacity) {
            strcpy(path_out, (const char *)file);
            if (FcPatternGetInteger(match, FC_INDEX, 0, &index) != FcResultMatch) index = 0;
            if (index_out != NULL) *index_out = index;
            found = 1;
        }
        FcPatternDestroy(match);
    }
    if (charset != NULL) FcCharSetDestroy(charset);
    FcPatternDestroy(wanted);
    return found;
}

fr_font *fr_font_open(const char *path, int32_t face_index) {
    fr_font *font = calloc(1, sizeof *font);
    if (font == NULL) return NULL;
    if (FT_Init_FreeType(&font->library) != 0) { free(font); return NULL; }
    // Bitmap fonts (PCF, OTB strikes) are welcome: hand-tuned pixels read
    // better than outlines at the small sizes mosaics draw.
    if (FT_New_Face(font->library, path, face_index, &font->face) != 0 ||
        (!FT_IS_SCALABLE(font->face) && font->face->num_fixed_sizes == 0)) {
        if (font->face != NULL) FT_Done_Face(font->face);
        FT_Done_FreeType(font->library);
        free(font);
        return NULL;
    }
    return font;
}

int32_t fr_font_has_glyph(fr_font *font, uint32_t code_point) {
    return font != NULL && FT_Get_Char_Index(font->face, code_point) != 0;
}

// A bitmap font's strike whose height is `pixel_height`; -1 if it has none.
static int strike(const fr_font *font, int32_t pixel_height) {
    for (int i = 0; i < font->face->num_fixed_sizes; i++) {
        if (font->face->available_sizes[i].height == pixel_height) return i;
    }
    return -1;
}

// Sets the size: the strike of that height for bitmap fonts, else the em in pixels.
static int set_size(fr_font *font, int32_t pixel_width, int32_t pixel_height) {
    if (font == NULL || pixel_width <= 0 || pixel_height <= 0) return 0;
    if (!FT_IS_SCALABLE(font->face)) {
        int index = strike(font, pixel_height);
        return index >= 0 && FT_Select_Size(font->face, index) == 0;
    }
    return FT_Set_Pixel_Sizes(font->face, (FT_UInt)pixel_width, (FT_UInt)pixel_height) == 0;
}

// Loads the glyph at the size; 0 when missing or failing. Bitmap strikes are
// loaded as drawn; outlines hinted, monochrome or antialiased by `threshold`.
static int load(fr_font *font, uint32_t code_point, int32_t pixel_width, int32_t pixel_height, int render, int32_t threshold) {
    if (font == NULL) return 0;
    FT_UInt index = FT_Get_Char_Index(font->face, code_point);
    if (index == 0) return 0;
    if (!set_size(font, pixel_width, pixel_height)) return 0;
    FT_Int32 flags = threshold > 0 && FT_IS_SCALABLE(font->face)
        ? FT_LOAD_TARGET_LIGHT | (render ? FT_LOAD_RENDER : 0)
        : FT_LOAD_TARGET_MONO | (render ? FT_LOAD_RENDER | FT_LOAD_MONOCHROME : 0);
    return FT_Load_Glyph(font->face, index, flags) == 0;
}

int32_t fr_font_is_bitmap(fr_font *font) { return font != NULL && !FT_IS_SCALABLE(font->face); }

int32_t fr_font_has_strike(fr_font *font, int32_t pixel_height) {
    return font != NULL && (FT_IS_SCALABLE(font->face) || strike(font, pixel_height) >= 0);
}

int32_t fr_font_line_metrics(fr_font *font, int32_t pixel_width, int32_t pixel_height, int32_t *ascent, int32_t *descent) {
    if (!set_size(font, pixel_width, pixel_height)) return 0;
    if (ascent != NULL) *ascent = (int32_t)((font->face->size->metrics.ascender + 32) >> 6);
    if (descent != NULL) *descent = (int32_t)((-font->face->size->metrics.descender + 32) >> 6);
    return 1;
}

static int is_ink(const FT_Bitmap *bitmap, unsigned int row, unsigned int column, int32_t threshold) {
    const unsigned char *line = bitmap->buffer + (long)row * bitmap->pitch;
    if (bitmap->pixel_mode == FT_PIXEL_MODE_MONO) return (line[column >> 3] >> (7 - (column & 7))) & 1;
    return line[column] >= (threshold > 0 ? threshold : 128);
}

int32_t fr_font_advance(fr_font *font, uint32_t code_point, int32_t pixel_width, int32_t pixel_height) {
    if (!load(font, code_point, pixel_width, pixel_height, 0, 0)) return -1;
    return (int32_t)((font->face->glyph->advance.x + 32) >> 6);
}

int32_t fr_font_ink(fr_font *font, uint32_t code_point, int32_t pixel_width, int32_t pixel_height, int32_t threshold,
                    int32_t *above, int32_t *below) {
    if (!load(font, code_point, pixel_width, pixel_height, 1, threshold)) return 0;
    FT_GlyphSlot slot = font->face->glyph;
    int32_t first = -1, last = -1;
    for (unsigned int row = 0; row < slot->bitmap.rows; row++) {
        for (unsigned int column = 0; column < slot->bitmap.width; column++) {
            if (is_ink(&slot->bitmap, row, column, threshold)) {
                if (first < 0) first = (int32_t)row;
                last = (int32_t)row;
                break;
            }
        }
    }
    if (above != NULL) *above = first < 0 ? 0 : slot->bitmap_top - first;
    if (below != NULL) *below = last < 0 ? 0 : last + 1 - slot->bitmap_top;
    return 1;
}

int32_t fr_font_draw(fr_font *font, uint32_t code_point, int32_t pixel_width, int32_t pixel_height,
                     int32_t threshold, uint8_t *box, int32_t box_width, int32_t box_height, int32_t origin_x, int32_t baseline) {
    if (box == NULL || !load(font, code_point, pixel_width, pixel_height, 1, threshold)) return 0;
    FT_GlyphSlot slot = font->face->glyph;
    FT_Bitmap *bitmap = &slot->bitmap;
    for (unsigned int row = 0; row < bitmap->rows; row++) {
        int32_t y = baseline - slot->bitmap_top + (int32_t)row;
        if (y < 0 || y >= box_height) continue;
        for (unsigned int column = 0; column < bitmap->width; column++) {
            int32_t x = origin_x + slot->bitmap_left + (int32_t)column;
            if (x < 0 || x >= box_width) continue;
            if (is_ink(bitmap, row, column, threshold)) box[y * box_width + x] = 1;
        }
    }
    return 1;
}
