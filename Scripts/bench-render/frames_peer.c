/*
 * frames_peer: the two-process C floor of `flowsim render` for Scripts/bench.
 *
 * Reads the output of `flowsim frames SCENE` (every frame's elements: kind, id, center, size,
 * transform, alpha, and the frame's content offset) and draws each frame with Cairo as FlowSim
 * draws it at that level of detail: the background, then per element in z order a rounded
 * rectangle in a colour hashed from its id with its id centred as text (headers: a band and
 * their title), under the element's transform and alpha; then writes each frame with libpng,
 * RGB, compression level 3, no filter. Two processes (fork), each drawing every other frame.
 * No contact sheet, no APNG: those are FlowSim's extra work in the comparison.
 *
 * Build: Scripts/bench-render/build.sh (frames_peer is built beside cairo_peer)
 * Run:   frames_peer FRAMES.json OUTDIR SCALE [PROCESSES]
 */
#include <cairo.h>
#include <png.h>
#include <stdint.h>
#include <sys/wait.h>
#include <unistd.h>

#define PEER_NAME "frames_peer"
#include "../bench-peers/peer_json.h"
#include "../bench-peers/peer_cairo.h"

/* --- a small JSON reader: a tree of values --- */
typedef struct Value Value;
struct Value {
    char type; /* 'o' object, 'a' array, 's' string, 'n' number, 'b' true/false/null */
    double number;
    const char *string; /* NUL-terminated in place */
    Value **children;   /* objects: key, value, key, value, ... (keys are 's' values) */
    int count;
};

static Value *parse(void) {
    json_ws();
    Value *v = calloc(1, sizeof *v);
    if (*json == '{' || *json == '[') {
        char close = *json == '{' ? '}' : ']';
        v->type = *json == '{' ? 'o' : 'a';
        json++;
        int capacity = 0;
        json_ws();
        if (*json == close) { json++; return v; }
        for (;;) {
            int need = v->type == 'o' ? 2 : 1;
            if (v->count + need > capacity) {
                capacity = capacity ? capacity * 2 : 16;
                v->children = realloc(v->children, sizeof(Value *) * capacity);
            }
            v->children[v->count++] = parse();
            if (v->type == 'o') {
                json_ws();
                if (*json++ != ':') json_fail("expected ':'");
                v->children[v->count++] = parse();
            }
            json_ws();
            if (*json == ',') { json++; continue; }
            if (*json == close) { json++; return v; }
            json_fail("expected ',' or a close");
        }
    }
    if (*json == '"') {
        char *start;
        size_t length;
        json_string(&start, &length);
        start[length] = 0; /* the closing quote */
        v->type = 's';
        v->string = start;
        return v;
    }
    if (*json == 't' || *json == 'f' || *json == 'n') {
        v->type = 'b';
        v->number = *json == 't';
        json += *json == 'f' ? 5 : 4;
        return v;
    }
    v->type = 'n';
    v->number = json_number();
    return v;
}

static Value *get(Value *object, const char *key) {
    if (!object || object->type != 'o') return NULL;
    for (int i = 0; i < object->count; i += 2)
        if (!strcmp(object->children[i]->string, key)) return object->children[i + 1];
    return NULL;
}

static double num(Value *object, const char *key, double fallback) {
    Value *v = get(object, key);
    return v && v->type == 'n' ? v->number : fallback;
}

/* --- drawing --- */
/* FNV-1a of the id → a colour (as FlowSim picks a cell's colour from its id). */
static void id_colour(cairo_t *cr, const char *id) {
    unsigned long long hash = 0xcbf29ce484222325ULL;
    for (const unsigned char *c = (const unsigned char *)id; *c; c++) hash = (hash ^ *c) * 0x100000001b3ULL;
    double hue = (double)(hash % 360) / 360 * 6, s = 0.45 + (double)((hash >> 20) % 20) / 100;
    double v = 0.70 + (double)((hash >> 40) % 14) / 100, f = hue - floor(hue);
    double pp = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f));
    switch ((int)hue % 6) {
    case 0: cairo_set_source_rgb(cr, v, t, pp); break;
    case 1: cairo_set_source_rgb(cr, q, v, pp); break;
    case 2: cairo_set_source_rgb(cr, pp, v, t); break;
    case 3: cairo_set_source_rgb(cr, pp, q, v); break;
    case 4: cairo_set_source_rgb(cr, t, pp, v); break;
    default: cairo_set_source_rgb(cr, v, pp, q); break;
    }
}

/* Back to front by zIndex, keeping the frame's order among equals (an insertion sort: stable). */
static void paint_order(Value **order, int count) {
    for (int i = 1; i < count; i++) {
        Value *e = order[i];
        double z = num(e, "zIndex", 0);
        int j = i;
        while (j > 0 && num(order[j - 1], "zIndex", 0) > z) { order[j] = order[j - 1]; j--; }
        order[j] = e;
    }
}

