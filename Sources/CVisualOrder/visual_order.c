#include "visual_order.h"
#include <stdlib.h>
#include <unicode/ubidi.h>
#include <unicode/ushape.h>
#include <unicode/utypes.h>

int32_t vo_visual_line(const uint16_t *text, int32_t length, uint16_t *out, int32_t capacity) {
    if (text == NULL || out == NULL || length < 0 || capacity < length) return -1;
    if (length == 0) return 0;
    UErrorCode status = U_ZERO_ERROR;
    UChar *shaped = malloc(sizeof(UChar) * (size_t)length);
    if (shaped == NULL) return -1;
    // Shaping first, in logical order; a lam-alef ligature leaves a space beside it so lengths match.
    // Marks stay after their base letter when a run is reversed: a terminal
    // (and the grapheme splitter) puts a mark on the character before it.
    u_shapeArabic((const UChar *)text, length, shaped, length,
                  U_SHAPE_LETTERS_SHAPE | U_SHAPE_LENGTH_FIXED_SPACES_NEAR | U_SHAPE_TEXT_DIRECTION_LOGICAL, &status);
    if (U_FAILURE(status)) { free(shaped); return -1; }
    // The shaper also turns harakat (fatha, shadda, ...) into spacing
    // presentation forms, one more column each; they stay combining marks.
    for (int32_t i = 0; i < length; i++) {
        if (text[i] >= 0x064B && text[i] <= 0x0652) shaped[i] = text[i];
    }
    UBiDi *bidi = ubidi_open();
    if (bidi == NULL) { free(shaped); return -1; }
    ubidi_setPara(bidi, shaped, length, UBIDI_DEFAULT_LTR, NULL, &status);
    int32_t written = -1;
    if (U_SUCCESS(status)) {
        written = ubidi_writeReordered(bidi, (UChar *)out, capacity, UBIDI_DO_MIRRORING | UBIDI_KEEP_BASE_COMBINING | UBIDI_REMOVE_BIDI_CONTROLS, &status);
        if (U_FAILURE(status)) written = -1;
    }
    ubidi_close(bidi);
    free(shaped);
    return written;
}
