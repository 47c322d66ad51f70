#ifndef IDELIVERMOBILE_UNICODE_TEXT_H
#define IDELIVERMOBILE_UNICODE_TEXT_H

#include <stdint.h>

/// Terminal columns of one code point as the C library (and so ncursesw) sees
/// it after setlocale: -1 for non-printable, 0 for combining, 2 for wide.
int32_t ut_wcwidth(uint32_t code_point);

/// Makes the C library use the environment's locale (ncursesw needs a UTF-8 one).
/// Returns 1 when the character encoding is UTF-8.
int32_t ut_use_environment_locale(void);

#endif
