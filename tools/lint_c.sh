#!/usr/bin/env bash
# C lint: cppcheck over the models, testbench and tests, and the clang-format check.
# (The compiler warnings -Wall -Wextra -Werror ... are enforced by every build.)
set -euo pipefail
cd "$(dirname "$0")/.."
echo "cppcheck: cmodel tb tests"
CMINC=() # cmodel/ and its family folders (docs/framework.md "Family folders")
for d in cmodel cmodel/*/; do CMINC+=("-I${d%/}"); done
cppcheck --quiet --error-exitcode=1 --enable=warning,performance,portability --std=c11 \
    --inline-suppr --suppress=missingIncludeSystem "${CMINC[@]}" -Itb/engine -Itb/sys -Itb/units -Itb/proto/tc -Itb/proto/gpu -Itb/proto/denovo -Itb/proto/hlrc -Itb/proto/gtsc -Itb/cli -Iverilator \
    cmodel tb tests 2>&1
echo "cppcheck: clean"
FILES=$(ls cmodel/*.[ch] cmodel/*/*.[ch] tb/*/*.[ch] tb/proto/*/*.[ch] tests/*.c tests/*/*.c verilator/*.h verilator/*/*.cpp)
clang-format --dry-run --Werror $FILES
echo "clang-format: $(echo "$FILES" | wc -w) files clean"
