/* site_svg.c — a person's rating after each game as an inline SVG line chart, drawn here (no
 * plotting service, no script), scaled to the page's width, and its figures said in words. */
#include <math.h>
#include <stdio.h>

#include "site_pages.h"

enum { CHART_W = 600, CHART_H = 200, CHART_LEFT = 60, CHART_PAD = 10, CHART_POINTS = 300 };

/* A round step for about four grid lines over span. */
static double grid_step(double span)
{
    double raw = span / 4, step = 1;
    while (step * 10 <= raw)
        step *= 10;
    return raw > 5 * step ? 10 * step : raw > 2 * step ? 5 * step : raw > step ? 2 * step : step;
}

/* What the chart shows, for those who do not see it (a screen reader, a text browser) and for a
 * glance: the rating now, and the highest and lowest with their games. */
static void in_words(site_buf *b, msg_lang lang, const double *ratings, const long long *ids, int n)
{
    int top = 0, low = 0;
    for (int i = 1; i < n; i++) {
        top = ratings[i] > ratings[top] ? i : top;
        low = ratings[i] < ratings[low] ? i : low;
    }
    char now[24], hi[24], lo[24];
    snprintf(now, sizeof now, "%lld", ids[n - 1]);
    snprintf(hi, sizeof hi, "%lld", ids[top]);
    snprintf(lo, sizeof lo, "%lld", ids[low]);
    sb_put(b, "<p>");
    if (n == 1)
        sb_msg(b, lang, MSG_SITE_CHART_ONE, (int)lround(ratings[0]), now);
    else
        sb_msg(b, lang, MSG_SITE_CHART_TEXT, (int)lround(ratings[n - 1]), now,
               (int)lround(ratings[top]), hi, (int)lround(ratings[low]), lo);
    sb_put(b, "</p>\n");
}

void site_chart(site_buf *b, msg_lang lang, msg_id title, const double *ratings,
                const long long *ids, int n)
{
    if (n < 1) {
        sb_printf(b, "<p>%s</p>\n", msg_in(lang, MSG_SITE_CHART_NONE));
        return;
    }
    double lo = ratings[0], hi = ratings[0];
    for (int i = 1; i < n; i++) {
        lo = ratings[i] < lo ? ratings[i] : lo;
        hi = ratings[i] > hi ? ratings[i] : hi;
    }
    if (hi - lo < 20) {
        lo -= 10;
        hi += 10;
    }
    double step = grid_step(hi - lo);
    lo = floor(lo / step) * step;
    hi = ceil(hi / step) * step;
    const double x0 = CHART_LEFT, x1 = CHART_W - CHART_PAD, y0 = CHART_PAD, y1 = CHART_H - 24;
    sb_printf(b, "<svg viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"", CHART_W, CHART_H);
    sb_text(b, msg_in(lang, title)); /* a translation's quote would end the attribute */
    sb_put(b, "\">\n<title>");
    sb_text(b, msg_in(lang, title));
    sb_put(b, "</title>\n<g font-size=\"11\" fill=\"currentColor\" stroke=\"#8886\">\n");
    /* counted, not summed: a step too small to change v (a damaged rating) would never end */
    long lines = lround((hi - lo) / step);
    for (long i = 0; i <= lines && i <= 20; i++) {
        double v = lo + (double)i * step, y = y1 - (v - lo) / (hi - lo) * (y1 - y0);
        sb_printf(b,
                  "<line x1=\"%.0f\" y1=\"%.1f\" x2=\"%.0f\" y2=\"%.1f\"/>"
                  "<text x=\"%.0f\" y=\"%.1f\" text-anchor=\"end\" stroke=\"none\">%.0f</text>\n",
                  x0, y, x1, y, x0 - 4, y + 4, v);
    }
    if (n > 1)
        sb_printf(b,
                  "<text x=\"%.0f\" y=\"%d\" stroke=\"none\">#%lld</text>"
                  "<text x=\"%.0f\" y=\"%d\" text-anchor=\"end\" stroke=\"none\">#%lld</text>\n",
                  x0, CHART_H - 6, ids[0], x1, CHART_H - 6, ids[n - 1]);
    else /* one game: its point is in the middle */
        sb_printf(b,
                  "<text x=\"%.0f\" y=\"%d\" text-anchor=\"middle\" stroke=\"none\">#%lld</text>\n",
                  (x0 + x1) / 2, CHART_H - 6, ids[0]);
    sb_put(b, "</g>\n");
    /* Games in runs of k: each run's lowest and highest, in their order, so that the line reaches
     * every figure in_words names (every k-th game missed them); and always the last. */
    int k = n > CHART_POINTS ? (n + CHART_POINTS - 1) / CHART_POINTS : 1, drawn = -1;
    sb_put(b, "<polyline fill=\"none\" stroke=\"#36c\" stroke-width=\"2\" points=\"");
    for (int i = 0; i < n; i += k) {
        int low = i, top = i;
        for (int j = i + 1; j < i + k && j < n; j++) {
            low = ratings[j] < ratings[low] ? j : low;
            top = ratings[j] > ratings[top] ? j : top;
        }
        int pick[3] = { low < top ? low : top, low < top ? top : low, n - 1 };
        for (int p = 0; p < 3; p++) {
            int j = pick[p];
            if (j <= drawn || (p == 2 && i + k < n))
                continue;
            double x = n > 1 ? x0 + (x1 - x0) * j / (n - 1) : (x0 + x1) / 2;
            double y = y1 - (ratings[j] - lo) / (hi - lo) * (y1 - y0);
            sb_printf(b, "%s%.1f,%.1f", drawn >= 0 ? " " : "", x, y);
            drawn = j;
        }
    }
    /* the last point, the rating now, as a dot: a line of one point (one game) draws nothing */
    sb_printf(b, "\"/>\n<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"#36c\"/>\n</svg>\n",
              n > 1 ? x1 : (x0 + x1) / 2, y1 - (ratings[n - 1] - lo) / (hi - lo) * (y1 - y0));
    in_words(b, lang, ratings, ids, n);
}
