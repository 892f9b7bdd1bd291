/*
 * The closed-form floor (issue #26): the least work the engine's display accounting could do
 * for a widget-day of given counts, as a plain C99 program with no dependency but libm.
 *
 * It is not a second engine. It knows nothing of budgets, delays, providers, memory, the app or
 * the user's windows: it is handed timelines (fetch times), content changes and views, and does
 * for them the accounting of docs/design/engine.md ("The accounting") by closed form per
 * timeline: per day the display's fresh seconds, age integral and maximum age, the time-weighted
 * 95th-percentile age, and per view whether it saw fresh content and its age. What it computes
 * and what it leaves out: docs/design/floor.md.
 *
 * A timeline fetched at r is shown until the next fetch b. Entry 0 is dated r; with a
 * predictable grid of period P, entry j >= 1 is dated d1 + (j - 1) s, d1 the first tick after r
 * (without one, d1 = r + s). Renders happen at the dates (no delays). Entry j goes stale at
 * S_j = min(u, d_j + P) (u: the first unpredictable change after r; d_j + P: the first tick after
 * a date on the grid), entry 0 at min(u, first tick after r). Entries 1.. whose stretch ends
 * before both u and b are all alike (fresh P, then stale up to age s - P): one term times k.
 * What follows them shows one stale start to b (the last entry, or all of them sharing u).
 *
 * Usage:
 *   floor --days D --reloads R [--entries M] [--period P] [--changes C] [--views V] [--seed N]
 *         [--spacing S] [--day SECONDS] [--per-day]
 *       draws round(R D) fetch times (evenly spaced, jittered), Poisson changes (C a day) and
 *       Poisson views (V a day), then accounts them. M entries a timeline (default 1), spaced
 *       S (default: the fetch interval over M, a whole number of periods when P > 0).
 *   floor --days D --fetch r0,r1,... [--change c0,...] [--view t0,...] [--entries M] [--period P]
 *         [--spacing S] [--day SECONDS] [--per-day]
 *       accounts the given times (the hand check of Tests/WidgetBudgetCLITests/FloorProgramTests).
 * Prints the totals over the horizon; with --per-day, one line per day first:
 *   day D: fresh F s, age integral A s2, max age X s, p95 Q s, views N, fresh views K, view age G s
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* `account` stays a function of its own, so callgrind can count it alone (--toggle-collect). */
#if defined(__GNUC__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif

/* One day's sums, the quantities of days.csv's freshness columns. */
typedef struct {
    double fresh, integral, max_age, p95, view_age;
    long views, fresh_views;
} Day;

/* A stale stretch whose age goes from a0 to a1, `count` times (the engine's AgeShapes). */
typedef struct {
    double a0, a1, count;
} Shape;

/* A breakpoint of the time spent older than q, as a function of q. */
typedef struct {
    double age, delta;
} Edge;

/* Plain comparisons and a truncating cast: libm's fmin, fmax and floor are calls, or dozens of
 * instructions without SSE4.1, and would weigh more than the accounting they serve. */
static inline double min(double a, double b) { return a < b ? a : b; }
static inline double max(double a, double b) { return a > b ? a : b; }
/* floor(x) for 0 <= x < 2^63, x itself above (infinity); -1 for any x < 0, where it only ever
 * makes a count of whole steps zero. */
static inline double steps(double x) { return x < 0 ? -1 : x < 0x1p63 ? (double)(int64_t)x : x; }

static double day_length = 86400;
static Day *days;
static int day_count;
static Shape *shapes; /* the current day's stale stretches */
static int shape_count, shape_capacity, shapes_day;
static Edge *edges;

static void *grow(void *p, size_t n) {
    p = realloc(p, n);
    if (!p) {
        fprintf(stderr, "error: floor: out of memory\n");
        exit(1);
    }
    return p;
}

/* The time-weighted 95th percentile of the current day's shapes: the age q the display was
 * older than for 5 % of the day (0 if stale less than that). The time older than q is
 * f(q) = sum over edges above q of delta (age - q), an edge being a shape's end (+count) or
 * start (-count): linear between edges, decreasing. A selection, not a sort: split the edges
 * left at a pivot age v; if f(v) still reaches the target, q is above v and only the edges
 * above v are left to look at, else every edge from v up is above q and joins the sums
 * (a, d: sum of delta age and of delta over them). Expected O(shapes); when no edge is left,
 * q is where the last line a - q d meets the target. */
