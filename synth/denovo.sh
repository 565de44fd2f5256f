#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# synth/denovo.sh -- the DeNovo (denovo_l1, denovo_l2) area / timing points behind
# docs/area-denovo.md: synth/ctrl.sh with the family denovo (points in synth/points/denovo.sh).
# Usage: synth/denovo.sh [--force] [--only REGEX] [--list]    (synth/ctrl.sh --help)
exec bash "$(dirname "${BASH_SOURCE[0]}")/ctrl.sh" denovo "$@"
