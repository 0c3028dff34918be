/* What the C peers of Scripts/bench share: reading a whole file, a cursor over JSON text (white
 * space, strings, numbers, failing with the peer's name and where), and printing FlowSim's layout
 * and frames JSON (its number format, a cell element, the documents around the elements), so the
 * peers print the bytes FlowSim prints from one description of them.
 * A peer defines PEER_NAME ("items_peer") before including this file.
 */
#ifndef FLOWSIM_PEER_JSON_H
#define FLOWSIM_PEER_JSON_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef PEER_NAME
#error "define PEER_NAME before including peer_json.h"
#endif

/* --- input --- */

/* The whole file, NUL-terminated; exit 2 (after perror) when it cannot be read. */
static inline char *peer_read_file(const char *path, long *length) {
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); exit(2); }
    fseek(file, 0, SEEK_END);
    *length = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *text = malloc(*length + 1);
    if (fread(text, 1, *length, file) != (size_t)*length) { perror(path); exit(2); }
    text[*length] = 0;
    fclose(file);
    return text;
}

/* The JSON reader's position in the text. */
static char *json __attribute__((unused));

static inline void json_fail(const char *what) {
    fprintf(stderr, PEER_NAME ": %s near byte '%.20s'\n", what, json);
    exit(2);
}

static inline void json_ws(void) {
    while (*json == ' ' || *json == '\n' || *json == '\t' || *json == '\r') json++;
}

/* A string's contents in place (escapes kept as written); the cursor moves past its closing quote. */
static inline void json_string(char **start, size_t *length) {
    json_ws();
    if (*json != '"') json_fail("expected a string");
    char *s = ++json;
    while (*json != '"') {
        if (!*json) json_fail("unterminated string");
        if (*json == '\\') json++;
        json++;
    }
    *start = s;
    *length = (size_t)(json - s);
    json++;
}

static inline double json_number(void) {
    json_ws();
    char *end;
    double value = strtod(json, &end);
    if (end == json) json_fail("expected a number");
    json = end;
    return value;
}

/* --- output: what `flowsim layout` and `flowsim frames --times 0` print --- */

typedef struct { double x, y, width, height; } Frame;

/* Shortest round-tripping decimal, integers without a fraction (the values here are ordinary). */
static inline int format_number(char *out, double value) {
    if (value == floor(value) && fabs(value) < 1e15) return sprintf(out, "%lld", (long long)value);
    for (int precision = 1; precision <= 17; precision++) {
        int length = sprintf(out, "%.*g", precision, value);
        if (strtod(out, NULL) == value) return length;
    }
    return sprintf(out, "%.17g", value);
}

static inline void put_number(FILE *out, double value) {
    char buffer[40];
    fwrite(buffer, 1, format_number(buffer, value), out);
}

/* A cell at `f`; `id` NULL: the default id s<section>-i<item>. `presented`: as `frames` prints it. */
static inline void put_cell(FILE *out, int section, long item, const char *id, int id_length, Frame f,
                            int presented) {
    fprintf(out, "{\"kind\": \"cell\", \"section\": %d, \"item\": %ld, \"id\": \"", section, item);
    if (id) fwrite(id, 1, id_length, out);
    else fprintf(out, "s%d-i%ld", section, item);
    fputs("\", \"frame\": {\"x\": ", out);
    put_number(out, f.x);
    fputs(", \"y\": ", out);
    put_number(out, f.y);
    fputs(", \"width\": ", out);
    put_number(out, f.width);
    fputs(", \"height\": ", out);
    put_number(out, f.height);
    fputs("}, \"center\": {\"x\": ", out);
    put_number(out, f.x + f.width / 2);
    fputs(", \"y\": ", out);
    put_number(out, f.y + f.height / 2);
    fputs("}, \"size\": {\"width\": ", out);
    put_number(out, f.width);
    fputs(", \"height\": ", out);
    put_number(out, f.height);
    fputs("}, \"transform\": {\"a\": 1, \"b\": 0, \"c\": 0, \"d\": 1, \"tx\": 0, \"ty\": 0}, \"alpha\": 1, \"zIndex\": 0", out);
    fputs(presented ? ", \"state\": \"static\"}" : "}", out);
}

/* Standard output fully buffered in 64 KB: the documents are written in many small pieces. */
static inline void put_buffered(void) {
    static char buffer[1 << 16];
    setvbuf(stdout, buffer, _IOFBF, sizeof buffer);
}

/* `frames --times 0`: one frame at time 0; its elements (comma-separated) go between these two. */
static inline void put_frames_start(FILE *out) {
    fputs("{\"fps\": 60, \"duration\": 0, \"frames\": [{\"index\": 0, \"time\": 0, \"elements\": [", out);
}

static inline void put_frames_end(FILE *out) { fputs("]}]}\n", out); }

/* `layout`: the content size, then the elements (comma-separated), then the content query. */
static inline void put_layout_start(FILE *out, double width, double height) {
    fputs("{\"contentSize\": {\"width\": ", out);
    put_number(out, width);
    fputs(", \"height\": ", out);
    put_number(out, height);
    fputs("}, \"elements\": [", out);
}

static inline void put_layout_end(FILE *out, double width, double height) {
    fputs("], \"query\": {\"rect\": \"content\", \"frame\": [-1,-1,", out);
    put_number(out, width + 2);
    fputc(',', out);
    put_number(out, height + 2);
    fputs("]}}\n", out);
}

#endif
