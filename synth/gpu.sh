#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
#
# synth/gpu.sh -- the baseline GPU (gpu_l1, gpu_l2) area / timing points behind
# docs/area-gpu.md: synth/ctrl.sh with the family gpu (points in synth/points/gpu.sh).
# Usage: synth/gpu.sh [--force] [--only REGEX] [--list]    (synth/ctrl.sh --help)
exec bash "$(dirname "${BASH_SOURCE[0]}")/ctrl.sh" gpu "$@"
