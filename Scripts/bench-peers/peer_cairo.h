/* What the Cairo peers of Scripts/bench share: a frame's context as FlowSim sets it up (font,
 * background, scale) and its rounded cell. */
#ifndef FLOWSIM_PEER_CAIRO_H
#define FLOWSIM_PEER_CAIRO_H

#include <cairo.h>
#include <math.h>

/* FlowSim's font options: grey antialiasing, no hinting (the same glyphs on every machine). */
static inline cairo_font_options_t *peer_font_options(void) {
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    return options;
}

/* A context on `surface` ready for a frame: FlowSim's font (DejaVu Sans with `options`), its
 * grouped background (#F2F2F7) painted, points scaled to pixels by `scale`. */
static inline cairo_t *peer_frame_context(cairo_surface_t *surface, const cairo_font_options_t *options,
                                          double scale) {
    cairo_t *cr = cairo_create(surface);
    cairo_set_font_options(cr, options);
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_source_rgb(cr, 0.949, 0.949, 0.969);
    cairo_paint(cr);
    cairo_scale(cr, scale, scale);
    return cr;
}

/* A rounded rectangle path; the radius at most half the width and half the height. */
static inline void rounded_rect(cairo_t *cr, double x, double y, double w, double h, double r) {
    if (r > w / 2) r = w / 2;
    if (r > h / 2) r = h / 2;
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + w - r, y + r, r, -M_PI / 2, 0);
    cairo_arc(cr, x + w - r, y + h - r, r, 0, M_PI / 2);
    cairo_arc(cr, x + r, y + h - r, r, M_PI / 2, M_PI);
    cairo_arc(cr, x + r, y + r, r, M_PI, 3 * M_PI / 2);
    cairo_close_path(cr);
}

#endif
