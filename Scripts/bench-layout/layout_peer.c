/* The plain C peer of `flowsim layout` and `flowsim frames --times 0` for Scripts/bench: reads a
 * scene of one uniform section (`"items": [{}, {}, ...]`, viewport, itemSize, spacings), solves
 * the flow layout into an array of frames, and prints the same JSON bytes FlowSim prints (the
 * script checks them with cmp). It parses only what that scene shape needs: a minimal peer, the
 * fastest a C program doing the same work would reasonably be.
 *   layout_peer layout SCENE          # = flowsim layout SCENE
 *   layout_peer frames SCENE          # = flowsim frames SCENE --times 0
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *slurp(const char *path, long *length) {
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); exit(1); }
    fseek(file, 0, SEEK_END);
    *length = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *text = malloc(*length + 1);
    if (fread(text, 1, *length, file) != (size_t)*length) { perror(path); exit(1); }
    text[*length] = 0;
    fclose(file);
    return text;
}

/* The number after "key": inside the object that starts after "object": (or anywhere when NULL). */
static double number_in(const char *text, const char *object, const char *key, double fallback) {
    const char *from = text;
    if (object) {
        char pattern[64];
        snprintf(pattern, sizeof pattern, "\"%s\"", object);
        from = strstr(text, pattern);
        if (!from) return fallback;
    }
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\"", key);
    const char *at = strstr(from, pattern);
    const char *end = object ? strchr(from, '}') : NULL;
    if (!at || (end && at > end)) return fallback;
    at = strchr(at + strlen(pattern), ':') + 1;
    return strtod(at, NULL);
}

/* Shortest round-tripping decimal, integers without a fraction (the values here are ordinary). */
static int format_number(char *out, double value) {
    if (value == floor(value) && fabs(value) < 1e15) return sprintf(out, "%lld", (long long)value);
    for (int precision = 1; precision <= 17; precision++) {
        int length = sprintf(out, "%.*g", precision, value);
        if (strtod(out, NULL) == value) return length;
    }
    return sprintf(out, "%.17g", value);
}

typedef struct { double x, y, width, height; } Frame;

static void put_number(FILE *out, double value) {
    char buffer[40];
    fwrite(buffer, 1, format_number(buffer, value), out);
}

static void element(FILE *out, long item, Frame f, int presented) {
    fputs("{\"kind\": \"cell\", \"section\": 0, \"item\": ", out);
    fprintf(out, "%ld, \"id\": \"s0-i%ld\", \"frame\": {\"x\": ", item, item);
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

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: layout_peer layout|frames SCENE\n"); return 2; }
    int frames = strcmp(argv[1], "frames") == 0;
    long length;
    char *text = slurp(argv[2], &length);
    double width = number_in(text, "viewport", "width", 0), height = number_in(text, "viewport", "height", 0);
    double item_width = number_in(text, "itemSize", "width", 50), item_height = number_in(text, "itemSize", "height", 50);
    double line_spacing = number_in(text, NULL, "minimumLineSpacing", 10);
    double item_spacing = number_in(text, NULL, "minimumInteritemSpacing", 10);
    long count = 0;
    const char *items = strstr(text, "\"items\"");
    for (const char *p = items ? strchr(items, '[') : NULL; p && *p && *p != ']'; p++)
        if (*p == '{') count++;

    /* Solve: full lines justified, the last short line left-aligned, origins on the pixel grid. */
    long per_line = (long)floor((width + item_spacing) / (item_width + item_spacing));
    if (per_line < 1) per_line = 1;
    long lines = (count + per_line - 1) / per_line;
    double gap = per_line > 1 ? (width - per_line * item_width) / (per_line - 1) : 0;
    Frame *solved = malloc(sizeof(Frame) * (count ? count : 1));
    for (long i = 0; i < count; i++) {
        long line = i / per_line, column = i % per_line;
        int last_short = line == lines - 1 && count % per_line != 0;
        double x = per_line == 1 ? (width - item_width) / 2 : column * (item_width + (last_short ? item_spacing : gap));
        solved[i] = (Frame){round(x * 2) / 2, line * (item_height + line_spacing), item_width, item_height};
    }
    double content_height = lines > 0 ? lines * item_height + (lines - 1) * line_spacing : 0;

    static char buffer[1 << 16];
    setvbuf(stdout, buffer, _IOFBF, sizeof buffer);
    if (frames) {
        /* --times 0: the one frame shows the elements on screen. */
        fputs("{\"fps\": 60, \"duration\": 0, \"frames\": [{\"index\": 0, \"time\": 0, \"elements\": [", stdout);
        long shown = 0;
        for (long i = 0; i < count; i++) {
            if (solved[i].y >= height || solved[i].y + solved[i].height <= 0) continue;
            if (shown++) fputc(',', stdout);
            element(stdout, i, solved[i], 1);
        }
        fputs("]}]}\n", stdout);
    } else {
        fputs("{\"contentSize\": {\"width\": ", stdout);
        put_number(stdout, width);
        fputs(", \"height\": ", stdout);
        put_number(stdout, content_height);
        fputs("}, \"elements\": [", stdout);
        for (long i = 0; i < count; i++) {
            if (i) fputc(',', stdout);
            element(stdout, i, solved[i], 0);
        }
        fputs("], \"query\": {\"rect\": \"content\", \"frame\": [-1,-1,", stdout);
        put_number(stdout, width + 2);
        fputc(',', stdout);
        put_number(stdout, content_height + 2);
        fputs("]}}\n", stdout);
    }
    free(solved);
    free(text);
    return 0;
}
