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
#define PEER_NAME "items_peer"
#include "../bench-peers/peer_json.h"

static void skip_value(void);

/* Calls `member` for each key of the object at json (the key NUL-free, compared with strncmp). */
#define OBJECT(key, key_length, body)                                                              \
    do {                                                                                           \
        json_ws();                                                                                 \
        if (*json != '{') json_fail("expected an object");                                         \
        json++;                                                                                    \
        json_ws();                                                                                 \
        if (*json == '}') { json++; break; }                                                       \
        for (;;) {                                                                                 \
            char *key; size_t key_length;                                                          \
            json_string(&key, &key_length);                                                        \
            json_ws();                                                                             \
            if (*json++ != ':') json_fail("expected ':'");                                         \
            body;                                                                                  \
            json_ws();                                                                             \
            if (*json == ',') { json++; continue; }                                                \
            if (*json == '}') { json++; break; }                                                   \
            json_fail("expected ',' or '}'");                                                      \
        }                                                                                          \
    } while (0)

#define IS(key, key_length, word) ((key_length) == sizeof(word) - 1 && memcmp((key), (word), sizeof(word) - 1) == 0)

static void skip_value(void) {
    json_ws();
    if (*json == '{') {
        OBJECT(k, kl, (void)k; (void)kl; skip_value());
    } else if (*json == '[') {
        json++;
        json_ws();
        if (*json == ']') { json++; return; }
        for (;;) {
            skip_value();
            json_ws();
            if (*json == ',') { json++; continue; }
            if (*json == ']') { json++; return; }
            json_fail("expected ',' or ']'");
        }
    } else if (*json == '"') {
        char *s; size_t l;
        json_string(&s, &l);
    } else if (!strncmp(json, "true", 4)) json += 4;
    else if (!strncmp(json, "false", 5)) json += 5;
    else if (!strncmp(json, "null", 4)) json += 4;
    else json_number();
}

typedef struct { double width, height; } Size;
typedef struct { double top, left, bottom, right; } Insets;

static Size size_value(void) {
    Size s = {0, 0};
    OBJECT(k, kl, if (IS(k, kl, "width")) s.width = json_number(); else if (IS(k, kl, "height")) s.height = json_number();
           else skip_value());
    return s;
}

static Insets insets_value(void) {
    Insets i = {0, 0, 0, 0};
    OBJECT(k, kl, if (IS(k, kl, "top")) i.top = json_number(); else if (IS(k, kl, "left")) i.left = json_number();
           else if (IS(k, kl, "bottom")) i.bottom = json_number(); else if (IS(k, kl, "right")) i.right = json_number();
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
               char *s; size_t l;
               json_string(&s, &l);
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
               json_ws();
               if (*json++ != '[') json_fail("expected items");
               json_ws();
               if (*json == ']') json++;
               else for (;;) {
                   item_value();
                   json_ws();
                   if (*json == ',') { json++; continue; }
                   if (*json == ']') { json++; break; }
                   json_fail("expected ',' or ']' in items");
               }
           } else if (IS(k, kl, "inset")) { s->inset = insets_value(); s->has_inset = 1; }
           else if (IS(k, kl, "minimumLineSpacing")) { s->line_spacing = json_number(); s->has_line_spacing = 1; }
           else if (IS(k, kl, "minimumInteritemSpacing")) { s->item_spacing = json_number(); s->has_item_spacing = 1; }
           else skip_value());
    s->count = item_count - s->first;
}

static void put_item(const Item *item, int section, long index, Frame f, int presented) {
    put_cell(stdout, section, index, item->id, item->id_length, f, presented);
}

static double scale = 2;
static double round_origin(double v) {
    double scaled = v * scale;
    return (scaled < 0 ? -floor(-scaled + 0.5) : floor(scaled + 0.5)) / scale;
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: items_peer layout|frames SCENE\n"); return 2; }
    int frames = strcmp(argv[1], "frames") == 0;
    long length;
    char *text = peer_read_file(argv[2], &length);

    double width = 0, height = 0, cell_inset = 0, line_spacing = 10, item_spacing = 10;
    Size item_size = {50, 50};
    Insets section_inset = {0, 0, 0, 0};
    json = text;
    OBJECT(k, kl,
           if (IS(k, kl, "viewport")) {
               OBJECT(v, vl, if (IS(v, vl, "width")) width = json_number(); else if (IS(v, vl, "height")) height = json_number();
                      else if (IS(v, vl, "scale")) scale = json_number(); else skip_value());
           } else if (IS(k, kl, "layout")) {
               OBJECT(v, vl, if (IS(v, vl, "itemSize")) item_size = size_value();
                      else if (IS(v, vl, "cellInset")) cell_inset = json_number();
                      else if (IS(v, vl, "minimumLineSpacing")) line_spacing = json_number();
                      else if (IS(v, vl, "minimumInteritemSpacing")) item_spacing = json_number();
                      else if (IS(v, vl, "sectionInset")) section_inset = insets_value(); else skip_value());
           } else if (IS(k, kl, "sections")) {
               json_ws();
               if (*json++ != '[') json_fail("expected sections");
               json_ws();
               if (*json == ']') json++;
               else for (;;) {
                   section_value();
                   json_ws();
                   if (*json == ',') { json++; continue; }
                   if (*json == ']') { json++; break; }
                   json_fail("expected ',' or ']' in sections");
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

    put_buffered();
    if (frames) {
        /* --times 0: the one frame shows the cells whose frames meet the viewport. */
        put_frames_start(stdout);
        long shown = 0;
        for (int s = 0; s < section_count; s++)
            for (long i = 0; i < sections[s].count; i++) {
                Frame f = solved[sections[s].first + i];
                if (f.y - cell_inset >= height || f.y + f.height + cell_inset <= 0) continue;
                if (shown++) fputc(',', stdout);
                put_item(&items[sections[s].first + i], s, i, f, 1);
            }
        put_frames_end(stdout);
    } else {
        put_layout_start(stdout, width, along);
        long written = 0;
        for (int s = 0; s < section_count; s++)
            for (long i = 0; i < sections[s].count; i++) {
                if (written++) fputc(',', stdout);
                put_item(&items[sections[s].first + i], s, i, solved[sections[s].first + i], 0);
            }
        put_layout_end(stdout, width, along);
    }
    return 0;
}