static void draw_element(cairo_t *cr, Value *e) {
    Value *size = get(e, "size"), *center = get(e, "center"), *t = get(e, "transform");
    double w = num(size, "width", 0), h = num(size, "height", 0), alpha = num(e, "alpha", 1);
    if (w <= 0 || h <= 0 || alpha <= 0 || (get(e, "hidden") && get(e, "hidden")->number)) return;
    Value *kind = get(e, "kind"), *id = get(e, "id");
    int cell = kind && !strcmp(kind->string, "cell");
    cairo_save(cr);
    cairo_translate(cr, num(center, "x", 0), num(center, "y", 0));
    cairo_matrix_t m = {num(t, "a", 1), num(t, "b", 0), num(t, "c", 0), num(t, "d", 1), num(t, "tx", 0), num(t, "ty", 0)};
    cairo_transform(cr, &m);
    if (alpha < 1) cairo_push_group(cr);
    const char *text = id ? id->string : "Header";
    if (cell) {
        rounded_rect(cr, -w / 2, -h / 2, w, h, 8);
        id_colour(cr, text);
        cairo_fill(cr);
        cairo_set_font_size(cr, 13);
    } else {
        cairo_rectangle(cr, -w / 2, -h / 2, w, h);
        cairo_set_source_rgb(cr, 0.898, 0.898, 0.918);
        cairo_fill(cr);
        cairo_set_font_size(cr, 15);
    }
    cairo_text_extents_t extents;
    cairo_text_extents(cr, text, &extents);
    cairo_font_extents_t font;
    cairo_font_extents(cr, &font);
    cairo_set_source_rgb(cr, cell ? 1 : 0.11, cell ? 1 : 0.11, cell ? 1 : 0.118);
    cairo_move_to(cr, cell ? -extents.x_advance / 2 : -w / 2 + 16, (font.ascent - font.descent) / 2);
    cairo_show_text(cr, text);
    if (alpha < 1) {
        cairo_pop_group_to_source(cr);
        cairo_paint_with_alpha(cr, alpha);
    }
    cairo_restore(cr);
}

/* Cairo's premultiplied BGRA (opaque here) packed to RGB rows, written with libpng level 3, no filter. */
static void write_png(cairo_surface_t *surface, const char *path, unsigned char *rgb) {
    int width = cairo_image_surface_get_width(surface), height = cairo_image_surface_get_height(surface);
    int stride = cairo_image_surface_get_stride(surface);
    const unsigned char *data = cairo_image_surface_get_data(surface);
    for (int y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(data + (size_t)y * stride);
        unsigned char *out = rgb + (size_t)y * width * 3;
        for (int x = 0; x < width; x++) {
            uint32_t px = row[x];
            out[3 * x] = px >> 16;
            out[3 * x + 1] = px >> 8;
            out[3 * x + 2] = px;
        }
    }
    FILE *file = fopen(path, "wb");
    if (!file) { perror(path); exit(2); }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (setjmp(png_jmpbuf(png))) { fprintf(stderr, "frames_peer: libpng failed on %s\n", path); exit(2); }
    png_init_io(png, file);
    png_set_compression_level(png, 3);
    png_set_filter(png, 0, PNG_FILTER_NONE);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) png_write_row(png, rgb + (size_t)y * width * 3);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    fclose(file);
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: %s FRAMES.json OUTDIR SCALE [PROCESSES]\n", argv[0]);
        return 2;
    }
    long length;
    json = peer_read_file(argv[1], &length);
    Value *root = parse();
    Value *frames = get(root, "frames"), *viewport = get(root, "viewport");
    double scale = atof(argv[3]);
    double width_pt = num(viewport, "width", 375), height_pt = num(viewport, "height", 667);
    int width = (int)ceil(width_pt * scale), height = (int)ceil(height_pt * scale);
    int processes = argc > 4 ? atoi(argv[4]) : 2, worker = 0;
    for (int i = 1; i < processes; i++)
        if (fork() == 0) { worker = i; break; }

    cairo_font_options_t *options = peer_font_options();
    unsigned char *rgb = malloc((size_t)width * height * 3);
    for (int f = worker; f < frames->count; f += processes) {
        Value *frame = frames->children[f], *elements = get(frame, "elements"), *offset = get(frame, "contentOffset");
        cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
        cairo_t *cr = peer_frame_context(surface, options, scale);
        cairo_translate(cr, -num(offset, "x", 0), -num(offset, "y", 0));
        Value **order = malloc(sizeof(Value *) * (elements->count + 1));
        memcpy(order, elements->children, sizeof(Value *) * elements->count);
        paint_order(order, elements->count);
        for (int i = 0; i < elements->count; i++) draw_element(cr, order[i]);
        free(order);
        cairo_surface_flush(surface);
        char path[4096];
        snprintf(path, sizeof path, "%s/frame_%04d.png", argv[2], (int)num(frame, "index", f));
        write_png(surface, path, rgb);
        cairo_destroy(cr);
        cairo_surface_destroy(surface);
    }
    if (worker == 0)
        while (wait(NULL) > 0) {}
    return 0;
}
