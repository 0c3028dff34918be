/*
 * cairo_peer: the C baseline for FlowSim's render benchmark.
 *
 * Draws N frames of W×H pixels (default 61 frames of 750×1334, the default scene's frame
 * count at iPhone 8 @2x) on one core: a grouped background, a header band, and a 3-column grid
 * of rounded-rect cells with centred DejaVu Sans titles that slide up a little each frame; then
 * writes each with Cairo's own cairo_surface_write_to_png (libpng defaults).
 *
 * Build:
 *   gcc -O2 -std=c11 -D_DEFAULT_SOURCE -o cairo_peer cairo_peer.c $(pkg-config --cflags --libs cairo) -lm
 * Run:
 *   ./cairo_peer OUTDIR [FRAMES] [WIDTH] [HEIGHT]
 * Prints "frames=N seconds=S fps=F" on stdout; exit 2 on error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "../bench-peers/peer_cairo.h"

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s OUTDIR [FRAMES] [WIDTH] [HEIGHT]\n", argv[0]);
        return 2;
    }
    const char *out = argv[1];
    int frames = argc > 2 ? atoi(argv[2]) : 61;
    int width = argc > 3 ? atoi(argv[3]) : 750;
    int height = argc > 4 ? atoi(argv[4]) : 1334;
    double scale = 2, pw = width / scale;

    cairo_font_options_t *options = peer_font_options();

    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int f = 0; f < frames; f++) {
        cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
        cairo_t *cr = peer_frame_context(surface, options, scale);

        double shift = f * 1.5;
        for (int i = 0; i < 30; i++) {
            double cw = (pw - 40) / 3, ch = 100;
            double x = 10 + (i % 3) * (cw + 10), y = 60 + (i / 3) * (ch + 10) - shift;
            double hue = fmod(i * 37.0, 360) / 360;
            cairo_set_source_rgb(cr, 0.5 + 0.3 * sin(hue * 6.28), 0.5 + 0.3 * sin(hue * 6.28 + 2),
                                 0.5 + 0.3 * sin(hue * 6.28 + 4));
            rounded_rect(cr, x, y, cw, ch, 8);
            cairo_fill(cr);
            char title[64];
            snprintf(title, sizeof title, "Park %d", i);
            cairo_set_font_size(cr, 12);
            cairo_text_extents_t e;
            cairo_text_extents(cr, title, &e);
            cairo_set_source_rgb(cr, 1, 1, 1);
            cairo_move_to(cr, x + cw / 2 - e.x_advance / 2, y + ch / 2 + 4);
            cairo_show_text(cr, title);
        }
        cairo_set_source_rgb(cr, 0.898, 0.898, 0.918);
        cairo_rectangle(cr, 0, 10, pw, 40);
        cairo_fill(cr);
        cairo_set_source_rgb(cr, 0.11, 0.11, 0.118);
        cairo_set_font_size(cr, 15);
        cairo_move_to(cr, 16, 35);
        cairo_show_text(cr, "National Parks");

        char path[4096];
        snprintf(path, sizeof path, "%s/frame_%04d.png", out, f);
        cairo_status_t status = cairo_surface_write_to_png(surface, path);
        cairo_destroy(cr);
        cairo_surface_destroy(surface);
        if (status != CAIRO_STATUS_SUCCESS) {
            fprintf(stderr, "cairo_peer: %s: %s\n", path, cairo_status_to_string(status));
            return 2;
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double seconds = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
    printf("frames=%d seconds=%.3f fps=%.1f\n", frames, seconds, frames / seconds);
    cairo_font_options_destroy(options);
    return 0;
}
