# systemc/tlm.mk -- the gpucoh memory system as a SystemC TLM-2.0 target (issue 14, part 2;
# docs/systemc.md section 4). Included by the Makefile; `make systemc` builds:
#   build/systemc/gpucoh_tlm     the example virtual platform: litmus and episode through the
#                                TLM sockets (C models, RTL, or lockstep)
#   build/systemc/test_memsys    the target's directed test (tests/systemc/test_memsys.cpp)
# tests/systemc/run_tlm.sh runs both (a few minutes); tools/bench_systemc.sh measures the
# SystemC overhead. C++ only for the SystemC wrapper (C++17, -Wall -Wextra -Werror); the
# system, its protocols and the command line are the C of tb/, cmodel/ and systemc/tlm/*.c.
TLM_DIR      := systemc/tlm
TLM_B        := $(B)/systemc
TLM_CXX      ?= g++
TLM_CXXFLAGS := -std=c++17 $(OPT) -Wall -Wextra -Werror $(INC) -I$(TLM_DIR)
TLM_HDRS     := $(wildcard $(TLM_DIR)/*.h)
TLM_LIB_O    := $(TLM_B)/obj/memsys.o $(TLM_B)/obj/platform.o $(TLM_B)/obj/tlm_root.o
TLM_BINS     := $(TLM_B)/gpucoh_tlm $(TLM_B)/test_memsys

$(TLM_B)/obj/%.o: $(TLM_DIR)/%.cpp $(TLM_HDRS) $(HDRS) | $(B)/.deps
	@mkdir -p $(dir $@)
	@echo "  CXX     $<"
	@$(TLM_CXX) $(TLM_CXXFLAGS) -c $< -o $@

# The memory system's RTL root compiled into the repository's objects (memsys.h: find_rtl_root;
# tlm_root.c): a platform linked against build/systemc/libgpucoh_tlm.a finds this repository's
# RTL wherever it runs; GPUCOH_ROOT overrides it.
$(TLM_B)/obj/tlm_root.o: $(TLM_DIR)/tlm_root.c $(TLM_DIR)/tlm_root.h | $(B)/.deps
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	@$(CC) $(CFLAGS) -DGPUCOH_TLM_ROOT='"$(CURDIR)"' -c $< -o $@

$(TLM_B)/obj/%.o: $(TLM_DIR)/%.c $(TLM_HDRS) $(HDRS) | $(B)/.deps
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	@$(CC) $(CFLAGS) -I$(TLM_DIR) -D_POSIX_C_SOURCE=200809L -c $< -o $@

$(TLM_B)/obj/test_memsys.o: tests/systemc/test_memsys.cpp $(TLM_HDRS) $(HDRS) | $(B)/.deps
	@mkdir -p $(dir $@)
	@echo "  CXX     $<"
	@$(TLM_CXX) $(TLM_CXXFLAGS) -c $< -o $@

$(TLM_B)/gpucoh_tlm: $(TLM_B)/obj/main.o $(TLM_B)/obj/tlm_cli.o $(TLM_LIB_O) $(TB_O) $(CMOD_O)
	@echo "  LINK    $@"
	@$(TLM_CXX) $(TLM_CXXFLAGS) $^ -o $@ -lsystemc -ldl -lm

$(TLM_B)/test_memsys: $(TLM_B)/obj/test_memsys.o $(TLM_LIB_O) $(TB_O) $(CMOD_O)
	@echo "  LINK    $@"
	@$(TLM_CXX) $(TLM_CXXFLAGS) $^ -o $@ -lsystemc -ldl -lm

.PHONY: systemc-tlm
systemc-tlm: $(TLM_BINS)

FMT_SRC += $(wildcard $(TLM_DIR)/*.h $(TLM_DIR)/*.c $(TLM_DIR)/*.cpp tests/systemc/*.cpp)

# For one's own platform (docs/systemc.md section 4.2): the target, the example platform and
# every C object it needs, in one archive; link with -lsystemc -ldl -lm.
$(TLM_B)/libgpucoh_tlm.a: $(TLM_LIB_O) $(TB_O) $(CMOD_O)
	@echo "  AR      $@"
	@rm -f $@ && ar rcs $@ $^

systemc-tlm: $(TLM_B)/libgpucoh_tlm.a

# ---- make install PREFIX=DIR (docs/systemc.md section 4.9) ------------------------------------
# PREFIX/include/gpucoh-tlm/   memsys.h and the headers it and platform.h include
# PREFIX/lib/libgpucoh_tlm.a   the archive above, with PREFIX/share/gpucoh compiled in as the RTL root
# PREFIX/lib/pkgconfig/gpucoh-tlm.pc
# PREFIX/share/gpucoh/         the RTL backend's tree: rtl/, tools/build_rtl.sh, verilator/,
#                              cmodel/*.h, and build/rtl/, the cache of Verilated models (built on
#                              first use, as in the repository)
# tools/install_tlm.sh checks PREFIX (absolute, plain characters, writable) before anything is
# built or copied (exit 2), then stages the whole tree beside it and renames it into place.
# DESTDIR=D stages into D/PREFIX (packaging); the compiled-in root stays PREFIX/share/gpucoh.
PREFIX  ?= /usr/local
INST_B  := $(B)/install
.PHONY: install uninstall install-check
install-check: export GPUCOH_PREFIX := $(value PREFIX)
install-check: export GPUCOH_DESTDIR := $(value DESTDIR)
install-check:
	@bash tools/install_tlm.sh check

# the archive with the prefix compiled in; rebuilt when PREFIX changes
$(INST_B)/prefix.txt: export GPUCOH_PREFIX := $(value PREFIX)
$(INST_B)/prefix.txt: FORCE
	@mkdir -p $(INST_B)
	@[ "$$GPUCOH_PREFIX" = "$$(cat $@ 2>/dev/null)" ] || printf '%s\n' "$$GPUCOH_PREFIX" > $@
$(INST_B)/obj/tlm_root.o: $(TLM_DIR)/tlm_root.c $(TLM_DIR)/tlm_root.h $(INST_B)/prefix.txt
	@mkdir -p $(dir $@)
	@echo "  CC      $< (RTL root $$(cat $(INST_B)/prefix.txt)/share/gpucoh)"
	@$(CC) $(CFLAGS) -DGPUCOH_TLM_ROOT="\"$$(cat $(INST_B)/prefix.txt)/share/gpucoh\"" -c $< -o $@
$(INST_B)/libgpucoh_tlm.a: $(TLM_B)/obj/memsys.o $(TLM_B)/obj/platform.o $(INST_B)/obj/tlm_root.o \
                           $(TB_O) $(CMOD_O)
	@echo "  AR      $@"
	@rm -f $@ && ar rcs $@ $^

install: export GPUCOH_PREFIX := $(value PREFIX)
install: export GPUCOH_DESTDIR := $(value DESTDIR)
install: export GPUCOH_CXX := $(TLM_CXX)
install: install-check
	@$(MAKE) --no-print-directory $(INST_B)/libgpucoh_tlm.a
	@bash tools/install_tlm.sh install $(INST_B)/libgpucoh_tlm.a

uninstall: export GPUCOH_PREFIX := $(value PREFIX)
uninstall: export GPUCOH_DESTDIR := $(value DESTDIR)
uninstall:
	@bash tools/install_tlm.sh uninstall
