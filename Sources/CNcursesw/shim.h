// ncursesw for Swift: wide-character API on, and the macros and globals
// Swift 6 cannot use (stdscr, LINES, COLS, A_*, COLOR_PAIR, BUTTON*) as functions.
#ifndef QUAKES_NCURSES_SHIM_H
#define QUAKES_NCURSES_SHIM_H
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <ncursesw/ncurses.h>
#include <locale.h>
#include <wchar.h>

// From term.h (not included: its capability macros, lines, columns…, would
// clash): reads the terminfo entry of $TERM without starting curses.
extern int setupterm(const char *term, int filedes, int *errret);
// From term.h too: a capability's string (`rmcup`, `cnorm`), read once curses runs.
extern char *tigetstr(const char *capname);

static inline WINDOW *quakes_stdscr(void) { return stdscr; }
static inline int quakes_lines(void) { return LINES; }
static inline int quakes_cols(void) { return COLS; }
static inline int quakes_colors(void) { return COLORS; }
static inline int quakes_color_pairs(void) { return COLOR_PAIRS; }

static inline attr_t quakes_a_normal(void) { return A_NORMAL; }
static inline attr_t quakes_a_bold(void) { return A_BOLD; }
static inline attr_t quakes_a_reverse(void) { return A_REVERSE; }
static inline attr_t quakes_a_underline(void) { return A_UNDERLINE; }
static inline attr_t quakes_a_dim(void) { return A_DIM; }

static inline mmask_t quakes_mouse_mask(void) {
    return BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED | BUTTON4_PRESSED | BUTTON5_PRESSED;
}
static inline mmask_t quakes_button1_down(void) { return BUTTON1_PRESSED | BUTTON1_CLICKED; }
static inline mmask_t quakes_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t quakes_wheel_up(void) { return BUTTON4_PRESSED; }
static inline mmask_t quakes_wheel_down(void) { return BUTTON5_PRESSED; }

/// Writes wide text at (y, x) with attributes and a color pair.
static inline int quakes_put(int y, int x, const wchar_t *text, attr_t attrs, short pair) {
    attr_set(attrs, pair, NULL);
    return mvaddwstr(y, x, text);
}
#endif
