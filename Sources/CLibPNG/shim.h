#ifndef FLOWSIM_CLIBPNG_SHIM_H
#define FLOWSIM_CLIBPNG_SHIM_H
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

/* A PNG written a band of rows at a time (PNGRowWriter): the settings of libpng's simplified
 * write API for 8-bit RGB or RGBA (IHDR, sRGB perceptual, then rows; fast: no filters and zlib
 * level 3), so the bytes are those png_image_write_to_memory writes for the same pixels.
 * libpng's errors longjmp back into these C functions only; never through Swift frames. */
typedef struct flowsim_png_rows {
    png_structp png;
    png_infop info;
    unsigned char *data;
    size_t size;
    size_t capacity;
    char message[64];
} flowsim_png_rows;

static void flowsim_png_rows_write(png_structp png, png_bytep bytes, size_t length) {
    flowsim_png_rows *w = (flowsim_png_rows *)png_get_io_ptr(png);
    if (length > ((size_t)-1) / 2 - w->size) png_error(png, "PNG too big");
    if (w->size + length > w->capacity) {
        size_t capacity = w->capacity ? w->capacity : 65536;
        while (capacity < w->size + length) capacity *= 2;
        unsigned char *grown = (unsigned char *)realloc(w->data, capacity);
        if (!grown) png_error(png, "out of memory");
        w->data = grown;
        w->capacity = capacity;
    }
    memcpy(w->data + w->size, bytes, length);
    w->size += length;
}

static void flowsim_png_rows_flush(png_structp png) { (void)png; }

static void flowsim_png_rows_error(png_structp png, png_const_charp message) {
    flowsim_png_rows *w = (flowsim_png_rows *)png_get_error_ptr(png);
    strncpy(w->message, message ? message : "libpng error", sizeof w->message - 1);
    w->message[sizeof w->message - 1] = 0;
    png_longjmp(png, 1);
}

static void flowsim_png_rows_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

/* Starts the PNG (header written); 0 on failure (the message is in w->message). */
static inline int flowsim_png_rows_begin(flowsim_png_rows *w, png_uint_32 width, png_uint_32 height, int rgba,
                                         int fast) {
    memset(w, 0, sizeof *w);
    w->png = png_create_write_struct(PNG_LIBPNG_VER_STRING, w, flowsim_png_rows_error, flowsim_png_rows_warning);
    if (!w->png) {
        strcpy(w->message, "cannot create a libpng writer");
        return 0;
    }
    w->info = png_create_info_struct(w->png);
    if (!w->info) {
        strcpy(w->message, "cannot create a libpng info");
        return 0;
    }
    if (setjmp(png_jmpbuf(w->png))) return 0;
#ifdef PNG_BENIGN_ERRORS_SUPPORTED
    png_set_benign_errors(w->png, 0);
#endif
    png_set_write_fn(w->png, w, flowsim_png_rows_write, flowsim_png_rows_flush);
    png_set_IHDR(w->png, w->info, width, height, 8, rgba ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
    png_set_sRGB(w->png, w->info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_write_info(w->png, w->info);
    if (fast) {
        png_set_filter(w->png, PNG_FILTER_TYPE_BASE, PNG_NO_FILTERS);
        png_set_compression_level(w->png, 3);
    }
    return 1;
}

/* Writes `count` rows `stride` bytes apart; 0 on failure. */
static inline int flowsim_png_rows_write_rows(flowsim_png_rows *w, const unsigned char *rows, size_t stride,
                                              png_uint_32 count) {
    if (setjmp(png_jmpbuf(w->png))) return 0;
    for (png_uint_32 y = 0; y < count; y++) png_write_row(w->png, rows + (size_t)y * stride);
    return 1;
}

/* Writes IEND; 0 on failure. The bytes are w->data[0..<w->size] until flowsim_png_rows_free. */
static inline int flowsim_png_rows_end(flowsim_png_rows *w) {
    if (setjmp(png_jmpbuf(w->png))) return 0;
    png_write_end(w->png, w->info);
    return 1;
}

static inline void flowsim_png_rows_free(flowsim_png_rows *w) {
    if (w->png) png_destroy_write_struct(&w->png, w->info ? &w->info : NULL);
    free(w->data);
    w->data = NULL;
    w->png = NULL;
    w->info = NULL;
}
#endif
