/* SPDX-License-Identifier: Apache-2.0 */
/* gsys_cov.c -- coverage reports of a protocol's units (gsys_cov.h). */
#include "gsys_cov.h"

void gsys_cov_rows(const gsys_cov_unit_t* u, const void* pd, uint32_t* covered,
                   uint32_t* reachable) {
    *covered = *reachable = 0;
    for (uint32_t r = 0; r < u->nrows; r++)
        if (u->reach(pd, r)) {
            (*reachable)++;
            *covered += u->cnt[r] != 0;
        }
}

void gsys_cov_points(const gsys_cov_unit_t* u, uint32_t* hit, uint32_t* reachable) {
    *hit = *reachable = 0;
    for (uint32_t k = 0; k < u->nf; k++)
        if (u->freach[k]) {
            (*reachable)++;
            *hit += u->fcnt[k] != 0;
        }
}

void gsys_cov_summary(const gsys_cov_unit_t* u, uint32_t n, const void* pd, char* buf, size_t len) {
    size_t o = (size_t)snprintf(buf, len, "coverage");
    for (uint32_t i = 0; i < n && o < len; i++) {
        uint32_t c, r;
        gsys_cov_rows(&u[i], pd, &c, &r);
        if (u[i].nrows) /* a unit of cover points alone (gtsc_ovf) has no rows */
            o += (size_t)snprintf(buf + o, len - o, " %s %u/%u", u[i].unit, c, r);
    }
    if (o < len)
        o += (size_t)snprintf(buf + o, len - o, ", cover points");
    for (uint32_t i = 0; i < n && o < len; i++) {
        uint32_t h, r;
        gsys_cov_points(&u[i], &h, &r);
        o += (size_t)snprintf(buf + o, len - o, " %s %u/%u", u[i].unit, h, r);
    }
}

/* one matrix cell: rows covered / reachable and hits, or "-" */
static void cell(const gsys_cov_unit_t* u, const void* pd, uint32_t s, uint32_t k, char* buf,
                 size_t len) {
    uint32_t n = 0, hit = 0;
    uint64_t cnt = 0;
    for (uint32_t i = 0; i < u->ncells; i++) {
        const gsys_cov_cell_t* c = &u->cells[i];
        if (c->st == s && c->col == k && u->reach(pd, c->row)) {
            n++;
            hit += u->cnt[c->row] != 0;
            cnt += u->cnt[c->row];
        }
    }
    snprintf(buf, len, "-");
    if (n)
        snprintf(buf, len, "%u/%u %llu", (unsigned)hit, (unsigned)n, (unsigned long long)cnt);
}

static void matrix(const gsys_cov_unit_t* u, const void* pd, FILE* f) {
    fprintf(f, "%s coverage (rows covered/reachable, hits):\n  %-6s", u->title, "state");
    for (uint32_t k = 0; k < u->ncol; k++)
        fprintf(f, " %-15s", u->col[k]);
    fprintf(f, "\n");
    for (uint32_t s = 0; s < u->nst; s++) {
        fprintf(f, "  %-6s", u->st[s]);
        for (uint32_t k = 0; k < u->ncol; k++) {
            char c[32];
            cell(u, pd, s, k, c, sizeof c);
            fprintf(f, " %-15s", c);
        }
        fprintf(f, "\n");
    }
    const char* sep = "  never taken:";
    for (uint32_t i = 0; i < u->ncells; i++)
        if (u->reach(pd, u->cells[i].row) && u->cnt[u->cells[i].row] == 0) {
            fprintf(f, "%s %s", sep, u->id(u->cells[i].row));
            sep = "";
        }
    fprintf(f, "%s\n", *sep ? "  never taken: none" : "");
}

/* "  never reached: l1 F33 RR_SKIP, ..." (reachable points with count 0), or every point */
static void fprint(const gsys_cov_unit_t* u, bool rows, FILE* f) {
    if (rows) {
        for (uint32_t k = 0; k < u->nf; k++)
            fprintf(f, "  %s F%02u %-20s %12llu%s\n", u->unit, k + 1, u->fname(k),
                    (unsigned long long)u->fcnt[k], u->freach[k] ? "" : "  (unreachable)");
        return;
    }
    const char* sep = "  never reached:";
    for (uint32_t k = 0; k < u->nf; k++)
        if (u->freach[k] && u->fcnt[k] == 0) {
            fprintf(f, "%s %s F%02u %s", sep, u->unit, k + 1, u->fname(k));
            sep = ",";
        }
    if (*sep == ',')
        fputc('\n', f);
}

static void points_line(const gsys_cov_unit_t* u, uint32_t n, FILE* f) {
    bool all = true;
    fprintf(f, "cover points:");
    for (uint32_t i = 0; i < n; i++) {
        uint32_t h, r;
        gsys_cov_points(&u[i], &h, &r);
        fprintf(f, "%s %s %u/%u reached", i ? "," : "", u[i].unit, h, r);
        all = all && h == r;
    }
    fprintf(f, "\n");
    if (all)
        fprintf(f, "  never reached: none\n");
}

void gsys_cov_print(const gsys_cov_unit_t* u, uint32_t n, const void* pd, bool rows, FILE* f) {
    for (uint32_t i = 0; i < n; i++)
        if (u[i].nrows)
            matrix(&u[i], pd, f);
    points_line(u, n, f);
    for (uint32_t i = 0; i < n; i++)
        fprint(&u[i], false, f);
    if (!rows)
        return;
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t r = 0; r < u[i].nrows; r++)
            fprintf(f, "  %s %-9s %-44s %12llu%s\n", u[i].unit, u[i].id(r), u[i].name(r),
                    (unsigned long long)u[i].cnt[r], u[i].reach(pd, r) ? "" : "  (unreachable)");
    for (uint32_t i = 0; i < n; i++)
        fprint(&u[i], true, f);
}

void gsys_cov_fjson(const gsys_cov_unit_t* u, uint32_t n, FILE* f) {
    fputc('{', f);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t hit, reach;
        gsys_cov_points(&u[i], &hit, &reach);
        fprintf(f, "%s\"%s\": {\"reached\": %u, \"reachable\": %u, \"points\": [", i ? ", " : "",
                u[i].unit, hit, reach);
        for (uint32_t k = 0; k < u[i].nf; k++)
            fprintf(f,
                    "%s{\"id\": \"F%02u\", \"name\": \"%s\", \"count\": %llu, \"reachable\": %s}",
                    k ? ", " : "", k + 1, u[i].fname(k), (unsigned long long)u[i].fcnt[k],
                    u[i].freach[k] ? "true" : "false");
        fputs("]}", f);
    }
    fputc('}', f);
}

void gsys_cov_json(const gsys_cov_unit_t* u, uint32_t n, const void* pd, FILE* f) {
    for (uint32_t i = 0; i < n; i++) {
        uint32_t c, r;
        gsys_cov_rows(&u[i], pd, &c, &r);
        if (u[i].nrows)
            fprintf(f, ", \"%s_covered\": %u, \"%s_reachable\": %u", u[i].unit, c, u[i].unit, r);
    }
    fprintf(f, ", \"cover_points\": ");
    gsys_cov_fjson(u, n, f);
}
