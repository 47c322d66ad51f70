#ifndef IDELIVERMOBILE_CNCURSESW_SHIM_H
#define IDELIVERMOBILE_CNCURSESW_SHIM_H

// The wide-character API (add_wch, setcchar) is only declared with this set.
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

// Swift 6 rejects C globals and cannot import function-like macros, so the
// few the front end needs are wrapped here.
static inline WINDOW *ide_stdscr(void) { return stdscr; }
static inline int ide_cols(void) { return COLS; }
static inline int ide_colors(void) { return COLORS; }
static inline int ide_lines(void) { return LINES; }
static inline attr_t ide_a_normal(void) { return A_NORMAL; }
static inline attr_t ide_a_bold(void) { return A_BOLD; }
static inline attr_t ide_a_dim(void) { return A_DIM; }
static inline attr_t ide_a_underline(void) { return A_UNDERLINE; }
static inline attr_t ide_a_italic(void) { return A_ITALIC; }
static inline attr_t ide_a_reverse(void) { return A_REVERSE; }
static inline mmask_t ide_wheel_up(void) { return BUTTON4_PRESSED; }
#if defined(BUTTON5_PRESSED)
static inline mmask_t ide_wheel_down(void) { return BUTTON5_PRESSED; }
#else
static inline mmask_t ide_wheel_down(void) { return 0; }
#endif
// Buttons and the wheel only: reporting every motion (mode 1003) would keep
// the terminal from selecting text. Where terminfo offers SGR reports
// (XM/kmous, as xterm's entries do), ncurses asks for mode 1006 with them.
static inline mmask_t ide_button_and_wheel_events(void) {
    return BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED | BUTTON4_PRESSED | ide_wheel_down();
}
static inline WINDOW *ide_curscr(void) { return curscr; }
static inline mmask_t ide_button1_clicked(void) { return BUTTON1_CLICKED | BUTTON1_PRESSED; }

// Where ncurses believes the terminal's cursor is after its last refresh.
static inline int ide_physical_cursor_y(void) { return getcury(curscr); }
static inline int ide_physical_cursor_x(void) { return getcurx(curscr); }

/// Draws one grapheme cluster (up to a few wide chars) at y, x with attributes and colour pair.
static inline int ide_put_cluster(int y, int x, const wchar_t *wcs, attr_t attrs, short pair) {
    cchar_t cc;
    if (setcchar(&cc, wcs, attrs, pair, NULL) != OK) return ERR;
    return mvadd_wch(y, x, &cc);
}

/// Whether the terminal's terminfo entry has the string capability `name` (e.g. "smcup").
static inline int ide_has_string_capability(const char *name) {
    char *value = tigetstr(name);
    return value != NULL && value != (char *)-1 && value[0] != '\0';
}

/// What terminfo knows of the terminal `name`: -1 not found (or no terminfo
/// database), 0 found but it cannot move the cursor (dumb), 1 usable.
static inline int ide_terminal_capability(const char *name) {
    int error = 0;
    TERMINAL *saved = cur_term;
    if (setupterm(name, 1, &error) != OK) { set_curterm(saved); return -1; }
    char *cup = tigetstr("cup");
    int usable = (cup != NULL && cup != (char *)-1) ? 1 : 0;
    TERMINAL *probe = set_curterm(saved);
    del_curterm(probe);
    return usable;
}
#endif
