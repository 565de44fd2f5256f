/* SPDX-License-Identifier: Apache-2.0 */
/*
 * manifest.h -- the unit manifest as text: the fields of a catalogue entry (gpucoh_unit_t) that
 * tools and shell scripts read, and `gpucoh units` (docs/framework.md, "The unit manifest").
 */
#ifndef GPUCOH_MANIFEST_H
#define GPUCOH_MANIFEST_H

#include <stdbool.h>
#include <stddef.h>

#include "unit.h"

/* The field names `gpucoh units --get` takes, NULL-ended. */
const char* const* gpucoh_manifest_fields(void);
/* Is the field optional (empty for a unit without it: verilator_flags, lint_params, synth_*,
 * netlist_params)? */
bool gpucoh_manifest_optional(const char* field);
/* Field `field` of u as text into buf ("yes" / "no" for a flag; a list joined by sep).
 * Returns -1 for a field that does not exist. */
int gpucoh_manifest_get(const gpucoh_unit_t* u, const char* field, const char* sep, char* buf,
                        size_t n);
/* `gpucoh units [--get FIELD [UNIT]] [--where FIELD=VALUE]...`; exit status. */
int gpucoh_units_cmd(int argc, char** argv);

#endif
