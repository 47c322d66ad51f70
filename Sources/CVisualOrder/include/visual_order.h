#ifndef IDELIVERMOBILE_VISUAL_ORDER_H
#define IDELIVERMOBILE_VISUAL_ORDER_H

#include <stdint.h>

/// One line of UTF-16 text in the order it is drawn left to right: Arabic
/// letters shaped into their joining forms (ICU u_shapeArabic, length kept),
/// then reordered by the Unicode bidi algorithm (ICU ubidi, paragraph
/// direction from the first strong character, mirrored brackets).
/// Writes up to `capacity` units to `out`; returns the length, or -1 on error.
/// No ICU type crosses this header (see line_break.h for why).
int32_t vo_visual_line(const uint16_t *text, int32_t length, uint16_t *out, int32_t capacity);

#endif
