# systemc/pin.mk -- the pin-level SystemC modules and their lockstep (docs/systemc.md), included
# by the Makefile. `make systemc` builds:
#   build/systemc/libgpucoh_host.a    the C side: C models, testbench stimulus, reports
#                                     (every object of build/gpucoh but its main, + sc_host.o)
#   build/systemc/libgpucoh_cmodel.a  the C models alone, for a netlist of one's own
#   build/systemc/sc_lockstep         the front end: resolves a parameter set, builds it on demand
#   build/systemc/<unit>-<hash>/      every catalogue unit at its default (paper) parameters: both
#                                     flavours and the lockstep binary (systemc/build_sc.sh)
# Tests: tests/systemc/run_pin.sh.

SC_B       := $(B)/systemc
SC_HOST    := $(SC_B)/libgpucoh_host.a
SC_CMODEL  := $(SC_B)/libgpucoh_cmodel.a
SC_FRONT   := $(SC_B)/sc_lockstep
SC_HOST_O  := $(B)/obj/systemc/sc_host.o
SC_FRONT_O := $(B)/obj/systemc/sc_front.o

# the `systemc` target's prerequisites from this file
SYSTEMC_PIN := $(SC_FRONT) $(SC_CMODEL) systemc-pin-units

$(SC_HOST_O) $(SC_FRONT_O): systemc/sc_host.h

$(SC_HOST): $(SC_HOST_O) $(TB_O) $(CMOD_O)
	@mkdir -p $(dir $@)
	@echo "  AR      $@"
	@rm -f $@.tmp && ar rcs $@.tmp $^ && mv $@.tmp $@

$(SC_CMODEL): $(CMOD_O)
	@mkdir -p $(dir $@)
	@echo "  AR      $@"
	@rm -f $@.tmp && ar rcs $@.tmp $^ && mv $@.tmp $@

$(SC_FRONT): $(SC_FRONT_O) $(SC_HOST)
	@echo "  LINK    $@"
	@$(CC) $(CFLAGS) $^ -o $@ -ldl -lm

# every unit with SystemC modules (the unit manifest: gpucoh units --where systemc=yes) at its
# defaults: built unless cached (the front end hashes the inputs)
.PHONY: systemc-pin-units
systemc-pin-units: $(SC_FRONT) $(SC_HOST) $(GPUCOH)
	@for u in $$($(GPUCOH) units --get name --where systemc=yes); do \
	    echo "  SC      $$u (default parameters)"; \
	    $(SC_FRONT) $$u --build-only --quiet > /dev/null || exit 1; \
	done

FMT_SRC += $(wildcard systemc/*.[ch] systemc/*/*.h systemc/*.cpp)
