/* SPDX-License-Identifier: Apache-2.0 */
/* util.h -- small helpers shared by the gpucoh tool: atomic result files, JSON strings,
 * hashing, number parsing, the repository root. */
#ifndef GPUCOH_UTIL_H
#define GPUCOH_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* An output file that appears only when complete: written to "<path>.tmp.<pid>", renamed by
 * gpucoh_afile_commit(), removed by gpucoh_afile_abort(). */
typedef struct {
    FILE* f;
    char path[1024];
    char tmp[1100];
} gpucoh_afile_t;

int gpucoh_afile_open(gpucoh_afile_t* a, const char* path, char* err, size_t errlen);
int gpucoh_afile_commit(gpucoh_afile_t* a, char* err, size_t errlen);
void gpucoh_afile_abort(gpucoh_afile_t* a);

/* Write s as a JSON string literal (with quotes). */
void gpucoh_json_str(FILE* f, const char* s);
/* Write `<sep>"<key>": "<escaped val>"`. */
void gpucoh_json_kv(FILE* f, const char* sep, const char* key, const char* val);

/* FNV-1a 64 over a buffer / a file's bytes (returns false if the file cannot be read). */
uint64_t gpucoh_fnv1a(uint64_t h, const void* p, size_t n);
bool gpucoh_fnv1a_file(uint64_t* h, const char* path);

/* Strict unsigned parse: decimal or 0x hex, whole string, no sign, fits in 64 bits. */
bool gpucoh_parse_u64(const char* s, uint64_t* v);

/* The repository root: $GPUCOH_ROOT, else two levels above /proc/self/exe (build/gpucoh). */
const char* gpucoh_root(void);

/* mkdir -p */
int gpucoh_mkdirs(const char* path);

double gpucoh_now(void); /* monotonic seconds */

#endif
