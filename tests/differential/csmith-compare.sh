#!/usr/bin/env bash
# Differential test of Weft's interpreter against native execution (issue 16): csmith generates
# programs, each is compiled with gcc (and UBSan, so that a program with undefined behaviour is set
# aside instead of blamed on Weft) and run, then replayed under Weft; both must print the same
# checksum of the program's globals.
#   csmith-compare.sh WEFT FIRST_SEED COUNT [WORKDIR]
# Exit 0 when every compared program agrees (or csmith/gcc is missing: nothing to compare), 1 on a
# mismatch. Generated programs stay in WORKDIR (default: a temporary directory, removed on success).
#
# csmith options, chosen so that programs are small and end quickly under an interpreter:
#   --max-funcs 4, --max-block-depth 3, --max-array-dim 2 and --max-array-len-per-dim 6 keep the
#   code and the globals small; --no-packed-struct (packed layouts are a GCC extension the
#   interpreter need not share bit for bit), --no-volatiles (nothing to observe), --no-bitfields
#   (bit-field layout is implementation-defined: Clang and GCC agree on x86-64, but a mismatch
#   there would say nothing about Weft). Programs that run longer than 1 s natively are skipped
#   (csmith writes loops that run for hours); under Weft a program may take 60 s and 10^11
#   instructions (--max-steps: csmith's main has no visible action, so its whole run is one step).
#   A program that takes longer under Weft is counted as slow, not as a mismatch.
set -uo pipefail
weft=${1:?usage: csmith-compare.sh WEFT FIRST_SEED COUNT [WORKDIR]}
first=${2:?first seed}
count=${3:?count}
work=${4:-}
here=$(cd "$(dirname "$0")" && pwd)
for tool in csmith gcc; do
  if ! command -v "$tool" >/dev/null; then echo "csmith-compare: $tool not installed, nothing compared"; exit 0; fi
done
[ -x "$weft" ] || { echo "csmith-compare: $weft is not an executable"; exit 2; }
keep=1
if [ -z "$work" ]; then work=$(mktemp -d); keep=0; fi
mkdir -p "$work"
options=(--max-funcs 4 --max-block-depth 3 --max-array-dim 2 --max-array-len-per-dim 6
         --no-packed-struct --no-volatiles --no-bitfields)
same=0 mismatches=0 skipped=0 slow=0
for ((seed = first; seed < first + count; seed++)); do
  c="$work/s$seed.c"
  # (csmith writes platform.info into its working directory.)
  (cd "$work" && csmith --seed "$seed" "${options[@]}" -o "$c" >/dev/null 2>&1) || { echo "seed $seed: csmith failed"; skipped=$((skipped + 1)); continue; }
  if ! gcc -w -O0 -fsanitize=undefined -fno-sanitize-recover=all -I"$here" "$c" -o "$work/s$seed" 2>"$work/s$seed.gcc"; then
    echo "seed $seed: skipped (gcc does not compile it)"; skipped=$((skipped + 1)); continue
  fi
  native=$(timeout 1 "$work/s$seed" 2>/dev/null | grep '^checksum = ')
  native_rc=${PIPESTATUS[0]}
  if [ "$native_rc" -ne 0 ] || [ -z "$native" ]; then
    if [ "$native_rc" -eq 124 ]; then why="runs over 1 s natively"; else why="undefined behaviour natively (exit $native_rc)"; fi
    echo "seed $seed: skipped ($why)"; skipped=$((skipped + 1))
    rm -f "$work/s$seed"; continue
  fi
  rm -f "$work/s$seed" "$work/s$seed.gcc"
  weft_out=$(timeout 60 "$weft" replay "$c" -I "$here" --schedule 0 --races ignore --max-steps 100000000000 2>&1)
  weft_rc=$?
  under_weft=$(grep '^checksum = ' <<<"$weft_out")
  if [ "$weft_rc" -eq 124 ]; then
    echo "seed $seed: slow (more than 60 s under Weft)"; slow=$((slow + 1))
  elif [ "$under_weft" == "$native" ]; then
    same=$((same + 1)); rm -f "$c"
  else
    mismatches=$((mismatches + 1))
    echo "seed $seed: MISMATCH native '$native', weft '${under_weft:-nothing}' (exit $weft_rc): $(grep -E '^weft|error:' <<<"$weft_out" | head -3 | tr '\n' ' ')"
  fi
done
echo "csmith-compare: seeds $first..$((first + count - 1)): $same same, $mismatches mismatches, $slow slow, $skipped skipped"
if [ "$mismatches" -eq 0 ] && [ "$keep" -eq 0 ]; then rm -rf "$work"; fi
[ "$mismatches" -eq 0 ]
