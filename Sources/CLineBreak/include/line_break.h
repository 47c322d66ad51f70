#ifndef IDELIVERMOBILE_LINE_BREAK_H
#define IDELIVERMOBILE_LINE_BREAK_H

#include <stdint.h>

/// Line-break opportunities of UTF-16 `text` by UAX #14 (ICU's line-break
/// iterator, root locale). Writes to `out` the offsets (in UTF-16 units) at
/// which a line may end, ascending, excluding 0 and including `length`.
/// Returns how many there are; only the first `capacity` are written, and
/// `length + 1` is always enough. Returns -1 if ICU fails.
///
/// The header deliberately has no ICU types: Swift modules that import ICU
/// headers next to Foundation collide with Foundation's bundled ICU.
int32_t lb_line_breaks(const uint16_t *text, int32_t length, int32_t *out, int32_t capacity);

#endif
