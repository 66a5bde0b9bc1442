#!/bin/sh
# tests/t_layers.sh - the include graph of src/ and include/ against the
# stages of the pipeline, in order: base, input, measures, image,
# figures, output, analyses, cli.  A file may include the headers of its
# own stage and of the stages before it, never of one after it.  Prints
# one "ok"/"not ok" line for that rule, and with -v the graph's figures:
# files per folder, the longest file and function, the longest chain of
# includes (depth) and the edges that go up.  Also that files have at
# most 600 lines and functions at most 80.
set -u
order="base input measures image figures output analyses cli"
rank() { i=0; for s in $order; do [ "$s" = "$1" ] && { echo $i; return; }; i=$((i + 1)); done; echo 99; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# header name -> stage
for h in include/*/*.h; do
	printf '%s %s\n' "$(basename "$h")" "$(basename "$(dirname "$h")")"
done > "$T/hdr"
: > "$T/edges"
for f in src/*/*.c include/*/*.h; do
	st=$(basename "$(dirname "$f")")
	grep -h '^#include "' "$f" | sed 's/#include "\(.*\)"/\1/' | while read -r h; do
		hs=$(awk -v h="$h" '$1 == h { print $2 }' "$T/hdr")
		[ -n "$hs" ] && printf '%s %s %s %s\n' "$f" "$st" "$h" "$hs"
	done
done >> "$T/edges"
up=0
while read -r f st h hs; do
	if [ "$(rank "$hs")" -gt "$(rank "$st")" ]; then
		echo "#   $f ($st) includes $h ($hs)"
		up=$((up + 1))
	fi
done < "$T/edges" > "$T/up"
up=$(grep -c . "$T/up")
if [ "$up" -eq 0 ]; then
	echo "ok - no file includes a header of a later stage ($(wc -l < "$T/edges" | tr -d ' ') includes)"
else
	echo "not ok - $up includes go up the stages ($order)"
	cat "$T/up"
fi
# Files at most 600 lines, functions at most 80 (tests/fnlen.awk: from
# the line of a signature at column 0 to the closing brace at column 0).
# limits WHAT FN FILES...: both checks on FILES (their functions into
# $T/FN), WHAT naming them in the test lines.
limits() {
	what=$1 fn=$2
	shift 2
	big=$(wc -l "$@" 2> /dev/null | awk '$2 != "total" && $1 > 600 { print "#   " $2 ": " $1 " lines" }')
	if [ -z "$big" ]; then
		echo "ok - every file of $what has at most 600 lines"
	else
		echo "not ok - files of $what over 600 lines"
		echo "$big"
		up=$((up + 1))
	fi
	for f in "$@"; do case $f in *.c) [ -f "$f" ] && echo "$f" ;; esac; done > "$T/cfiles"
	# shellcheck disable=SC2046
	awk -f tests/fnlen.awk $(cat "$T/cfiles") | sort -n > "$T/$fn"
	long=$(awk '$1 > 80 { print "#   " $2 ": " $1 " lines" }' "$T/$fn")
	if [ -s "$T/$fn" ] && [ -z "$long" ]; then
		echo "ok - every function of $what has at most 80 lines ($(wc -l < "$T/$fn" | tr -d ' ') functions)"
	else
		echo "not ok - functions of $what over 80 lines"
		echo "$long"
		up=$((up + 1))
	fi
}
limits "src/ and include/" fn src/*/*.c include/*/*.h
# The same rule for the C of tests/: the programs, references and
# generator, and their parts (tests/parts/NAME/, see tests/README.md).
limits "the C of tests/" fnt tests/*.c tests/*.h tests/parts/*/*.c tests/parts/*/*.h
if [ "${1:-}" = -v ]; then
	tail -n 1 "$T/fn" | sed 's/^/longest function: /'
	for d in src/* include/*; do printf '%s: %s files\n' "$d" "$(ls "$d" | wc -l | tr -d ' ')"; done
	wc -l src/*/*.c include/*/*.h | sort -n | tail -n 2 | head -n 1 | sed 's/^/longest file: /'
	# the longest chain of includes among the project's headers
	awk '{ print $1, $3 }' "$T/edges" | sed 's|[^ ]*/||' > "$T/e2"
	awk 'function d(x,   i, m, k) { if (x in memo) return memo[x]; if (x in seen) return 0; seen[x] = 1; m = 0
		for (i = 1; i <= n[x]; i++) { k = d(to[x, i]); if (k > m) m = k } delete seen[x]; return memo[x] = m + 1 }
		{ to[$1, ++n[$1]] = $2; nodes[$1] = 1; nodes[$2] = 1 }
		END { best = 0; for (x in nodes) { k = d(x); if (k > best) { best = k; who = x } } print "include depth: " best " (from " who ")" }' "$T/e2"
fi
[ "$up" -eq 0 ]
