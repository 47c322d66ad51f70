#include "line_break.h"
#include <unicode/ubrk.h>
#include <unicode/utypes.h>

// Opening a line-break iterator loads rules and costs far more than
// re-targeting one, so each thread keeps its own.
static _Thread_local UBreakIterator *thread_iterator = NULL;

int32_t lb_line_breaks(const uint16_t *text, int32_t length, int32_t *out, int32_t capacity) {
    if (text == NULL || length <= 0) return 0;
    UErrorCode status = U_ZERO_ERROR;
    if (thread_iterator == NULL) {
        thread_iterator = ubrk_open(UBRK_LINE, "", NULL, 0, &status);
        if (U_FAILURE(status)) { thread_iterator = NULL; return -1; }
    }
    ubrk_setText(thread_iterator, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return -1;
    int32_t count = 0;
    for (int32_t at = ubrk_next(thread_iterator); at != UBRK_DONE; at = ubrk_next(thread_iterator)) {
        if (count < capacity && out != NULL) out[count] = at;
        count++;
    }
    // The iterator keeps a pointer to `text`; drop it before the caller frees it.
    ubrk_setText(thread_iterator, (const UChar *)u"", 0, &status);
    return count;
}
