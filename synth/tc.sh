#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# synth/tc.sh -- the Temporal Coherence area / timing points behind docs/area-tc.md:
# synth/ctrl.sh with the family tc (points in synth/points/tc.sh).
# Usage: synth/tc.sh [--force] [--only REGEX] [--list]    (synth/ctrl.sh --help)
exec bash "$(dirname "${BASH_SOURCE[0]}")/ctrl.sh" tc "$@"
