/* SPDX-License-Identifier: Apache-2.0 */
/*
 * main.cpp -- build/systemc/gpucoh_tlm: the example virtual platform (platform.h) under the
 * command line of tlm_cli.h. Everything is parsed and checked first (bad input: exit 2, nothing
 * elaborated); then the platform is elaborated for the largest configuration the command runs,
 * and one SC_THREAD runs the command and stops the simulation.
 */
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <unistd.h>

#include <systemc>

#include "platform.h"

extern "C" {
#include "tlm_cli.h"
#include "tlm_root.h"
}

namespace {

struct runner : sc_core::sc_module {
    gpucoh_tlm::platform& p;
    tlm_cli_t* cli;
    int status = 2;

    SC_HAS_PROCESS(runner);
    runner(sc_core::sc_module_name n, gpucoh_tlm::platform& pl, tlm_cli_t* c)
        : sc_module(n), p(pl), cli(c) {
        SC_THREAD(main);
        set_stack_size(16u << 20); /* the litmus runner and the backend builds run here */
    }

    static uint64_t transactions(void* ctx) {
        return static_cast<gpucoh_tlm::platform*>(ctx)->mem.transactions();
    }

    void main() {
        status = tlm_cli_run(cli, gpucoh_tlm_platform_run, &p, transactions);
        sc_core::sc_stop();
    }
};

/* The repository root for the Verilated model builds (tb/engine/rtl_load.c) and the default
 * output directory: three levels above build/systemc/gpucoh_tlm, unless GPUCOH_ROOT says
 * otherwise; for a binary moved out of the repository, the repository compiled into it
 * (tlm_root.c); else nothing (an RTL backend then reports GPUCOH_ROOT and the paths it tried,
 * memsys.h: find_rtl_root). */
bool has_tree(const std::string& root) {
    return access((root + "/tools/build_rtl.sh").c_str(), R_OK) == 0;
}

void set_root() {
    if (getenv("GPUCOH_ROOT"))
        return;
    char exe[PATH_MAX];
    const ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0)
        return;
    exe[n] = 0;
    for (int up = 0; up < 3; up++)
        if (char* s = std::strrchr(exe, '/'))
            *s = 0;
    if (exe[0] && has_tree(exe))
        setenv("GPUCOH_ROOT", exe, 0);
    else if (*gpucoh_tlm_compiled_root() && has_tree(gpucoh_tlm_compiled_root()))
        setenv("GPUCOH_ROOT", gpucoh_tlm_compiled_root(), 0);
}

} // namespace

int sc_main(int argc, char** argv) {
    set_root();
    tlm_cli_t* cli = nullptr;
    const int rc = tlm_cli_parse(argc, argv, &cli);
    if (!cli)
        return rc;
    tlm_cli_platform_t pc;
    tlm_cli_platform(cli, &pc);
    sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO,
                                            sc_core::SC_DO_NOTHING); /* "stopped by user" */
    gpucoh_tlm::platform_options o;
    o.mem.period = sc_core::sc_time((double)pc.period_ps, sc_core::SC_PS);
    o.mem.quantum = pc.quantum;
    o.mem.fatal = false; /* a failed run is the checkers' verdict, not the simulation's end */
    o.jitter = pc.jitter;
    int status;
    {
        gpucoh_tlm::platform top("top", pc.num_sm, pc.num_wf, o);
        runner r("runner", top, cli);
        sc_core::sc_start();
        status = r.status;
    }
    tlm_cli_free(cli);
    std::fflush(stdout);
    return status;
}

/* SystemC prints its banner before sc_main: this main() silences it first. */
int main(int argc, char** argv) {
    setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 0);
    return sc_core::sc_elab_and_sim(argc, argv);
}