static double p95(void) {
    double stale = 0, target = 0.05 * day_length;
    for (int i = 0; i < shape_count; i++) stale += shapes[i].count * (shapes[i].a1 - shapes[i].a0);
    if (stale <= target) return 0;
    edges = grow(edges, 2 * (size_t)shape_count * sizeof *edges);
    for (int i = 0; i < shape_count; i++) {
        edges[2 * i] = (Edge){shapes[i].a1, shapes[i].count};
        edges[2 * i + 1] = (Edge){shapes[i].a0, -shapes[i].count};
    }
    double a = 0, d = 0;
    int lo = 0, hi = 2 * shape_count; /* the edges left: [lo, hi) */
    while (lo < hi) {
        double v = edges[lo + (hi - lo) / 2].age, ga = 0, gd = 0, ea = 0, ed = 0;
        /* [lo, g): above v; [g, e): at v; [e, hi): below v */
        int g = lo, e = lo;
        for (int i = lo; i < hi; i++) {
            Edge x = edges[i];
            if (x.age >= v) {
                edges[i] = edges[e];
                if (x.age > v) {
                    edges[e] = edges[g];
                    edges[g++] = x;
                    ga += x.delta * x.age;
                    gd += x.delta;
                } else {
                    edges[e] = x;
                    ea += x.delta * x.age;
                    ed += x.delta;
                }
                e++;
            }
        }
        if (a + ga - v * (d + gd) >= target) {
            hi = g; /* q >= v: only the edges above v matter */
        } else {
            a += ga + ea; /* q < v: every edge from v up is above q */
            d += gd + ed;
            lo = e;
        }
    }
    return (a - target) / d;
}

/* Closes the current day (its quantile) and opens `day`. */
static void open_day(int day) {
    if (day == shapes_day) return;
    if (shapes_day >= 0 && shapes_day < day_count) days[shapes_day].p95 = p95();
    shapes_day = day;
    shape_count = 0;
}

static void add_shape(double a0, double a1, double count) {
    if (shape_count == shape_capacity) {
        shape_capacity = shape_capacity ? 2 * shape_capacity : 64;
        shapes = grow(shapes, (size_t)shape_capacity * sizeof *shapes);
    }
    shapes[shape_count++] = (Shape){a0, a1, count};
}

/* The display over [x0, x1) with stale start S, split at midnights. */
static void stretch(double x0, double x1, double S) {
    while (x0 < x1) {
        int day = (int)(x0 / day_length);
        if (day >= day_count) return;
        double y1 = min(x1, (day + 1) * day_length);
        Day *d = &days[day];
        open_day(day);
        d->fresh += max(0, min(S, y1) - x0);
        if (y1 > S) {
            double a0 = max(0, x0 - S), a1 = y1 - S;
            d->integral += (a1 * a1 - a0 * a0) / 2;
            if (a1 > d->max_age) d->max_age = a1;
            add_shape(a0, a1, 1);
        }
        x0 = y1;
    }
}

/* k alike entries from d1, s apart, each fresh for P then stale to s: one term times k per
 * day they fall in (an entry across midnight is split as any stretch). */
static void alike(double d1, double s, double P, double k) {
    while (k > 0) {
        int day = (int)(d1 / day_length);
        if (day >= day_count) return;
        double whole = min(k, steps(((day + 1) * day_length - d1) / s));
        if (whole > 0) {
            Day *d = &days[day];
            double a1 = max(0, s - P);
            open_day(day);
            d->fresh += whole * min(P, s);
            if (a1 > 0) {
                d->integral += whole * (a1 * a1 / 2);
                if (a1 > d->max_age) d->max_age = a1;
                add_shape(0, a1, whole);
            }
            d1 += whole * s;
            k -= whole;
        }
        if (k > 0) { /* the one across midnight */
            stretch(d1, d1 + s, d1 + P);
            d1 += s;
            k -= 1;
        }
    }
}

