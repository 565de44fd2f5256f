#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# synth/gtsc.sh -- the G-TSC (gtsc_l1, gtsc_l2, gtsc_ovf) area / timing points behind
# docs/area-gtsc.md: synth/ctrl.sh with the family gtsc (points in synth/points/gtsc.sh).
# Usage: synth/gtsc.sh [--force] [--only REGEX] [--list]    (synth/ctrl.sh --help)
exec bash "$(dirname "${BASH_SOURCE[0]}")/ctrl.sh" gtsc "$@"
