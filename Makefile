# gpucoh -- one entry point. `make help` lists the targets.
#
# Everything is built under build/ (never committed). The Verilated models are built on demand
# by the gpucoh tool, one per parameter set, and cached under build/rtl/.

SHELL := /bin/bash
.DEFAULT_GOAL := help

CC      ?= gcc
CSTD    := -std=c11
WARN    := -Wall -Wextra -Werror -Wshadow -Wundef -Wpointer-arith -Wcast-qual -Wcast-align \
           -Wwrite-strings -Wstrict-prototypes -Wmissing-prototypes -pedantic \
           -Wno-format-truncation
OPT     ?= -O2 -g
# tb/ by layer (docs/framework.md, "Layers"): the engine (the ground floor: includes nothing
# above it, tools/check_layers.sh), the shared system, unit adapters, protocols, and the top
# (the CLI entry and the registries, which see every layer)
TBDIRS  := tb/engine tb/sys tb/units tb/proto/tc tb/proto/gpu tb/proto/denovo tb/proto/hlrc tb/proto/gtsc tb/cli
# family folders (docs/framework.md "Family folders"): cmodel/<family>/ on the include path too
CMDIRS  := cmodel $(patsubst %/,%,$(sort $(wildcard cmodel/*/)))
INC     := $(addprefix -I,$(CMDIRS)) $(addprefix -I,$(TBDIRS)) -Iverilator
CFLAGS  := $(CSTD) $(OPT) $(WARN) $(INC)
SAN     := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

B       := build
CMODEL  := $(wildcard $(addsuffix /*.c,$(CMDIRS)))
# every C file of tb/'s layers but the CLI entry (linked on its own): a new adapter, protocol
# or registry file is built without a line here (issue 26: a unit brings its own files)
TBSRC   := $(filter-out tb/cli/gpucoh.c,$(wildcard $(addsuffix /*.c,$(TBDIRS))))
CMOD_O  := $(patsubst %.c,$(B)/obj/%.o,$(CMODEL))
TB_O    := $(patsubst %.c,$(B)/obj/%.o,$(TBSRC))
HDRS    := $(wildcard $(addsuffix /*.h,$(CMDIRS) $(TBDIRS)) verilator/*.h tb/cli/*.def)
GPUCOH  := $(B)/gpucoh

# a unit test is tests/test_NAME.c or tests/<family>/test_NAME.c; its binary build/tests/test_NAME
UNIT_TESTS := $(sort $(basename $(notdir $(wildcard tests/test_*.c tests/*/test_*.c))))
vpath test_%.c tests $(patsubst %/,%,$(wildcard tests/*/))

# Long runs (make regress): the issue's 10-million-cycle co-simulation and friends.
REGRESS_CYCLES ?= 10000000

.PHONY: help deps build run test lint synth waves bench mutants regress litmus format format-check \
        clean unit-tests asan-tests quality compare steal-sweep synth-rdu-avu synth-tc synth-gpu synth-denovo synth-hlrc synth-gtsc energy \
        route route-page route-check subblock bench-activity

help:
	@echo "gpucoh make targets:"
	@echo "  make run           build what is needed, co-simulate every catalogue unit, one summary table"
	@echo "  make test          every test (unit, ASan/UBSan, CLI errors, lockstep, mutants, lint); ends 'N passed, N failed'"
	@echo "  make lint          verilator -Wall, the Yosys parse gate, iverilog -g2012, RTL text style, cppcheck, clang-format check"
	@echo "  make synth         sig_bloom area/timing sweep (Yosys + osu018 + OpenSTA) as a campaign on GNU parallel (SYNTH_JOBS=nproc; 1: serial; SYNTH_ARGS), regenerates docs/area.md/.png"
	@echo "  make synth-rdu-avu rdu/avu hierarchical area/timing (top + sig_store black boxes) as a campaign in two stages (HIER_JOBS=nproc; 1: serial; HIER_ARGS), docs/area-rdu-avu.md/.png"
	@echo "  make synth-tc      TC units' area/timing points (synth/tc.sh, only stale ones; ~75 min all) + the tables of docs/area-tc.md"
	@echo "  make synth-gpu     baseline GPU units' area/timing points (synth/gpu.sh, only stale ones; ~40 min all) + the tables of docs/area-gpu.md"
	@echo "  make synth-denovo  DeNovo units' area/timing points (synth/denovo.sh, only stale ones) + the tables of docs/area-denovo.md"
	@echo "  make synth-hlrc    hLRC units' area/timing points (synth/hlrc.sh, only stale ones) + the tables of docs/area-hlrc.md"
	@echo "  make synth-gtsc    G-TSC units' area/timing points (synth/gtsc.sh, only stale ones) + the tables of docs/area-gtsc.md"
	@echo "  make energy        energy per operation from the osu018 netlists (synth/energy.sh, only stale points; toggle-counting netlist models take minutes each) + docs/energy.md/.png"
	@echo "  make route         placed-and-routed timing (qflow) of one small point per unit, only stale ones (ROUTE_ARGS), + docs/timing-routed.md"
	@echo "  make route-check   docs/timing-routed.md equals what synth/results/route_*.route.txt regenerate; results fresh (tests/test_route.sh)"
	@echo "  make subblock      area by sub-block (synth/subblock.sh, subblock_hier.sh: the points of synth/subblock/points*.txt, netlists re-synthesized only when missing) + docs/area-subblock.md/.png"
	@echo "  make waves         a short co-simulation with FST + GTKWave save file (UNIT=sig_bloom FROM= TO=)"
	@echo "  make bench         C model vs Verilator vs lockstep cycles/s, regenerates docs/perf.md"
	@echo "  make bench-activity the C system's cost against active wavefronts and SMs, both traffic"
	@echo "                    streams (callgrind): docs/perf-activity.md and .png"
	@echo "  make mutants       RTL bug injection: every mutant must be caught by lockstep (a campaign on GNU parallel; MUTANTS_JOBS=1: serial)"
	@echo "  make quality       rdu race-detection quality sweep (minutes), regenerates docs/quality.md/.png"
	@echo "  make compare       every registered protocol variant on the synthetic workloads (minutes), regenerates docs/compare.md/.csv/.json/.png"
	@echo "  make steal-sweep   rsteal at steal rates 0..1000 per mille on GPU-H, GPU-RSP, DeNovo-D, hLRC (seconds), regenerates docs/steal-sweep.md/.csv/.png"
	@echo "  make regress       long runs (10^7 cycles per configuration) as a campaign on GNU parallel (REGRESS_CYCLES REGRESS_JOBS=nproc; 1: serial)"
	@echo "  make litmus        every litmus file under every variant as a campaign on GNU parallel (LITMUS_RUNS=1000 LITMUS_JOBS=nproc; 1: serial)"
	@echo "  make fuzz          libFuzzer harnesses of the parsers (ASan + UBSan) into build/fuzz/; tools/fuzz.sh runs them"
	@echo "  make systemc       SystemC modules of every unit (C model and Verilated RTL, same pins), lockstep, TLM-2.0 memory system (docs/systemc.md)"
	@echo "  make install       PREFIX=DIR: the TLM-2.0 memory system for your own platform (headers, libgpucoh_tlm.a, gpucoh-tlm.pc, RTL); make uninstall"
	@echo "  make format        clang-format the C/C++ sources (format-check: verify only)"
	@echo "  make deps          install missing Debian packages (run by run/test automatically)"
	@echo "  make clean         remove build/"

deps:
	@bash tools/deps.sh

build: $(GPUCOH)

$(B)/obj/%.o: %.c $(HDRS) | $(B)/.deps
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	@$(CC) $(CFLAGS) $(VERSION_DEF) -D_POSIX_C_SOURCE=200809L -c $< -o $@

# `gpucoh --version` (docs/cli.md): tools/version.sh prints the VERSION file and, in a git
# checkout, `git describe --always --dirty`; build/version.txt changes only when that text does,
# and tb/engine/util.c (gpucoh_version) is rebuilt then. A tarball without .git prints VERSION alone.
$(B)/version.txt: FORCE
	@mkdir -p $(B)
	@v=$$(bash tools/version.sh); [ "$$v" = "$$(cat $@ 2>/dev/null)" ] || echo "$$v" > $@
$(B)/obj/tb/engine/util.o: $(B)/version.txt
$(B)/obj/tb/engine/util.o: VERSION_DEF = -DGPUCOH_VERSION='"$(shell cat $(B)/version.txt)"'
FORCE:

$(B)/.deps: tools/deps.sh
	@mkdir -p $(B)
	@bash tools/deps.sh
	@touch $@

$(GPUCOH): $(B)/obj/tb/cli/gpucoh.o $(TB_O) $(CMOD_O)
	@echo "  LINK    $@"
	@$(CC) $(CFLAGS) $^ -o $@ -ldl -lm

# ---- the main job ---------------------------------------------------------------------------
RUN_CYCLES ?= 1000000
run: $(GPUCOH)
	@bash tools/run_all.sh $(RUN_CYCLES)

# ---- tests ----------------------------------------------------------------------------------
# Tests build the C model again with its per-tick rule re-checks on (SIG_BLOOM_CHECK_RULES), and
# the sanitizer build compiles the C model and the testbench with ASan + UBSan. Each of those
# objects is compiled once (build/obj-chk/, build/obj-asan/) and linked into every test binary.
CHK_O   := $(patsubst %.c,$(B)/obj-chk/%.o,$(CMODEL))
ASAN_O  := $(patsubst %.c,$(B)/obj-asan/%.o,$(CMODEL) $(TBSRC))
CHKFLAGS  := $(CFLAGS) -DSIG_BLOOM_CHECK_RULES -D_POSIX_C_SOURCE=200809L
# GPUCOH_SANITIZED: test_litgen parses a quarter of its generated tests, test_rsp_models runs
# a third of its delays under the sanitizers
# (docs/testing.md, "Time"; the full work runs unsanitized in section 1)
ASANFLAGS := $(CSTD) -O1 -g $(WARN) $(INC) $(SAN) -DSIG_BLOOM_CHECK_RULES -DGPUCOH_SANITIZED -D_POSIX_C_SOURCE=200809L
# kept after the build (make would delete them as intermediate files of the pattern rules below)
.SECONDARY: $(CHK_O) $(ASAN_O)

$(B)/obj-chk/%.o: %.c $(HDRS) | $(B)/.deps
	@mkdir -p $(dir $@)
	@echo "  CC-CHK  $<"
	@$(CC) $(CHKFLAGS) -c $< -o $@

$(B)/obj-asan/%.o: %.c $(HDRS) | $(B)/.deps
	@mkdir -p $(dir $@)
	@echo "  CC-ASAN $<"
	@$(CC) $(ASANFLAGS) -c $< -o $@

$(B)/tests/test_%: test_%.c $(CHK_O) $(TB_O) $(HDRS)
	@mkdir -p $(dir $@)
	@echo "  TEST    $@"
	@$(CC) $(CHKFLAGS) $< $(CHK_O) $(TB_O) -o $@ -lcmocka -ldl -lm

$(B)/asan/test_%: test_%.c $(ASAN_O) $(HDRS) | $(B)/.deps
	@mkdir -p $(dir $@)
	@echo "  ASAN    $@"
	@$(CC) $(ASANFLAGS) $< $(ASAN_O) -o $@ -lcmocka -ldl -lm

unit-tests: $(addprefix $(B)/tests/,$(UNIT_TESTS))
asan-tests: $(addprefix $(B)/asan/,$(UNIT_TESTS))

# the builds run in parallel, one job per core (`make test JOBS=1` for one at a time)
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
test:
	@$(MAKE) --no-print-directory -j$(JOBS) $(GPUCOH) unit-tests asan-tests fuzz
	@bash tools/run_tests.sh

lint: $(B)/.deps $(GPUCOH) # lint_rtl.sh reads the units' lint sizes from the manifest
	@bash tools/lint_rtl.sh
	@bash tools/lint_c.sh

# ---- reports --------------------------------------------------------------------------------
# make synth (synth/sweep.sh) as a campaign (docs/campaigns.md, "The synth kind"): one job per
# sig_bloom point, planned into build/campaign/synth-<cksum>/ (the cksum of SYNTH_ARGS, the
# GPUCOH_* environment and the tools' versions: what a point's result depends on besides the
# trees a job hashes), run by GNU parallel with SYNTH_JOBS at once (default one per core; a point
# needs up to ~2-5 GiB of RAM), then merged: the results into synth/results (or SYNTH_ARGS'
# --results), the serial sweep's lines, docs/area.md and docs/area.png, its exit status. A point
# whose result is up to date is not synthesized again. SYNTH_JOBS=1: the serial sweep itself.
SYNTH_JOBS ?= $(JOBS)
SYNTH_ARGS ?=
export SYNTH_ARGS # the recipe's cksum reads it from the environment, unquoted by make
synth: $(GPUCOH)
	@if [ "$(SYNTH_JOBS)" = 1 ]; then \
	    bash synth/sweep.sh -j 1 $(SYNTH_ARGS); \
	else \
	    d=$(B)/campaign/synth-$$({ printf '%s\n' "$$SYNTH_ARGS"; env | grep '^GPUCOH_' | LC_ALL=C sort; \
	        $${YOSYS:-yosys} -V; $${STA:-sta} -version; } 2>&1 | cksum | cut -d' ' -f1); \
	    mkdir -p $(B)/campaign && \
	    $(GPUCOH) campaign plan synth --dir $$d -- $(SYNTH_ARGS) > /dev/null && \
	    { parallel --jobs $(SYNTH_JOBS) < $$d/jobs.txt > /dev/null; \
	      $(GPUCOH) campaign merge $$d; }; \
	fi

# rdu (N = 16) and avu at m = 1K..16K: sig_store alone, then each top with sig_store as a black
# box, totals = top + N x sig_store (docs/area-method.md section 7); only points whose inputs
# changed are synthesized (the 16-Kbit sig_store takes ~30 min and 2-6 GiB). As a campaign of the
# kind synth-hier (docs/campaigns.md section 14): the stores, then the tops, each stage on GNU
# parallel with HIER_JOBS at once (default one per core), merged (results, totals, the page);
# HIER_JOBS=1: synth/hier.sh itself, one synthesis at a time. HIER_ARGS: hier.sh's options.
HIER_JOBS ?= $(JOBS)
HIER_ARGS ?=
export HIER_ARGS
synth-rdu-avu: $(GPUCOH)
	@if [ "$(HIER_JOBS)" = 1 ]; then \
	    bash synth/hier.sh $(HIER_ARGS); \
	else \
	    d=$(B)/campaign/synth-hier-$$({ printf '%s\n' "$$HIER_ARGS"; env | grep '^GPUCOH_' | LC_ALL=C sort; \
	        $${YOSYS:-yosys} -V; $${STA:-sta} -version; } 2>&1 | cksum | cut -d' ' -f1); \
	    mkdir -p $(B)/campaign && \
	    $(GPUCOH) campaign plan synth-hier --dir $$d -- $(HIER_ARGS) > /dev/null && \
	    { bash tools/campaign_run.sh $$d $(HIER_JOBS); $(GPUCOH) campaign merge $$d; }; \
	fi

synth-tc: $(B)/.deps
	@bash synth/tc.sh
	@bash synth/report_tc.sh

synth-gpu: $(B)/.deps
	@bash synth/gpu.sh
	@bash synth/report_gpu.sh

synth-denovo: $(B)/.deps
	@bash synth/denovo.sh
	@bash synth/report_denovo.sh

synth-hlrc: $(B)/.deps
	@bash synth/hlrc.sh
	@bash synth/report_hlrc.sh

synth-gtsc: $(B)/.deps
	@bash synth/gtsc.sh
	@bash synth/report_gtsc.sh

# energy per operation (docs/area-method.md section 8): the netlist lockstep with toggle counts,
# OpenSTA report_power; only points whose inputs changed are measured again
energy: $(GPUCOH)
	@bash synth/energy.sh
	@bash synth/report_energy.sh > docs/energy.md.tmp && mv docs/energy.md.tmp docs/energy.md
	@bash synth/plot_energy.sh docs/energy.png

# placed-and-routed timing, one small point per unit (qflow: graywolf, qrouter; SPEF into OpenSTA):
# only stale points are run (ROUTE_ARGS=--force, --only REGEX), each at its density
# (synth/route_all.sh, synth/points/route.sh's route_density), then docs/timing-routed.md
route: $(B)/.deps
	@nice bash synth/route_all.sh $(ROUTE_ARGS)
	@bash synth/route_report.sh --out docs/timing-routed.md

route-page:
	@bash synth/route_report.sh --out docs/timing-routed.md

# the page gate of docs/timing-routed.md and its negative checks (no routing; seconds)
route-check:
	@bash tests/test_route.sh

# Area by sub-block (docs/area-method.md section 8): every point of synth/subblock/points.txt
# attributed from its flat netlist (synthesized again into build/synth only when the build folder
# lacks it), the hierarchical rdu / avu points of synth/subblock/points_hier.txt from their top
# netlists (synth/subblock_hier.sh), then the page and the plot. SUBBLOCK_ARGS: e.g. --no-synth,
# --only REGEX, --force (an --only that matches no flat point stops make; one that matches no rdu /
# avu point is only a note); SUBBLOCK_HIER_ARGS (default: SUBBLOCK_ARGS) for subblock_hier.sh,
# e.g. SUBBLOCK_ARGS=--no-synth SUBBLOCK_HIER_ARGS='--only rdu' to redo rdu alone.
SUBBLOCK_HIER_ARGS ?= $(SUBBLOCK_ARGS)
subblock: $(B)/.deps
	@bash synth/subblock.sh $(SUBBLOCK_ARGS)
	@bash synth/subblock_hier.sh --only-lenient $(SUBBLOCK_HIER_ARGS)
	@bash synth/report_subblock.sh --update docs/area-subblock.md --plot docs/area-subblock.png

UNIT ?= sig_bloom
FROM ?= 0
TO   ?= 400
waves: $(GPUCOH)
	$(GPUCOH) waves $(UNIT) --from $(FROM) --to $(TO) --out waves/out

bench: $(GPUCOH)
	@bash tools/bench_all.sh

# the C system's instructions per cycle against the share of active wavefronts and the number of
# SMs, both traffic streams (tools/bench_activity.sh; docs/perf-activity.md, issue 31 item 2)
bench-activity: $(GPUCOH)
	@bash tools/bench_activity.sh

# sig_bloom's mutant campaign as a campaign (docs/campaigns.md): a baseline job, then one job per
# mutant, MUTANTS_JOBS at once on GNU parallel (default one per core), merged into the serial
# run's table, JSON and exit status; MUTANTS_JOBS=1: the serial command itself
MUTANTS_UNIT ?= sig_bloom
MUTANTS_ARGS ?= --param m=256 --param chunk_width=32
MUTANTS_JOBS ?= $(JOBS)
MUTANTS_DIR := $(B)/campaign/mutants-$(MUTANTS_UNIT)
mutants: $(GPUCOH)
	@if [ "$(MUTANTS_JOBS)" = 1 ]; then \
	    $(GPUCOH) mutants $(MUTANTS_UNIT) $(MUTANTS_ARGS); \
	else \
	    mkdir -p $(B)/campaign && \
	    { $(GPUCOH) campaign plan mutants --dir $(MUTANTS_DIR) -- $(MUTANTS_UNIT) $(MUTANTS_ARGS) \
	          > /dev/null 2>&1 || \
	      { rm -rf $(MUTANTS_DIR) && \
	        $(GPUCOH) campaign plan mutants --dir $(MUTANTS_DIR) -- $(MUTANTS_UNIT) $(MUTANTS_ARGS) \
	            > /dev/null; }; } && \
	    { parallel --jobs $(MUTANTS_JOBS) < $(MUTANTS_DIR)/jobs.txt > /dev/null; \
	      $(GPUCOH) campaign merge $(MUTANTS_DIR); }; \
	fi

# 5 signature sizes x 4 granularities, 200 000 race-checks each; writes docs/quality.{md,csv,json,png}
QUALITY_REQUESTS ?= 200000
quality: $(GPUCOH)
	$(GPUCOH) quality --requests $(QUALITY_REQUESTS) --seed 1 --out docs

# every registered variant on prodcons, workqueue, readshared, worksteal, readonly and rsteal
# (tb/sys/synth.h), the small and the paper configuration (some 5 minutes on a loaded machine: the
# DeNovo paper runs take most), seed 1; writes docs/compare.{md,csv,json,png}. Exits 1 when a run
# fails or a claim that applies to the registered variants does not hold (several of seed 002's
# DeNovo claims and of seed 003's G-TSC claims do not hold on these workloads: docs/compare.md,
# docs/units/gtsc/gtsc.md section 16).
COMPARE_SEED ?= 1
compare: $(GPUCOH)
	$(GPUCOH) compare --protocol all --workload all --config small,paper --seed $(COMPARE_SEED) --out docs; \
	rc=$$?; GPUCOH=$(GPUCOH) bash tools/steal_sweep.sh --out docs --seed $(COMPARE_SEED) || exit $$?; exit $$rc

# rsteal's steal-rate sweep (tools/steal_sweep.sh; docs/units/hlrc/hlrc.md section 15): one
# compare call per rate (0 10 20 50 100 200 500 1000 per mille) on GPU-H, GPU-RSP, DeNovo-D, hLRC
# and hLRC-scoped at the small configuration, seed 1 (a few seconds); writes docs/steal-sweep.*.
# `make compare` runs it too, after the comparison, whatever the comparison's verdict (its exit
# status is then make compare's).
steal-sweep: $(GPUCOH)
	@GPUCOH=$(GPUCOH) bash tools/steal_sweep.sh --out docs --seed $(COMPARE_SEED)

# make regress (tools/regress.sh) as a campaign (docs/campaigns.md, "regress"): one job per step,
# planned into build/campaign/regress-<N>/ (regress-<N>-<cksum> when REGRESS_ONLY, FULLCOV or
# CONFORM_ARGS is set: they choose the steps and what they run), run by GNU parallel with
# REGRESS_JOBS at once (default one per core), then merged: the serial run's lines, its exit
# status and regress.json's summary (result.json there). Steps done before with the same inputs
# are not run again. REGRESS_JOBS=1: the serial script itself (build/regress/).
REGRESS_JOBS ?= $(JOBS)
regress: $(GPUCOH)
	@if [ "$(REGRESS_JOBS)" = 1 ]; then \
	    bash tools/regress.sh $(REGRESS_CYCLES); \
	else \
	    d=$(B)/campaign/regress-$(REGRESS_CYCLES); \
	    if [ -n "$${REGRESS_ONLY:-}$${FULLCOV:-}$${CONFORM_ARGS:-}" ]; then \
	        d=$$d-$$(printf '%s|%s|%s' "$${REGRESS_ONLY:-}" "$${FULLCOV:-}" "$${CONFORM_ARGS:-}" | \
	            cksum | cut -d' ' -f1); \
	    fi; \
	    mkdir -p $(B)/campaign && \
	    $(GPUCOH) campaign plan regress --dir $$d -- $(REGRESS_CYCLES) > /dev/null && \
	    { parallel --jobs $(REGRESS_JOBS) < $$d/jobs.txt > /dev/null; \
	      $(GPUCOH) campaign merge $$d; }; \
	fi

# The litmus suite (every file of litmus/ under every variant, LITMUS_RUNS runs each) as a campaign
# (docs/campaigns.md): planned into build/campaign/, one job per file run by GNU parallel with
# LITMUS_JOBS at once (default one per core), then merged: the lines, JSON and exit status of the
# serial `gpucoh litmus`. Jobs done before with the same inputs are not run again. LITMUS_JOBS=1:
# the serial command itself.
LITMUS_RUNS ?= 1000
LITMUS_PROTOCOL ?= all
LITMUS_SEED ?= 1
LITMUS_JOBS ?= $(JOBS)
LITMUS_DIR := $(B)/campaign/litmus-$(LITMUS_PROTOCOL)-r$(LITMUS_RUNS)-s$(LITMUS_SEED)
litmus: $(GPUCOH)
	@if [ "$(LITMUS_JOBS)" = 1 ]; then \
	    $(GPUCOH) litmus litmus/*.litmus --protocol $(LITMUS_PROTOCOL) --runs $(LITMUS_RUNS) \
	        --seed $(LITMUS_SEED) --quiet --json $(B)/litmus-serial.json; \
	else \
	    mkdir -p $(B)/campaign && \
	    $(GPUCOH) campaign plan litmus --dir $(LITMUS_DIR) -- litmus/*.litmus \
	        --protocol $(LITMUS_PROTOCOL) --runs $(LITMUS_RUNS) --seed $(LITMUS_SEED) --quiet \
	        > /dev/null && \
	    { parallel --jobs $(LITMUS_JOBS) < $(LITMUS_DIR)/jobs.txt > /dev/null; \
	      $(GPUCOH) campaign merge $(LITMUS_DIR); }; \
	fi

# ---- fuzzing (docs/fuzzing.md) --------------------------------------------------------------
# libFuzzer harnesses tests/fuzz/fuzz_NAME.c -> build/fuzz/fuzz_NAME, under ASan + UBSan, on the
# C model and testbench compiled once with clang's coverage (build/obj-fuzz/); the variants built
# with -DFUZZ_PLANT_BUG (build/fuzz/plant/) are the smoke's self-check (tools/fuzz.sh --plant).
FUZZ_CC    ?= clang-14
FUZZ_NAMES := $(sort $(basename $(notdir $(wildcard tests/fuzz/fuzz_*.c))))
FUZZ_FLAGS := $(CSTD) -O1 -g $(WARN) -Wno-unknown-warning-option $(INC) -Itests/fuzz \
              -fno-sanitize-recover=all -fno-omit-frame-pointer -D_POSIX_C_SOURCE=200809L
FUZZ_O     := $(patsubst %.c,$(B)/obj-fuzz/%.o,$(CMODEL) $(TBSRC))
.SECONDARY: $(FUZZ_O)
$(B)/obj-fuzz/%.o: %.c $(HDRS) | $(B)/.deps
	@mkdir -p $(dir $@)
	@echo "  CC-FUZZ $<"
	@$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link,address,undefined -c $< -o $@
$(B)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz_common.h $(FUZZ_O) $(HDRS)
	@mkdir -p $(dir $@)
	@echo "  FUZZ    $@"
	@$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer,address,undefined $< $(FUZZ_O) -o $@ -ldl -lm
$(B)/fuzz/plant/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz_common.h $(FUZZ_O) $(HDRS)
	@mkdir -p $(dir $@)
	@echo "  FUZZ    $@ (planted bug)"
	@$(FUZZ_CC) $(FUZZ_FLAGS) -DFUZZ_PLANT_BUG -fsanitize=fuzzer,address,undefined $< $(FUZZ_O) \
	    -o $@ -ldl -lm
.PHONY: fuzz
fuzz: $(addprefix $(B)/fuzz/,$(FUZZ_NAMES)) $(addprefix $(B)/fuzz/plant/,$(FUZZ_NAMES))

# ---- formatting -----------------------------------------------------------------------------
FMT_SRC := $(wildcard $(addsuffix /*.[ch],$(CMDIRS) $(TBDIRS)) tests/*.c tests/*/*.c verilator/*.h verilator/*.cpp verilator/*/*.cpp)
format:
	clang-format -i $(FMT_SRC)
format-check:
	@clang-format --dry-run --Werror $(FMT_SRC) && echo "format-check: $(words $(FMT_SRC)) files clean"

clean:
	rm -rf $(B)

# ---- SystemC (docs/systemc.md) -------------------------------------------------------------------
# pin-level modules and their lockstep: systemc/pin.mk; the TLM-2.0 memory system: systemc/tlm.mk
include systemc/pin.mk
include systemc/tlm.mk
.PHONY: systemc
systemc: $(SYSTEMC_PIN) systemc-tlm
