/* SPDX-License-Identifier: Apache-2.0 */
/* util.h -- small helpers shared by the gpucoh tool: atomic result files, JSON strings,
 * hashing, number parsing, the repository root, and the command-line conventions every
 * command follows (docs/cli.md): --opt=value, numeric options with ranges, output paths checked
 * before a run, progress on stderr, Ctrl-C. */
#ifndef GPUCOH_UTIL_H
#define GPUCOH_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <signal.h>
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

/* The family folder of a unit's files in every role folder (docs/framework.md "Family folders"):
 * the folder of its top RTL file (the entry of rtl_files named <top>.sv) under rtl/, "tc" for
 * "tc/tc_l1.sv"; "" when that file is at rtl/'s top or the unit names none. buf holds n bytes. */
struct gpucoh_unit;
const char* gpucoh_unit_folder(const struct gpucoh_unit* u, char* buf, size_t n);
/* "<root>/<role>/<folder>/<name><suffix>" for a unit's file in a role folder ("cmodel",
 * "verilator", "systemc"): out holds n bytes */
void gpucoh_unit_file(const struct gpucoh_unit* u, const char* role, const char* name,
                      const char* suffix, char* out, size_t n);
/* Does u read the RTL file of module top (an entry of u->rtl_files named <top>.sv, in any
 * folder)? A slot unit reads its own top and the modules inside it (tc_l1 reads tc_gwct). */
bool gpucoh_unit_reads(const struct gpucoh_unit* u, const char* top);

/* The repository root: $GPUCOH_ROOT, else two levels above /proc/self/exe (build/gpucoh). */
const char* gpucoh_root(void);

/* mkdir -p */
int gpucoh_mkdirs(const char* path);

double gpucoh_now(void); /* monotonic seconds */

/* ---- command-line conventions (docs/cli.md) ------------------------------------------------ */

/* Exit statuses of every command. */
#define GPUCOH_EXIT_OK          0
#define GPUCOH_EXIT_FAILED      1   /* a check failed (divergence, survivor, forbidden outcome) */
#define GPUCOH_EXIT_USAGE       2   /* bad input: option, parameter, file, output path */
#define GPUCOH_EXIT_INTERRUPTED 130 /* Ctrl-C (128 + SIGINT) */

/* "gpucoh 0.1.0 (git ...)": the VERSION file and, built in a git checkout, `git describe`
 * (tools/version.sh, passed in by the Makefile as GPUCOH_VERSION). */
const char* gpucoh_version(void);

/* "--name=value" becomes "--name" "value" (getopt_long's convention), for every command and
 * option at once, before any parser sees argv; an option that never takes a value given one
 * ("--quiet=1") is refused. 0 with *nargc / *nargv (allocated; kept until exit), or -1 after a
 * message on stderr. */
int gpucoh_split_opts(int argc, char** argv, int* nargc, char*** nargv);
/* Free what gpucoh_split_opts allocated (the "--name=value" halves and the array), not argv's. */
void gpucoh_split_free(int argc, char** argv, int nargc, char** nargv);

/* The program name that shared messages start with: "gpucoh" unless set (gpucoh_tlm sets its
 * own), so that an error from shared parsing names the command the user ran. */
const char* gpucoh_prog(void);
void gpucoh_set_prog(const char* name);

/* The value of option opt as an unsigned number (decimal or 0x hex) in lo..hi; else a message
 * naming the option and the range on stderr and -1. */
int gpucoh_opt_u64(const char* opt, const char* s, uint64_t lo, uint64_t hi, uint64_t* v);
int gpucoh_opt_u32(const char* opt, const char* s, uint32_t lo, uint32_t hi, uint32_t* v);

/* The default output directory, <root>/build/out. */
const char* gpucoh_default_out(void);

/* Output paths, checked before anything runs (exit 2 on failure). A file (a report, --json;
 * waves, --wave): its directory must exist and take a new file (probed with a temporary file,
 * removed again). A directory (--out): created if missing, then probed the same way. 0, or -1
 * with "cannot write PATH (OPT): reason; nothing was run" in err. */
int gpucoh_check_out_file(const char* opt, const char* path, char* err, size_t errlen);
int gpucoh_check_out_dir(const char* opt, const char* dir, char* err, size_t errlen);

/* An input file the user names (a litmus test, a mutant): read whole into a NUL-terminated
 * buffer (free it), at most limit bytes. A file that cannot be opened, a directory, a read
 * error, a NUL byte or more than limit bytes (e.g. /dev/zero) gives NULL and
 * "PATH: reason" in err, e.g. "x.litmus: larger than the limit of 1048576 bytes for a litmus
 * file"; what names the kind of file. */
char* gpucoh_read_text(const char* path, const char* what, size_t limit, size_t* n, char* err,
                       size_t errlen);

/* The part of a default report name that tells runs with different parameters apart
 * (docs/cli.md, Reports): "" when diff (the settings off their defaults, e.g. "m256 k2") is
 * empty, "-m256-k2" when that is at most 40 characters, else "-p" and 8 hex digits of its
 * FNV-1a hash. */
void gpucoh_name_tag(const char* diff, char* buf, size_t n);

/* Progress of a long run on stderr: a line every GPUCOH_PROGRESS_SECONDS seconds (default 5),
 * "  [what] done/total unit (N%), rate unit/s, elapsed T, ETA T<extra>" (total 0: no percentage
 * or ETA). Off (no output at all) when started with on = false (--quiet). */
typedef struct {
    char what[96];
    double t0, last, every;
    bool on;
} gpucoh_progress_t;
void gpucoh_progress_start(gpucoh_progress_t* p, const char* what, bool on);
/* Prints when the interval has passed since the last line (cheap otherwise). */
void gpucoh_progress(gpucoh_progress_t* p, uint64_t done, uint64_t total, const char* unit,
                     const char* extra);

/* Ctrl-C: after gpucoh_catch_interrupt() the first SIGINT only sets gpucoh_interrupted (the run
 * stops at its next check, closes its trace, writes its report as "interrupted" and exits 130);
 * a second one kills the process as usual. A process started with SIGINT ignored (a background
 * job of a script, nohup) leaves it ignored. */
extern volatile sig_atomic_t gpucoh_interrupted;
void gpucoh_catch_interrupt(void);
/* fn (async-signal-safe: unlink, rmdir) runs before the process dies of SIGTERM or of a second
 * Ctrl-C: the temporary files of a trace being written (tb/sys/mwave.c). */
void gpucoh_on_signal_cleanup(void (*fn)(void));

#endif