typedef struct {
    double r, b, u; /* fetched, replaced, first unpredictable change after r */
    double d1;      /* the date of entry 1 */
} Timeline;

/* The stale start of the entry shown at t (r <= t < b). */
static double stale_start(const Timeline *tl, double t, int entries, double s, double P) {
    if (entries == 1 || t < tl->d1) return P > 0 ? min(tl->u, (steps(tl->r / P) + 1) * P) : tl->u;
    double j = min(entries - 1, 1 + steps((t - tl->d1) / s));
    return P > 0 ? min(tl->u, tl->d1 + (j - 1) * s + P) : tl->u;
}

/* The accounting: every timeline by closed form, every view by lookup. */
NOINLINE static void account(const double *fetch, int n_fetch, const double *change, int n_change,
                    const double *view, int n_view, int entries, double s, double P) {
    double end = day_count * day_length;
    int c = 0, v = 0;
    for (int i = 0; i < n_fetch; i++) {
        Timeline tl = {fetch[i], i + 1 < n_fetch ? min(fetch[i + 1], end) : end, INFINITY, 0};
        while (c < n_change && change[c] <= tl.r) c++;
        if (c < n_change) tl.u = change[c];
        tl.d1 = P > 0 ? (steps(tl.r / P) + 1) * P : tl.r + s;
        /* entry 0 */
        stretch(tl.r, entries > 1 ? min(tl.d1, tl.b) : tl.b, stale_start(&tl, tl.r, entries, s, P));
        if (entries > 1 && tl.d1 < tl.b) {
            /* entries 1..k alike: a successor in the timeline, shown to d + s < b, stale start d + P <= u */
            double k = min(entries - 2, steps((tl.b - tl.d1) / s));
            if (P > 0) k = min(k, steps((tl.u - P - tl.d1) / s) + 1);
            else k = 0;
            if (k > 0) alike(tl.d1, s, P, k);
            else k = 0;
            double next = tl.d1 + k * s;
            if (next < tl.b) stretch(next, tl.b, stale_start(&tl, next, entries, s, P));
        }
        /* the views of this timeline */
        for (; v < n_view && view[v] < tl.b; v++) {
            double t = view[v];
            if (t < tl.r) continue;
            Day *d = &days[(int)(t / day_length)];
            double S = stale_start(&tl, t, entries, s, P);
            d->views++;
            if (t < S) d->fresh_views++;
            else d->view_age += t - S;
        }
    }
    open_day(day_count); /* closes the last day */
}

