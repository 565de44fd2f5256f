#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# synth/hlrc.sh -- the hLRC (hlrc_l1, hlrc_l2) area / timing points behind docs/area-hlrc.md:
# synth/ctrl.sh with the family hlrc (points in synth/points/hlrc.sh).
# Usage: synth/hlrc.sh [--force] [--only REGEX] [--list]    (synth/ctrl.sh --help)
exec bash "$(dirname "${BASH_SOURCE[0]}")/ctrl.sh" hlrc "$@"
