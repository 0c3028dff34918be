/* The plain C peer of `flowsim layout` and `flowsim frames --times 0` on scenes of named items
 * (Scripts/bench io): a viewport, a `layout` (itemSize, spacings, sectionInset, cellInset) and
 * sections with their own id, title, inset and spacings whose items have ids, titles, sizes,
 * images and `selected`. It parses the whole document (a strict JSON reader, every value looked
 * at, as a program that reads such files must), keeps each item's id as a range of the file's
 * bytes and its size, solves the flow layout (UIKit's greedy lines, justified, centred across the
 * line, origins on the pixel grid; the last line left-aligned) and prints the same JSON bytes
 * FlowSim prints (the script checks them with cmp). No header or footer sizes, vertical only.
 *   items_peer layout SCENE          # = flowsim layout SCENE
 *   items_peer frames SCENE          # = flowsim frames SCENE --times 0
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *p;

static void fail(const char *what) {
    fprintf(stderr, "items_peer: %s near byte '%.20s'\n", what, p);
    exit(2);
}

static void ws(void) {
    while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r') p++;
}

/* A string's contents (escapes kept as written: ids here have none). */
static void string(const char **start, size_t *length) {
    ws();
    if (*p != '"') fail("expected a string");
    const char *s = ++p;
    while (*p != '"') {
        if (!*p) fail("unterminated string");
        if (*p == '\\') p++;
        p++;
    }
    *start = s;
    *length = (size_t)(p - s);
    p++;
}

static double number(void) {
    ws();
    char *end;
    double value = strtod(p, &end);
    if (end == p) fail("expected a number");
    p = end;
    return value;
}

static void skip_value(void);

/* Calls `member` for each key of the object at p (the key NUL-free, compared with strncmp). */
#define OBJECT(key, key_length, body)                                                              \
    do {                                                                                           \
        ws();                                                                                      \
        if (*p != '{') fail("expected an object");                                                 \
        p++;                                                                                       \
        ws();                                                                                      \
        if (*p == '}') { p++; break; }                                                             \
        for (;;) {                                                                                 \
            const char *key; size_t key_length;                                                    \
            string(&key, &key_length);                                                             \
            ws();                                                                                  \
            if (*p++ != ':') fail("expected ':'");                                                 \
            body;                                                                                  \
            ws();                                                                                  \
            if (*p == ',') { p++; continue; }                                                      \
            if (*p == '}') { p++; break; }                                                         \
            fail("expected ',' or '}'");                                                           \
        }                                                                                          \
    } while (0)

#define IS(key, key_length, word) ((key_length) == sizeof(word) - 1 && memcmp((key), (word), sizeof(word) - 1) == 0)

static void skip_value(void) {
    ws();
    if (*p == '{') {
        OBJECT(k, kl, (void)k; (void)kl; skip_value());
    } else if (*p == '[') {
        p++;
        ws();
        if (*p == ']') { p++; return; }
        for (;;) {
            skip_value();
            ws();
            if (*p == ',') { p++; continue; }
            if (*p == ']') { p++; return; }
            fail("expected ',' or ']'");
        }
    } else if (*p == '"') {
        const char *s; size_t l;
        string(&s, &l);
    } else if (!strncmp(p, "true", 4)) p += 4;
    else if (!strncmp(p, "false", 5)) p += 5;
    else if (!strncmp(p, "null", 4)) p += 4;
    else number();
}

typedef struct { double width, height; } Size;
typedef struct { double top, left, bottom, right; } Insets;

static Size size_value(void) {
    Size s = {0, 0};
    OBJECT(k, kl, if (IS(k, kl, "width")) s.width = number(); else if (IS(k, kl, "height")) s.height = number();
           else skip_value());
    return s;
}

static Insets insets_value(void) {
    Insets i = {0, 0, 0, 0};
    OBJECT(k, kl, if (IS(k, kl, "top")) i.top = number(); else if (IS(k, kl, "left")) i.left = number();
           else if (IS(k, kl, "bottom")) i.bottom = number(); else if (IS(k, kl, "right")) i.right = number();
           else skip_value());
    return i;
}

typedef struct {
    const char *id; /* NULL: the default id s<section>-i<item> */
    int id_length;
    double width, height;
    int has_size;
} Item;

typedef struct {
    Insets inset;
    int has_inset;
    double line_spacing, item_spacing;
    int has_line_spacing, has_item_spacing;
    long first, count; /* into the items array */
} Section;

static Item *items;
static long item_count, item_capacity;
static Section sections[4096];
static int section_count;

static void item_value(void) {
    if (item_count == item_capacity) {
        item_capacity = item_capacity ? item_capacity * 2 : 1024;
        items = realloc(items, sizeof(Item) * item_capacity);
    }
    Item item = {NULL, 0, 0, 0, 0};
    OBJECT(k, kl,
           if (IS(k, kl, "id")) {
               const char *s; size_t l;
               string(&s, &l);
               item.id = s;
               item.id_length = (int)l;
           } else if (IS(k, kl, "size")) {
               Size s = size_value();
               item.width = s.width;
               item.height = s.height;
               item.has_size = 1;
           } else skip_value());
    items[item_count++] = item;
}