/* splitmix64: a seeded, repeatable generator (the draws are not the floor's subject). */
static uint64_t state;
static double uniform(void) {
    uint64_t z = (state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return ((z ^ (z >> 31)) >> 11) * 0x1.0p-53;
}

/* Poisson times of `per_day` a day over [0, end). */
static double *poisson(double per_day, double end, int *n) {
    double *t = NULL, x = 0;
    int cap = 0;
    *n = 0;
    if (per_day <= 0) return NULL;
    for (;;) {
        x += -log(1 - uniform()) * day_length / per_day;
        if (x >= end) return t;
        if (*n == cap) t = grow(t, (size_t)(cap = cap ? 2 * cap : 64) * sizeof *t);
        t[(*n)++] = x;
    }
}

/* A comma-separated list of seconds. */
static double *list(const char *text, int *n) {
    double *t = NULL;
    *n = 0;
    for (const char *p = text; *p;) {
        char *rest;
        double x = strtod(p, &rest);
        if (rest == p) {
            fprintf(stderr, "error: floor: not a list of seconds: %s\n", text);
            exit(64);
        }
        t = grow(t, (size_t)(*n + 1) * sizeof *t);
        t[(*n)++] = x;
        p = *rest == ',' ? rest + 1 : rest;
    }
    return t;
}

int main(int argc, char **argv) {
    double reloads = 0, period = 0, changes = 0, views = 0, spacing = 0;
    int entries = 1, per_day = 0;
    const char *fetch_list = NULL, *change_list = NULL, *view_list = NULL;
    day_count = 1;
    state = 26;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *x = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--per-day")) { per_day = 1; continue; }
        if (!x) {
            fprintf(stderr, "error: floor: %s needs a value (usage: the comment at the top of floor.c)\n", a);
            return 64;
        }
        i++;
        if (!strcmp(a, "--days")) day_count = atoi(x);
        else if (!strcmp(a, "--day")) day_length = atof(x);
        else if (!strcmp(a, "--reloads")) reloads = atof(x);
        else if (!strcmp(a, "--entries")) entries = atoi(x);
        else if (!strcmp(a, "--spacing")) spacing = atof(x);
        else if (!strcmp(a, "--period")) period = atof(x);
        else if (!strcmp(a, "--changes")) changes = atof(x);
        else if (!strcmp(a, "--views")) views = atof(x);
        else if (!strcmp(a, "--seed")) state = strtoull(x, NULL, 10);
        else if (!strcmp(a, "--fetch")) fetch_list = x;
        else if (!strcmp(a, "--change")) change_list = x;
        else if (!strcmp(a, "--view")) view_list = x;
        else {
            fprintf(stderr, "error: floor: unknown option %s (usage: the comment at the top of floor.c)\n", a);
            return 64;
        }
    }
    if (day_count < 1 || day_length <= 0 || entries < 1 || reloads < 0) {
        fprintf(stderr, "error: floor: --days and --entries must be >= 1, --reloads >= 0 (usage: the comment at the top of floor.c)\n");
        return 64;
    }
    double end = day_count * day_length;
    int n_fetch, n_change, n_view;
    double *fetch, *change, *view;
    if (fetch_list) {
        fetch = list(fetch_list, &n_fetch);
        change = change_list ? list(change_list, &n_change) : (n_change = 0, NULL);
        view = view_list ? list(view_list, &n_view) : (n_view = 0, NULL);
    } else {
        /* round(R D) fetches (at least one), the first at 0 (the widget is added), then one every interval, up
         * to 2 minutes late (a reload delay; at most a quarter of the interval). */
        n_fetch = (int)fmax(1, floor(reloads * day_count + 0.5));
        double interval = end / n_fetch;
        fetch = grow(NULL, (size_t)n_fetch * sizeof *fetch);
        fetch[0] = 0;
        for (int i = 1; i < n_fetch; i++) fetch[i] = i * interval + uniform() * fmin(120, interval / 4);
        change = poisson(changes, end, &n_change);
        view = poisson(views, end, &n_view);
        if (spacing <= 0) {
            spacing = interval / entries;
            if (period > 0) spacing = fmax(1, floor(spacing / period + 0.5)) * period;
        }
    }
    if (spacing <= 0) spacing = period > 0 ? period : day_length;
    days = calloc((size_t)day_count, sizeof *days);
    if (!days) return 1;
    shapes_day = -1;
    account(fetch, n_fetch, change, n_change, view, n_view, entries, spacing, period);
    Day total = {0};
    for (int i = 0; i < day_count; i++) {
        Day *d = &days[i];
        if (per_day)
            printf("day %d: fresh %.3f s, age integral %.3f s2, max age %.3f s, p95 %.3f s, views %ld, fresh views %ld, view age %.3f s\n",
                   i + 1, d->fresh, d->integral, d->max_age, d->p95, d->views, d->fresh_views, d->view_age);
        total.fresh += d->fresh;
        total.integral += d->integral;
        total.max_age = fmax(total.max_age, d->max_age);
        total.p95 += d->p95;
        total.views += d->views;
        total.fresh_views += d->fresh_views;
        total.view_age += d->view_age;
    }
    printf("%d days, %d timelines of %d entries %.0f s apart, period %.0f s, %d changes, %d views: "
           "fresh %.1f%%, mean age %.3f s, max age %.3f s, mean day p95 %.3f s, fresh views %ld of %ld, view age %.3f s\n",
           day_count, n_fetch, entries, spacing, period, n_change, n_view, 100 * total.fresh / end,
           total.integral / end, total.max_age, total.p95 / day_count, total.fresh_views, total.views,
           total.view_age);
    return 0;
}
