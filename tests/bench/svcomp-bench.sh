#!/usr/bin/env bash
# Runs `weft svcomp` on every SV-COMP task under FOLDER (README "weft svcomp"; the tasks are fetched
# separately, never part of this repository) and reports right / wrong / unknown per category
# (sub-folder) with the reason of every wrong and unknown, and the time per task (median, max).
#   tests/bench/svcomp-bench.sh WEFT FOLDER [TIMEOUT_SECONDS] [RESULTS.tsv]
# A task is a .yml task definition, or a .c/.i file without one whose name states its verdict the old
# way (NAME_true-unreach-call.c, NAME_false-unreach-call.i; also no-data-race and valid-memsafety).
set -uo pipefail
weft=${1:?usage: svcomp-bench.sh WEFT FOLDER [TIMEOUT] [RESULTS.tsv]}
folder=${2:?usage: svcomp-bench.sh WEFT FOLDER [TIMEOUT] [RESULTS.tsv]}
limit=${3:-60}
results=${4:-$(mktemp)}
: > "$results"

tasks() {
  find "$folder" -type f \( -name '*.yml' -o -name '*.c' -o -name '*.i' \) | sort | while read -r f; do
    case "$f" in
      *.yml) echo "$f" ;;
      *_true-*|*_false-*) base=${f%.*}; [ -e "$base.yml" ] || echo "$f" ;;
    esac
  done
}

for task in $(tasks); do
  category=$(basename "$(dirname "$task")")
  property=()
  expected=""
  case "$task" in
    *.yml) ;;
    *) for p in unreach-call no-data-race valid-memsafety; do
         case "$task" in
           *_true-$p*) expected=true; property=(--property "$p") ;;
           *_false-$p*) expected=false; property=(--property "$p") ;;
         esac
       done ;;
  esac
  start=$(date +%s.%N)
  output=$(timeout -k 5 $((limit + 30)) "$weft" svcomp "$task" "${property[@]}" --timeout "$limit" 2>&1)
  code=$?
  seconds=$(echo "$(date +%s.%N) - $start" | bc)
  if [ -z "$expected" ]; then
    expected=$(echo "$output" | sed -n 's/.*(the task expects \(true\|false\)).*/\1/p' | head -1)
  fi
  line=$(echo "$output" | grep '^weft: verdict ' | tail -1)
  verdict=$(echo "$line" | sed -n 's/^weft: verdict \([a-z]*\).*/\1/p')
  reason=$(echo "$line" | sed -n 's/^weft: verdict [a-z]* (\(.*\))$/\1/p')
  if [ -z "$verdict" ]; then
    verdict=unknown
    reason="exit code $code: $(echo "$output" | grep -m1 -i 'error' | cut -c1-160)"
  fi
  if [ "$verdict" = unknown ]; then outcome=unknown
  elif [ "$verdict" = "$expected" ]; then outcome=right
  else outcome=wrong
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%.2f\t%s\n' "$category" "$(basename "$task")" "$expected" "$verdict" "$outcome" \
    "$seconds" "$reason" | tee -a "$results"
done

echo
echo "category	tasks	right	wrong	unknown	median_s	max_s"
cut -f1 "$results" | sort -u | while read -r c; do
  awk -F'\t' -v c="$c" '$1 == c' "$results" > "$results.cat"
  n=$(wc -l < "$results.cat")
  right=$(awk -F'\t' '$5 == "right"' "$results.cat" | wc -l)
  wrong=$(awk -F'\t' '$5 == "wrong"' "$results.cat" | wc -l)
  unknown=$(awk -F'\t' '$5 == "unknown"' "$results.cat" | wc -l)
  median=$(cut -f6 "$results.cat" | sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}')
  max=$(cut -f6 "$results.cat" | sort -g | tail -1)
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$c" "$n" "$right" "$wrong" "$unknown" "$median" "$max"
done
rm -f "$results.cat"
echo "(every task: $results)"
