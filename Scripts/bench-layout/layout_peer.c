/* The plain C peer of `flowsim layout` and `flowsim frames --times 0` for Scripts/bench: reads a
 * scene of one uniform section (`"items": [{}, {}, ...]`, viewport, itemSize, spacings), solves
 * the flow layout into an array of frames, and prints the same JSON bytes FlowSim prints (the
 * script checks them with cmp). It parses only what that scene shape needs: a minimal peer, the
 * fastest a C program doing the same work would reasonably be.
 *   layout_peer layout SCENE          # = flowsim layout SCENE
 *   layout_peer frames SCENE          # = flowsim frames SCENE --times 0
 */
#define PEER_NAME "layout_peer"
#include "../bench-peers/peer_json.h"

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

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: layout_peer layout|frames SCENE\n"); return 2; }
    int frames = strcmp(argv[1], "frames") == 0;
    long length;
    char *text = peer_read_file(argv[2], &length);
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

    put_buffered();
    if (frames) {
        /* --times 0: the one frame shows the elements on screen. */
        put_frames_start(stdout);
        long shown = 0;
        for (long i = 0; i < count; i++) {
            if (solved[i].y >= height || solved[i].y + solved[i].height <= 0) continue;
            if (shown++) fputc(',', stdout);
            put_cell(stdout, 0, i, NULL, 0, solved[i], 1);
        }
        put_frames_end(stdout);
    } else {
        put_layout_start(stdout, width, content_height);
        for (long i = 0; i < count; i++) {
            if (i) fputc(',', stdout);
            put_cell(stdout, 0, i, NULL, 0, solved[i], 0);
        }
        put_layout_end(stdout, width, content_height);
    }
    free(solved);
    free(text);
    return 0;
}
