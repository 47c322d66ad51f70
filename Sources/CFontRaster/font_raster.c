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

void fr_font_close(fr_font *font) {
    if (font == NULL) return;
    FT_Done_Face(font->face);
    FT_Done_FreeType(font->library);
    free(font);
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

/* How far the loaded glyph's ink (see is_ink) reaches above and below its baseline, in pixels. */
static void ink_extent(FT_GlyphSlot slot, int32_t threshold, int32_t *above, int32_t *below) {
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
}

int32_t fr_font_advance(fr_font *font, uint32_t code_point, int32_t pixel_width, int32_t pixel_height) {
    if (!load(font, code_point, pixel_width, pixel_height, 0, 0)) return -1;
    return (int32_t)((font->face->glyph->advance.x + 32) >> 6);
}

int32_t fr_font_ink(fr_font *font, uint32_t code_point, int32_t pixel_width, int32_t pixel_height, int32_t threshold,
                    int32_t *above, int32_t *below) {
    if (!load(font, code_point, pixel_width, pixel_height, 1, threshold)) return 0;
    ink_extent(font->face->glyph, threshold, above, below);
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

// MARK: - Antialiased text at any size

#include FT_OUTLINE_H

int32_t fr_font_design_metrics(fr_font *font, int32_t *units_per_em, int32_t *ascender, int32_t *descender, int32_t *cap_height) {
    if (font == NULL || !FT_IS_SCALABLE(font->face)) return 0;
    FT_Face face = font->face;
    if (units_per_em != NULL) *units_per_em = face->units_per_EM;
    if (ascender != NULL) *ascender = face->ascender;
    if (descender != NULL) *descender = -face->descender;
    if (cap_height != NULL) {
        *cap_height = 0;
        FT_UInt index = FT_Get_Char_Index(face, 'H');
        if (index != 0 && FT_Load_Glyph(face, index, FT_LOAD_NO_SCALE) == 0 && face->glyph->format == FT_GLYPH_FORMAT_OUTLINE) {
            FT_BBox box;
            FT_Outline_Get_CBox(&face->glyph->outline, &box);
            *cap_height = (int32_t)(box.yMax - box.yMin);
        }
    }
    return 1;
}

// Sets an em of `size64` (1/64 pixel) on a scalable face.
static int set_size64(fr_font *font, int32_t size64) {
    if (font == NULL || size64 <= 0 || !FT_IS_SCALABLE(font->face)) return 0;
    return FT_Set_Char_Size(font->face, 0, size64, 72, 72) == 0;
}

// Loads an outline glyph at an em of `size64`, unhinted, optionally
// rendered: hinting would snap heights to whole pixels, and two sizes
// less than a pixel apart (15 and 16 pt at a 12-pixel capital) would then
// be drawn the same; unhinted, the top edge's coverage carries the fraction.
static int load64(fr_font *font, uint32_t code_point, int32_t size64, int render, int embolden) {
    if (font == NULL) return 0;
    FT_UInt index = FT_Get_Char_Index(font->face, code_point);
    if (index == 0 || !set_size64(font, size64)) return 0;
    if (FT_Load_Glyph(font->face, index, FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP) != 0) return 0;
    FT_GlyphSlot slot = font->face->glyph;
    if (embolden && slot->format == FT_GLYPH_FORMAT_OUTLINE) {
        // About a twentieth of the em, as fontconfig's synthetic bold.
        FT_Outline_Embolden(&slot->outline, size64 / 20);
    }
    if (render) return FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 && slot->bitmap.pixel_mode == FT_PIXEL_MODE_GRAY;
    return 1;
}

int32_t fr_font_advance64(fr_font *font, uint32_t code_point, int32_t size64) {
    if (!load64(font, code_point, size64, 0, 0)) return -1;
    return (int32_t)font->face->glyph->advance.x;
}

int32_t fr_font_coverage_extent(fr_font *font, uint32_t code_point, int32_t size64, int32_t threshold, int32_t *above, int32_t *below) {
    if (!load64(font, code_point, size64, 1, 0)) return 0;
    ink_extent(font->face->glyph, threshold, above, below);
    return 1;
}

int32_t fr_font_draw_coverage(fr_font *font, uint32_t code_point, int32_t size64, int32_t embolden,
                              uint8_t *box, int32_t box_width, int32_t box_height, int32_t origin_x, int32_t baseline) {
    if (box == NULL || !load64(font, code_point, size64, 1, embolden)) return 0;
    FT_GlyphSlot slot = font->face->glyph;
    FT_Bitmap *bitmap = &slot->bitmap;
    for (unsigned int row = 0; row < bitmap->rows; row++) {
        int32_t y = baseline - slot->bitmap_top + (int32_t)row;
        if (y < 0 || y >= box_height) continue;
        const unsigned char *line = bitmap->buffer + (long)row * bitmap->pitch;
        for (unsigned int column = 0; column < bitmap->width; column++) {
            int32_t x = origin_x + slot->bitmap_left + (int32_t)column;
            if (x < 0 || x >= box_width) continue;
            uint8_t *pixel = &box[y * box_width + x];
            if (line[column] > *pixel) *pixel = line[column];
        }
    }
    return 1;
}

int32_t fr_font_has_color_glyph(fr_font *font, uint32_t code_point) {
    return font != NULL && FT_HAS_COLOR(font->face) && FT_Get_Char_Index(font->face, code_point) != 0;
}

int32_t fr_font_draw_color(fr_font *font, uint32_t code_point, int32_t height, int32_t max_width,
                           uint8_t *rgba, int32_t box_width, int32_t box_height, int32_t x, int32_t y) {
    if (font == NULL || rgba == NULL || height <= 0 || max_width <= 0 || !FT_HAS_COLOR(font->face)) return 0;
    FT_Face face = font->face;
    FT_UInt index = FT_Get_Char_Index(face, code_point);
    if (index == 0) return 0;
    // Colour bitmap fonts come in fixed strikes: the largest, scaled down.
    if (face->num_fixed_sizes > 0) {
        int best = 0;
        for (int i = 1; i < face->num_fixed_sizes; i++) {
            if (face->available_sizes[i].height > face->available_sizes[best].height) best = i;
        }
        if (FT_Select_Size(face, best) != 0) return 0;
    } else if (FT_Set_Pixel_Sizes(face, 0, (FT_UInt)height) != 0) {
        return 0;
    }
    if (FT_Load_Glyph(face, index, FT_LOAD_COLOR | FT_LOAD_RENDER) != 0) return 0;
    FT_Bitmap *bitmap = &face->glyph->bitmap;
    if (bitmap->pixel_mode != FT_PIXEL_MODE_BGRA || bitmap->rows == 0 || bitmap->width == 0) return 0;
    // Fit the glyph into height x max_width, keeping its shape.
    double scale = (double)height / bitmap->rows;
    if (bitmap->width * scale > max_width) scale = (double)max_width / bitmap->width;
    int32_t out_w = (int32_t)(bitmap->width * scale + 0.5), out_h = (int32_t)(bitmap->rows * scale + 0.5);
    if (out_w <= 0 || out_h <= 0) return 0;
    int32_t top = y + (height - out_h) / 2, left = x + (max_width - out_w) / 2;
    for (int32_t oy = 0; oy < out_h; oy++) {
        int32_t ty = top + oy;
        if (ty < 0 || ty >= box_height) continue;
        unsigned int sy0 = (unsigned int)(oy / scale), sy1 = (unsigned int)((oy + 1) / scale);
        if (sy1 <= sy0) sy1 = sy0 + 1;
        if (sy1 > bitmap->rows) sy1 = bitmap->rows;
        for (int32_t ox = 0; ox < out_w; ox++) {
            int32_t tx = left + ox;
            if (tx < 0 || tx >= box_width) continue;
            unsigned int sx0 = (unsigned int)(ox / scale), sx1 = (unsigned int)((ox + 1) / scale);
            if (sx1 <= sx0) sx1 = sx0 + 1;
            if (sx1 > bitmap->width) sx1 = bitmap->width;
            unsigned long b = 0, g = 0, r = 0, a = 0, n = 0;
            for (unsigned int sy = sy0; sy < sy1; sy++) {
                const unsigned char *line = bitmap->buffer + (long)sy * bitmap->pitch;
                for (unsigned int sx = sx0; sx < sx1; sx++) {
                    b += line[4 * sx]; g += line[4 * sx + 1]; r += line[4 * sx + 2]; a += line[4 * sx + 3]; n++;
                }
            }
            if (n == 0) continue;
            // FreeType's BGRA is premultiplied: composite "over" what is there.
            uint8_t *pixel = &rgba[4 * (ty * box_width + tx)];
            unsigned long sa = a / n;
            pixel[0] = (uint8_t)(r / n + pixel[0] * (255 - sa) / 255);
            pixel[1] = (uint8_t)(g / n + pixel[1] * (255 - sa) / 255);
            pixel[2] = (uint8_t)(b / n + pixel[2] * (255 - sa) / 255);
            pixel[3] = (uint8_t)(sa + pixel[3] * (255 - sa) / 255);
        }
    }
    return 1;
}
