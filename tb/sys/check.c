/* SPDX-License-Identifier: Apache-2.0 */
/* check.c -- match / mismatch / not-checkable bookkeeping of the TC checkers (check.h). */
#include "check.h"

#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

void chk_init(chk_result_t* c) {
    memset(c, 0, sizeof *c);
}

const char* nc_reason_name(nc_reason_t r) {
    static const char* const nm[NC_N] = {"racy", "undefined-by-model", "unexpected", "incomplete"};
    return (unsigned)r < NC_N ? nm[r] : "?";
}

bool nc_reason_fails(nc_reason_t r) {
    return r == NC_UNEXPECTED || r == NC_INCOMPLETE;
}

static void keep(chk_result_t* c, const char* fmt, va_list ap) {
    if (c->nmsg < CHK_MSGS) {
        vsnprintf(c->msg[c->nmsg], CHK_MSG_LEN, fmt, ap);
        c->nmsg++;
    } else {
        c->msgs_dropped++;
    }
}

void chk_match(chk_result_t* c) {
    c->match++;
}

void chk_mismatch(chk_result_t* c, const char* fmt, ...) {
    va_list ap;
    c->mismatch++;
    va_start(ap, fmt);
    keep(c, fmt, ap);
    va_end(ap);
}

void chk_nc(chk_result_t* c, nc_reason_t r) {
    if ((unsigned)r >= NC_N)
        r = NC_UNEXPECTED;
    c->nc++;
    c->nc_by[r]++;
}

void chk_nc_msg(chk_result_t* c, nc_reason_t r, const char* fmt, ...) {
    va_list ap;
    chk_nc(c, r);
    va_start(ap, fmt);
    keep(c, fmt, ap);
    va_end(ap);
}

void chk_fatal(chk_result_t* c, const char* fmt, ...) {
    va_list ap;
    c->fatal++;
    va_start(ap, fmt);
    keep(c, fmt, ap);
    va_end(ap);
}

void chk_merge(chk_result_t* a, const chk_result_t* b) {
    a->match += b->match;
    a->mismatch += b->mismatch;
    a->nc += b->nc;
    for (unsigned r = 0; r < NC_N; r++)
        a->nc_by[r] += b->nc_by[r];
    a->fatal += b->fatal;
    for (uint32_t i = 0; i < b->nmsg; i++) {
        if (a->nmsg < CHK_MSGS)
            memcpy(a->msg[a->nmsg++], b->msg[i], CHK_MSG_LEN);
        else
            a->msgs_dropped++;
    }
    a->msgs_dropped += b->msgs_dropped;
}

static uint64_t failing_nc(const chk_result_t* c) {
    uint64_t n = 0;
    for (unsigned r = 0; r < NC_N; r++)
        if (nc_reason_fails((nc_reason_t)r))
            n += c->nc_by[r];
    return n;
}

bool chk_passed(const chk_result_t* c) {
    return c->mismatch == 0 && c->fatal == 0 && failing_nc(c) == 0 && c->match + c->mismatch > 0;
}

const char* chk_verdict(const chk_result_t* c, char* buf, size_t len) {
    if (c->fatal)
        snprintf(buf, len, "FAIL: %" PRIu64 " fatal event(s) (deadlock / stopped / incomplete)",
                 c->fatal);
    else if (c->mismatch)
        snprintf(buf, len, "FAIL: %" PRIu64 " mismatch(es)", c->mismatch);
    else if (failing_nc(c))
        snprintf(buf, len, "FAIL: %" PRIu64 " unexpected / incomplete result(s)", failing_nc(c));
    else if (c->match + c->mismatch == 0)
        snprintf(buf, len, "FAIL: nothing was checked (%" PRIu64 " not checkable)", c->nc);
    else
        snprintf(buf, len, "PASS");
    return buf;
}

void chk_print(FILE* f, const char* title, const chk_result_t* c) {
    char v[128];
    fprintf(f, "%s: %s\n", title, chk_verdict(c, v, sizeof v));
    chk_print_counts(f, c);
}

void chk_print_counts(FILE* f, const chk_result_t* c) {
    fprintf(
        f, "  checked %" PRIu64 ": match %" PRIu64 ", mismatch %" PRIu64 "; not checkable %" PRIu64,
        c->match + c->mismatch, c->match, c->mismatch, c->nc);
    if (c->nc) {
        const char* sep = " (";
        for (unsigned r = 0; r < NC_N; r++)
            if (c->nc_by[r]) {
                fprintf(f, "%s%s %" PRIu64, sep, nc_reason_name((nc_reason_t)r), c->nc_by[r]);
                sep = ", ";
            }
        fputc(')', f);
    }
    fprintf(f, "; fatal %" PRIu64 "\n", c->fatal);
    for (uint32_t i = 0; i < c->nmsg; i++)
        fprintf(f, "  %s\n", c->msg[i]);
    if (c->msgs_dropped)
        fprintf(f, "  ... %" PRIu64 " further message(s) not shown\n", c->msgs_dropped);
}
