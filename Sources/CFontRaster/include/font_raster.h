#ifndef IDELIVERMOBILE_FONT_RASTER_H
#define IDELIVERMOBILE_FONT_RASTER_H

#include <stdint.h>

/// An open font face (FreeType underneath). Not thread-safe: callers serialise use.
/// Faces live as long as the process: the font table (FontTable) keeps every one it opens,
/// each behind its own lock (OpenFont).
typedef struct fr_font fr_font;

/// Asks fontconfig for a font file matching `pattern` (a family such as
/// "DejaVu Sans Mono", optionally with ":bold"), which must contain
/// `code_point` unless it is 0. Writes the file's path (NUL-terminated) and
/// face index. Returns 1 when a font was found, 0 otherwise.
int32_t fr_find_font(const char *pattern, uint32_t code_point, char *path_out, int32_t capacity, int32_t *index_out);

/// Opens a font file, scalable or bitmap (PCF, BDF, OTB strikes); NULL if it
/// cannot be opened. A bitmap font is drawn only at its strikes' heights: the
/// `pixel_height` arguments below then pick the strike.
fr_font *fr_font_open(const char *path, int32_t face_index);

/// Closes a font `fr_font_open` opened (NULL is ignored).
void fr_font_close(fr_font *font);

/// 1 for a font made of bitmap strikes only.
int32_t fr_font_is_bitmap(fr_font *font);

/// 1 when the font can be drawn at `pixel_height` (any height for outlines).
int32_t fr_font_has_strike(fr_font *font, int32_t pixel_height);

/// The font's ascent and descent (both positive) in whole pixels at the size;
/// 0 if the size cannot be set.
int32_t fr_font_line_metrics(fr_font *font, int32_t pixel_width, int32_t pixel_height, int32_t *ascent, int32_t *descent);

/// 1 when the font has a glyph for `code_point`.
int32_t fr_font_has_glyph(fr_font *font, uint32_t code_point);

/// Horizontal advance of `code_point` in whole pixels at the given pixel
/// width and height of the em square (different when pixels are not square);
/// -1 if the glyph is missing.
int32_t fr_font_advance(fr_font *font, uint32_t code_point, int32_t pixel_width, int32_t pixel_height);

/// Extent of `code_point` rendered as `fr_font_draw` would (same `threshold`):
/// rows above the baseline (`above`) and below it (`below`, positive
/// downwards). Returns 0 if the glyph is missing.
int32_t fr_font_ink(fr_font *font, uint32_t code_point, int32_t pixel_width, int32_t pixel_height, int32_t threshold,
                    int32_t *above, int32_t *below);

/// Draws `code_point` into `box` (one byte per
/// pixel, row-major, `box_width` × `box_height`, 1 = ink; pixels are OR-ed
/// in), its origin at column `origin_x` of baseline row `baseline`. Ink
/// outside the box is clipped. `threshold` 0 draws FreeType's 1-bit hinted
/// rendering; 1…255 draws light-hinted antialiased coverage at or above it.
/// Returns 1 if drawn, 0 if the glyph is missing.
int32_t fr_font_draw(fr_font *font, uint32_t code_point, int32_t pixel_width, int32_t pixel_height,
                     int32_t threshold, uint8_t *box, int32_t box_width, int32_t box_height, int32_t origin_x, int32_t baseline);

// MARK: - Antialiased text at any size (the `pixels` glyph mode)

/// The font's design metrics in font units: units per em, ascender and
/// descender (both positive) and the height of a capital H's outline (0
/// when the font has no H). Returns 0 for a bitmap-only font.
int32_t fr_font_design_metrics(fr_font *font, int32_t *units_per_em, int32_t *ascender, int32_t *descender, int32_t *cap_height);

/// The advance of `code_point` in 1/64 pixel at an em of `size64` (1/64
/// pixel; unhinted, as `fr_font_draw_coverage` draws); -1 if missing.
int32_t fr_font_advance64(fr_font *font, uint32_t code_point, int32_t size64);

/// Rows above the baseline (`above`) and below it (`below`) that
/// `code_point`'s antialiased coverage reaches at `size64`, counting rows
/// with any coverage of at least `threshold`. Returns 0 if missing.
int32_t fr_font_coverage_extent(fr_font *font, uint32_t code_point, int32_t size64, int32_t threshold, int32_t *above, int32_t *below);

/// Draws `code_point` antialiased (unhinted: exact heights, the fractions
/// in the edges' coverage) at an em of `size64` into
/// `box` (one byte of coverage per pixel, row-major, kept at the larger of
/// what is there and the glyph's), its origin at column `origin_x` of
/// baseline row `baseline`; ink outside the box is clipped. With `embolden`
/// strokes are thickened (a fallback font without a bold face). Returns 1 if
/// drawn, 0 if the glyph is missing.
int32_t fr_font_draw_coverage(fr_font *font, uint32_t code_point, int32_t size64, int32_t embolden,
                              uint8_t *box, int32_t box_width, int32_t box_height, int32_t origin_x, int32_t baseline);

/// 1 when the font draws `code_point` in colour (a colour bitmap font such
/// as Noto Color Emoji).
int32_t fr_font_has_color_glyph(fr_font *font, uint32_t code_point);

/// Draws a colour glyph scaled (area-averaged) to `height` pixels tall into
/// `rgba` (4 bytes a pixel, premultiplied alpha, composited over what is
/// there), its top-left corner at (`x`, `y`) and at most `max_width` pixels
/// wide (smaller and centred vertically if its shape needs it). Returns 1 if
/// drawn, 0 if the glyph is missing or not in colour.
int32_t fr_font_draw_color(fr_font *font, uint32_t code_point, int32_t height, int32_t max_width,
                           uint8_t *rgba, int32_t box_width, int32_t box_height, int32_t x, int32_t y);

#endif
