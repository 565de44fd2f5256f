#!/usr/bin/env bash
# The version `gpucoh --version` prints (docs/cli.md): the VERSION file, and when the tree is a
# git checkout of its own (not a tarball unpacked inside some other repository) the commit as
# `git describe --always --dirty` gives it: "0.1.0 (git 0c5eae3-dirty)". From a tarball: "0.1.0".
cd "$(dirname "$0")/.." || exit 1
v=$(head -n 1 VERSION 2>/dev/null | tr -d '[:space:]')
[ -n "$v" ] || v=unknown
top=$(git rev-parse --show-toplevel 2>/dev/null) &&
    [ "$(cd "$top" && pwd -P)" = "$(pwd -P)" ] &&
    g=$(git describe --always --dirty 2>/dev/null) && [ -n "$g" ] && v="$v (git $g)"
printf '%s\n' "$v"
