#!/usr/bin/env bash
# Install the Debian 12 packages gpucoh needs, only if some are missing.
# Called by `make deps` (and so by `make run` and `make test`); safe to run repeatedly.
set -euo pipefail

PKGS=(build-essential verilator yosys iverilog gtkwave libcmocka-dev qflow-tech-osu018 qflow graywolf qrouter
      opensta z3 gnuplot-nox zlib1g-dev clang-format cppcheck valgrind libsystemc-dev
      slurm-wlm munge parallel clang-14 libclang-rt-14-dev)

missing=()
for p in "${PKGS[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
        missing+=("$p")
    fi
done
if [ ${#missing[@]} -eq 0 ]; then
    echo "deps: all ${#PKGS[@]} packages present"
    exit 0
fi
echo "deps: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null; then SUDO="sudo"; else
        echo "deps: not root and no sudo; install: ${missing[*]}" >&2; exit 1
    fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
echo "deps: installed ${#missing[@]} packages"
