#define _XOPEN_SOURCE 700
#include "unicode_text.h"
#include <langinfo.h>
#include <locale.h>
#include <string.h>
#include <wchar.h>

int32_t ut_wcwidth(uint32_t code_point) {
    return (int32_t)wcwidth((wchar_t)code_point);
}

int32_t ut_use_environment_locale(void) {
    setlocale(LC_ALL, "");
    const char *codeset = nl_langinfo(CODESET);
    if (codeset != NULL && strcmp(codeset, "UTF-8") == 0) return 1;
    // Width tables need a UTF-8 locale; fall back to one that every glibc has.
    if (setlocale(LC_CTYPE, "C.UTF-8") != NULL) return 1;
    return 0;
}
