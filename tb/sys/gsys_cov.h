/* SPDX-License-Identifier: Apache-2.0 */
/*
 * gsys_cov.h -- the coverage report of a protocol's units, shared by every protocol: a unit
 * type's transition rows summed over its instances, printed as a state x event matrix (each
 * cell: rows covered / reachable, and the hit count) with the rows never taken, and its
 * functional cover points (reached / reachable, never reached, JSON). A protocol describes each
 * unit type with a gsys_cov_unit_t over its own counters (docs/framework.md, "Protocols").
 */
#ifndef GPUCOH_GSYS_COV_H
#define GPUCOH_GSYS_COV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* A transition row's place in the matrix. */
typedef struct {
    uint8_t row, st, col;
} gsys_cov_cell_t;

typedef struct {
    const char* unit;  /* "l1": summaries, cover points */
    const char* title; /* "tc_l1": the matrix */
    /* rows */
    uint32_t nrows;
    const uint64_t* cnt;
    bool (*reach)(const void* pd, uint32_t r);
    const char* (*id)(uint32_t r);
    const char* (*name)(uint32_t r);
    const char* const* st;
    uint32_t nst;
    const char* const* col;
    uint32_t ncol;
    const gsys_cov_cell_t* cells;
    uint32_t ncells;
    /* cover points F01.. */
    uint32_t nf;
    const uint64_t* fcnt;
    const bool* freach;
    const char* (*fname)(uint32_t k);
} gsys_cov_unit_t;

void gsys_cov_rows(const gsys_cov_unit_t* u, const void* pd, uint32_t* covered,
                   uint32_t* reachable);
void gsys_cov_points(const gsys_cov_unit_t* u, uint32_t* hit, uint32_t* reachable);
/* "coverage l1 37/40 l2 37/38, cover points l1 30/32 l2 33/36" */
void gsys_cov_summary(const gsys_cov_unit_t* u, uint32_t n, const void* pd, char* buf, size_t len);
/* the matrices, "cover points: l1 N/M reached, ..." with the points never reached; rows: also
 * every row and every point with its count */
void gsys_cov_print(const gsys_cov_unit_t* u, uint32_t n, const void* pd, bool rows, FILE* f);
/* ", \"l1_covered\": .., \"l1_reachable\": .., ..., \"cover_points\": {...}" */
void gsys_cov_json(const gsys_cov_unit_t* u, uint32_t n, const void* pd, FILE* f);
/* the cover points' JSON object alone: {"l1": {"reached", "reachable", "points": [...]}, ...} */
void gsys_cov_fjson(const gsys_cov_unit_t* u, uint32_t n, FILE* f);

/* A protocol's report hooks (gsys_proto_t cov_summary, cov_print, cov_json) over the N unit
 * types p##_cov_units(cov, u[N]) describes: expands the three static functions. */
#define GSYS_COV_REPORT_HOOKS(p, N)                                                                \
    static void cov_summary(const void* cov, const void* pd, char* buf, size_t n) {                \
        gsys_cov_unit_t u[N];                                                                      \
        p##_cov_units(cov, u);                                                                     \
        gsys_cov_summary(u, N, pd, buf, n);                                                        \
    }                                                                                              \
    static void cov_print(const void* cov, const void* pd, bool rows, FILE* f) {                   \
        gsys_cov_unit_t u[N];                                                                      \
        p##_cov_units(cov, u);                                                                     \
        gsys_cov_print(u, N, pd, rows, f);                                                         \
    }                                                                                              \
    static void cov_json(const void* cov, const void* pd, FILE* f) {                               \
        gsys_cov_unit_t u[N];                                                                      \
        p##_cov_units(cov, u);                                                                     \
        gsys_cov_json(u, N, pd, f);                                                                \
    }

/* A protocol's coverage hooks (cov_add and the report hooks) when its units are an L1 (slot
 * l1slot) and an L2 (slot l2slot) that p##_cov_add_l1 / _l2 count and p##_cov_units(cov, u[2])
 * describes; a global unit's slot adds nothing: expands the four static functions (DeNovo,
 * GPU, hLRC). A protocol with a third unit type that counts (G-TSC's gtsc_ovf) writes its own
 * cov_add and uses GSYS_COV_REPORT_HOOKS. */
#define GSYS_COV_HOOKS(p, l1slot, l2slot)                                                          \
    static void cov_add(void* cov, uint32_t slot, const void* model) {                             \
        if (slot == (l1slot))                                                                      \
            p##_cov_add_l1(cov, model);                                                            \
        else if (slot == (l2slot))                                                                 \
            p##_cov_add_l2(cov, model);                                                            \
    }                                                                                              \
    GSYS_COV_REPORT_HOOKS(p, 2)

/* For the unit p##_##u (DeNovo, GPU, hLRC l1 and l2): its rows' reachability (from the system
 * descriptor pd, which gives p##_##u##_desc_from its descriptor), ids and cover point names as
 * gsys_cov_unit_t wants them. Expands the static functions u##_reach, u##_id and u##_fname. */
#define GSYS_COV_UNIT_FNS(p, u)                                                                    \
    static bool u##_reach(const void* pd, uint32_t r) {                                            \
        const p##_##u##_desc_t d = p##_##u##_desc_from(pd);                                        \
        return p##_##u##_trans_reachable(&d, (p##_##u##_trans_t)r);                                \
    }                                                                                              \
    static const char* u##_id(uint32_t r) {                                                        \
        return p##_##u##_trans_id((p##_##u##_trans_t)r);                                           \
    }                                                                                              \
    static const char* u##_fname(uint32_t k) {                                                     \
        return p##_##u##_fcov_name((p##_##u##_fcov_t)k);                                           \
    }

/* The gsys_cov_unit_t of the unit p##_##u over the counters c->u, c->u##f, c->u##f_reach: NROWS
 * rows named by NAME, the matrix of its tables u##_st (NST states), u##_col (NCOL columns) and
 * u##_cells, NF cover points; the functions of GSYS_COV_UNIT_FNS. */
#define GSYS_COV_UNIT(p, u, NROWS, NAME, NST, NCOL, NF, c)                                         \
    (gsys_cov_unit_t) {                                                                            \
        .unit = #u, .title = #p "_" #u, .nrows = (NROWS), .cnt = (c)->u, .reach = u##_reach,       \
        .id = u##_id, .name = (NAME), .st = u##_st, .nst = (NST), .col = u##_col, .ncol = (NCOL),  \
        .cells = u##_cells, .ncells = (uint32_t)(sizeof u##_cells / sizeof u##_cells[0]),          \
        .nf = (NF), .fcnt = (c)->u##f, .freach = (c)->u##f_reach, .fname = u##_fname               \
    }

#endif