static void section_value(void) {
    Section *s = &sections[section_count++];
    memset(s, 0, sizeof *s);
    s->first = item_count;
    OBJECT(k, kl,
           if (IS(k, kl, "items")) {
               ws();
               if (*p++ != '[') fail("expected items");
               ws();
               if (*p == ']') p++;
               else for (;;) {
                   item_value();
                   ws();
                   if (*p == ',') { p++; continue; }
                   if (*p == ']') { p++; break; }
                   fail("expected ',' or ']' in items");
               }
           } else if (IS(k, kl, "inset")) { s->inset = insets_value(); s->has_inset = 1; }
           else if (IS(k, kl, "minimumLineSpacing")) { s->line_spacing = number(); s->has_line_spacing = 1; }
           else if (IS(k, kl, "minimumInteritemSpacing")) { s->item_spacing = number(); s->has_item_spacing = 1; }
           else skip_value());
    s->count = item_count - s->first;
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

static void put_number(FILE *out, double value) {
    char buffer[40];
    fwrite(buffer, 1, format_number(buffer, value), out);
}

typedef struct { double x, y, width, height; } Frame;

static void element(FILE *out, int section, long item, const Item *it, Frame f, int presented) {
    fprintf(out, "{\"kind\": \"cell\", \"section\": %d, \"item\": %ld, \"id\": \"", section, item);
    if (it->id) fwrite(it->id, 1, it->id_length, out);
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

static double scale = 2;
static double round_origin(double v) {
    double scaled = v * scale;
    return (scaled < 0 ? -floor(-scaled + 0.5) : floor(scaled + 0.5)) / scale;
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: items_peer layout|frames SCENE\n"); return 2; }
    int frames = strcmp(argv[1], "frames") == 0;
    FILE *file = fopen(argv[2], "rb");
    if (!file) { perror(argv[2]); return 2; }
    fseek(file, 0, SEEK_END);
    long length = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *text = malloc(length + 1);
    if (fread(text, 1, length, file) != (size_t)length) { perror(argv[2]); return 2; }
    text[length] = 0;
    fclose(file);

    double width = 0, height = 0, cell_inset = 0, line_spacing = 10, item_spacing = 10;
    Size item_size = {50, 50};
    Insets section_inset = {0, 0, 0, 0};
    p = text;
    OBJECT(k, kl,
           if (IS(k, kl, "viewport")) {
               OBJECT(v, vl, if (IS(v, vl, "width")) width = number(); else if (IS(v, vl, "height")) height = number();
                      else if (IS(v, vl, "scale")) scale = number(); else skip_value());
           } else if (IS(k, kl, "layout")) {
               OBJECT(v, vl, if (IS(v, vl, "itemSize")) item_size = size_value();
                      else if (IS(v, vl, "cellInset")) cell_inset = number();
                      else if (IS(v, vl, "minimumLineSpacing")) line_spacing = number();
                      else if (IS(v, vl, "minimumInteritemSpacing")) item_spacing = number();
                      else if (IS(v, vl, "sectionInset")) section_inset = insets_value(); else skip_value());
           } else if (IS(k, kl, "sections")) {
               ws();
               if (*p++ != '[') fail("expected sections");
               ws();
               if (*p == ']') p++;
               else for (;;) {
                   section_value();
                   ws();
                   if (*p == ',') { p++; continue; }
                   if (*p == ']') { p++; break; }
                   fail("expected ',' or ']' in sections");
               }
           } else skip_value());

    /* Solve: UIKit's subtractive line breaking, full lines justified, a one-item line centred,
     * the last line left-aligned (justified when its leftover equals the previous line's),
     * items centred across their line's height, origins on the pixel grid. */
    Frame *solved = malloc(sizeof(Frame) * (item_count ? item_count : 1));
    long *line_start = malloc(sizeof(long) * (item_count + 1));
    double *leftover = malloc(sizeof(double) * (item_count + 1));
    double along = 0;
    for (int s = 0; s < section_count; s++) {
        Section *sec = &sections[s];
        Insets in = sec->has_inset ? sec->inset : section_inset;
        double ls = sec->has_line_spacing ? sec->line_spacing : line_spacing;
        double is = sec->has_item_spacing ? sec->item_spacing : item_spacing;
        double available = width - in.left - in.right;
        Item *it = items + sec->first;
        long n = sec->count, lines = 0;
        /* Items of one size: UIKit's fixed-size grid, n per line = floor((avail + s) / (w + s)),
         * justified columns that the last, short line reuses too. */
        int uniform = 1;
        for (long i = 1; i < n && uniform; i++) {
            double w0 = it[0].has_size ? it[0].width : item_size.width, h0 = it[0].has_size ? it[0].height : item_size.height;
            double w = it[i].has_size ? it[i].width : item_size.width, h = it[i].has_size ? it[i].height : item_size.height;
            uniform = w == w0 && h == h0;
        }
        if (uniform && n > 0) {
            double w = it[0].has_size ? it[0].width : item_size.width, h = it[0].has_size ? it[0].height : item_size.height;
            long per_line = (long)floor((available + is) / (w + is));
            if (per_line < 1) per_line = 1;
            double gap = per_line > 1 ? (width - in.left - in.right - per_line * w) / (per_line - 1) : 0;
            long line_count = (n - 1) / per_line + 1;
            for (long i = 0; i < n; i++) {
                long line = i / per_line, column = i % per_line;
                double x = per_line > 1 ? in.left + column * (w + gap) : in.left + (width - w - in.left - in.right) / 2;
                double y = along + in.top + line * (h + ls);
                solved[sec->first + i] = (Frame){round_origin(x) + cell_inset, round_origin(y) + cell_inset,
                                                 w - 2 * cell_inset, h - 2 * cell_inset};
            }
            along += in.top + line_count * h + (line_count - 1) * ls + in.bottom;
            continue;
        }
        double remaining = 0;
        for (long i = 0; i < n; i++) {
            double w = it[i].has_size ? it[i].width : item_size.width;
            if (lines && w <= remaining) remaining -= is + w;
            else {
                if (lines) leftover[lines - 1] = remaining;
                line_start[lines++] = i;
                remaining = available - (is + w);
            }
        }
        if (lines) leftover[lines - 1] = remaining;
        line_start[lines] = n;
        int every_single = 1;
        for (long l = 0; l < lines; l++)
            if (line_start[l + 1] - line_start[l] != 1) every_single = 0;
        double origin = along + in.top, offset = 0;
        for (long l = 0; l < lines; l++) {
            long a = line_start[l], b = line_start[l + 1], k = b - a;
            double widths = 0, thickness = 0;
            for (long i = a; i < b; i++) {
                double w = it[i].has_size ? it[i].width : item_size.width;
                double h = it[i].has_size ? it[i].height : item_size.height;
                widths += w;
                if (h > thickness) thickness = h;
            }
            int last = l == lines - 1;
            int full = !last || every_single || (l > 0 && fabs(leftover[l - 1] - leftover[l]) <= 1e-9);
            double gap = full && k > 1 ? (width - widths - in.left - in.right) / (k - 1) : is;
            double cross = in.left;
            for (long i = a; i < b; i++) {
                double w = it[i].has_size ? it[i].width : item_size.width;
                double h = it[i].has_size ? it[i].height : item_size.height;
                double x = k == 1 && full ? in.left + (width - w - in.left - in.right) / 2 : cross;
                cross += w + gap;
                double y = origin + offset + (thickness - h) / 2;
                solved[sec->first + i] = (Frame){round_origin(x) + cell_inset, round_origin(y) + cell_inset,
                                                 w - 2 * cell_inset, h - 2 * cell_inset};
            }
            offset += thickness + (last ? 0 : ls);
        }
        along += in.top + offset + in.bottom;
    }

    static char buffer[1 << 16];
    setvbuf(stdout, buffer, _IOFBF, sizeof buffer);
    if (frames) {
        /* --times 0: the one frame shows the cells whose frames meet the viewport. */
        fputs("{\"fps\": 60, \"duration\": 0, \"frames\": [{\"index\": 0, \"time\": 0, \"elements\": [", stdout);
        long shown = 0;
        for (int s = 0; s < section_count; s++)
            for (long i = 0; i < sections[s].count; i++) {
                Frame f = solved[sections[s].first + i];
                if (f.y - cell_inset >= height || f.y + f.height + cell_inset <= 0) continue;
                if (shown++) fputc(',', stdout);
                element(stdout, s, i, &items[sections[s].first + i], f, 1);
            }
        fputs("]}]}\n", stdout);
    } else {
        fputs("{\"contentSize\": {\"width\": ", stdout);
        put_number(stdout, width);
        fputs(", \"height\": ", stdout);
        put_number(stdout, along);
        fputs("}, \"elements\": [", stdout);
        long written = 0;
        for (int s = 0; s < section_count; s++)
            for (long i = 0; i < sections[s].count; i++) {
                if (written++) fputc(',', stdout);
                element(stdout, s, i, &items[sections[s].first + i], solved[sections[s].first + i], 0);
            }
        fputs("], \"query\": {\"rect\": \"content\", \"frame\": [-1,-1,", stdout);
        put_number(stdout, width + 2);
        fputc(',', stdout);
        put_number(stdout, along + 2);
        fputs("]}}\n", stdout);
    }
    return 0;
}
