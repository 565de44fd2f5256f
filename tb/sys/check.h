/* SPDX-License-Identifier: Apache-2.0 */
/*
 * check.h -- the result type shared by the consistency checkers (tb/sys/episode.c, the DRF
 * episode tester; tb/sys/litmus.c, the litmus runner).
 *
 * Every check ends in exactly one of three ways (the TLRAMModel / gem5 tester lesson:
 * an oracle must say when the expected value is legitimately unknown instead of false-failing):
 *
 *   match          the observed value is one the model allows (or the one it requires);
 *   mismatch       the observed value is one the model forbids: a consistency violation;
 *   not checkable  the model does not determine the value; counted per reason (below).
 *
 * Verdict (chk_passed):
 *   - any mismatch                                  -> FAIL
 *   - any fatal event (deadlock, backend stop, ...) -> FAIL
 *   - any not-checkable whose reason is failing     -> FAIL (e.g. an outcome the litmus file
 *                                                      neither allows nor forbids)
 *   - match + mismatch == 0                         -> FAIL ("nothing was checked")
 *   - otherwise                                     -> PASS
 */
#ifndef GPUCOH_CHECK_H
#define GPUCOH_CHECK_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "gsys.h"

/* How the checkers get a fresh backend for each system they build (gsys_backend_factory_t). */
typedef gsys_backend_factory_t gsys_backend_factory_t;

/* Why a value could not be checked. */
typedef enum {
    NC_RACY = 0,   /* the access races with a concurrent write: several values are legal */
    NC_UNDEFINED,  /* the model leaves the value undefined (litmus `undef` outcomes) */
    NC_UNEXPECTED, /* an outcome the test neither allows nor forbids (fails the run) */
    NC_INCOMPLETE, /* the run ended before the operation completed (fails the run) */
    NC_N
} nc_reason_t;

#define CHK_MSGS    8u /* mismatch / fatal messages kept verbatim */
#define CHK_MSG_LEN 320u

typedef struct {
    uint64_t match;
    uint64_t mismatch;
    uint64_t nc;           /* not checkable, all reasons */
    uint64_t nc_by[NC_N];  /* not checkable, per reason */
    uint64_t fatal;        /* deadlocks, backend stops, cycle budget exhausted, ... */
    uint32_t nmsg;         /* messages kept (first CHK_MSGS) */
    uint64_t msgs_dropped; /* further messages only counted */
    char msg[CHK_MSGS][CHK_MSG_LEN];
} chk_result_t;

void chk_init(chk_result_t* c);
const char* nc_reason_name(nc_reason_t r);
/* true for the reasons that fail a run by themselves (UNEXPECTED, INCOMPLETE) */
bool nc_reason_fails(nc_reason_t r);

void chk_match(chk_result_t* c);
/* A mismatch; the message (printf format) is kept if fewer than CHK_MSGS were kept. */
void chk_mismatch(chk_result_t* c, const char* fmt, ...) __attribute__((format(printf, 2, 3)));
void chk_nc(chk_result_t* c, nc_reason_t r);
/* A not-checkable with a note kept like a mismatch message (used for failing reasons). */
void chk_nc_msg(chk_result_t* c, nc_reason_t r, const char* fmt, ...)
    __attribute__((format(printf, 3, 4)));
void chk_fatal(chk_result_t* c, const char* fmt, ...) __attribute__((format(printf, 2, 3)));
/* Add b's counts (and as many of its messages as fit) to a. */
void chk_merge(chk_result_t* a, const chk_result_t* b);

bool chk_passed(const chk_result_t* c);
/* "PASS", or "FAIL: <first reason>" (static storage per call site is not used: writes buf). */
const char* chk_verdict(const chk_result_t* c, char* buf, size_t len);
/* One summary block:
 *   <title>: PASS|FAIL: ...
 *     checked N: match N, mismatch N; not checkable N (racy N, ...); fatal N
 *     <kept messages, one per line> */
void chk_print(FILE* f, const char* title, const chk_result_t* c);
/* chk_print without its verdict line: the counts and messages (an interrupted run's). */
void chk_print_counts(FILE* f, const chk_result_t* c);

#endif /* GPUCOH_CHECK_H */
