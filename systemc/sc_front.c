/* SPDX-License-Identifier: Apache-2.0 */
/*
 * sc_front.c -- build/systemc/sc_lockstep, the front end of the SystemC pin-level lockstep
 * (docs/systemc.md section 3). It resolves the unit's parameters as `gpucoh cosim` does, finds
 * (or builds, with systemc/build_sc.sh) the lockstep binary of that parameter set under
 * build/systemc/<unit>-<hash>/, and runs it with the same arguments. Bad input is refused here,
 * before anything is built (exit status 2).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sc_host.h"
#include "util.h"

int main(int argc, char** argv) {
    sch_opts_t* o = NULL;
    const int rc = sch_parse(argc, argv, &o);
    if (rc == SCH_EXIT_HELP)
        return 0;
    if (rc != 0)
        return 2;
    if (sch_mutant_apply(o) != 0)
        return 2;
    char dir[4096], bin[4200], err[1024];
    if (sch_build_paths(o, dir, sizeof dir, bin, sizeof bin, err, sizeof err) != 0) {
        fprintf(stderr, "sc_lockstep: %s\n", err);
        return 2;
    }
    struct stat st;
    if (stat(bin, &st) != 0) {
        const double t0 = gpucoh_now();
        if (!sch_quiet(o))
            fprintf(stderr, "sc_lockstep: building the SystemC lockstep of %s (%s) ...\n",
                    sch_unit(o), sch_rtl_key(o));
        /* systemc/build_sc.sh OUTDIR BIN UNIT TOP KEY RTL_DIR RTL_FILE... -- Name=Value ... */
        char script[4200];
        snprintf(script, sizeof script, "%s/systemc/build_sc.sh", gpucoh_root());
        const char* av[128];
        char* argv2[128];
        int a = 0;
        av[a++] = "bash";
        av[a++] = script;
        av[a++] = dir;
        av[a++] = bin;
        av[a++] = sch_unit(o);
        av[a++] = sch_top(o);
        av[a++] = sch_rtl_key(o);
        av[a++] = sch_rtl_dir(o);
        for (const char* const* f = sch_rtl_files(o); *f && a < 100; f++)
            av[a++] = *f;
        av[a++] = "--";
        for (unsigned i = 0; i < sch_rtl_nparams(o) && a < 126; i++)
            av[a++] = sch_rtl_param(o, i);
        av[a] = NULL;
        for (int k = 0; k <= a; k++) /* execvp's argv is char* const[] */
            argv2[k] = av[k] ? strdup(av[k]) : NULL;
        fflush(NULL);
        const pid_t pid = fork();
        if (pid < 0) {
            fprintf(stderr, "sc_lockstep: fork failed: %s\n", strerror(errno));
            return 2;
        }
        if (pid == 0) {
            if (sch_quiet(o) && !freopen("/dev/null", "w", stdout))
                _exit(127);
            setenv("GPUCOH_UNIT_VFLAGS", sch_vflags(o), 1); /* the manifest's, for build_sc.sh */
            execvp("bash", argv2);
            _exit(127);
        }
        int status = 0;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            fprintf(stderr,
                    "sc_lockstep: building the SystemC lockstep of %s failed (%s); see "
                    "the messages above\n",
                    sch_unit(o), sch_rtl_key(o));
            return 2;
        }
        if (!sch_quiet(o))
            fprintf(stderr, "sc_lockstep: built in %.1f s -> %s\n", gpucoh_now() - t0, dir);
    }
    if (sch_build_only(o)) {
        printf("%s\n", dir);
        return 0;
    }
    fflush(NULL);
    /* SystemC prints its banner before sc_main: only the environment turns it off */
    setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
    argv[0] = bin;
    execv(bin, argv);
    fprintf(stderr, "sc_lockstep: cannot run %s: %s\n", bin, strerror(errno));
    return 2;
}
