/* SPDX-License-Identifier: Apache-2.0 */
#define _POSIX_C_SOURCE 200809L
#include "util.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int gpucoh_afile_open(gpucoh_afile_t* a, const char* path, char* err, size_t errlen) {
    memset(a, 0, sizeof *a);
    if (strlen(path) >= sizeof a->path) {
        snprintf(err, errlen, "output path too long: %s", path);
        return -1;
    }
    snprintf(a->path, sizeof a->path, "%s", path);
    snprintf(a->tmp, sizeof a->tmp, "%s.tmp.%ld", path, (long)getpid());
    a->f = fopen(a->tmp, "w");
    if (!a->f) {
        snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

int gpucoh_afile_commit(gpucoh_afile_t* a, char* err, size_t errlen) {
    int bad = ferror(a->f);
    if (fclose(a->f) != 0)
        bad = 1;
    a->f = NULL;
    if (bad || rename(a->tmp, a->path) != 0) {
        snprintf(err, errlen, "cannot write %s: %s", a->path, strerror(errno));
        remove(a->tmp);
        return -1;
    }
    return 0;
}

void gpucoh_afile_abort(gpucoh_afile_t* a) {
    if (a->f) {
        fclose(a->f);
        a->f = NULL;
        remove(a->tmp);
    }
}

void gpucoh_json_str(FILE* f, const char* s) {
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c == '\n')
            fputs("\\n", f);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

void gpucoh_json_kv(FILE* f, const char* sep, const char* key, const char* val) {
    fprintf(f, "%s\"%s\": ", sep, key);
    gpucoh_json_str(f, val);
}

uint64_t gpucoh_fnv1a(uint64_t h, const void* p, size_t n) {
    const unsigned char* b = p;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= 0x100000001B3ull;
    }
    return h;
}

bool gpucoh_fnv1a_file(uint64_t* h, const char* path) {
    FILE* f = fopen(path, "rb");
    if (!f)
        return false;
    unsigned char buf[8192];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        *h = gpucoh_fnv1a(*h, buf, n);
    bool ok = !ferror(f);
    fclose(f);
    return ok;
}

bool gpucoh_parse_u64(const char* s, uint64_t* v) {
    if (!s || !*s || *s == '-' || *s == '+' || *s == ' ')
        return false;
    int base = 10;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s += 2;
        if (!*s)
            return false;
    }
    errno = 0;
    char* end = NULL;
    unsigned long long x = strtoull(s, &end, base);
    if (errno || *end || end == s)
        return false;
    *v = (uint64_t)x;
    return true;
}

const char* gpucoh_root(void) {
    static char root[PATH_MAX];
    if (root[0])
        return root;
    const char* env = getenv("GPUCOH_ROOT");
    if (env && *env) {
        snprintf(root, sizeof root, "%s", env);
        return root;
    }
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) {
        snprintf(root, sizeof root, ".");
        return root;
    }
    exe[n] = 0;
    for (int up = 0; up < 2; up++) {
        char* slash = strrchr(exe, '/');
        if (slash)
            *slash = 0;
    }
    snprintf(root, sizeof root, "%s", exe[0] ? exe : "/");
    return root;
}

int gpucoh_mkdirs(const char* path) {
    char tmp[PATH_MAX];
    snprintf(tmp, sizeof tmp, "%s", path);
    for (char* p = tmp + 1; *p; p++) {
        if (*p == '/') {
            *p = 0;
            if (mkdir(tmp, 0777) != 0 && errno != EEXIST)
                return -1;
            *p = '/';
        }
    }
    if (mkdir(tmp, 0777) != 0 && errno != EEXIST)
        return -1;
    return 0;
}

double gpucoh_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
