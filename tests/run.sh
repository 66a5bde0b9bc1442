#!/bin/sh
# tests/run.sh - run every test of cbeval, twice: once with the optimised
# build and once with the address/undefined-sanitizer build.  Each test
# prints "ok - ..." or "not ok - ..." lines; this script counts them and
# ends with "N passed, N failed, N skipped", exiting non-zero on any
# failure and when nothing passed.  As in TAP, a line "ok - ... # SKIP
# reason" is a check that could not run here (a tool missing, a build it
# does not apply to): it counts as skipped, not passed.
#
# Usage: sh tests/run.sh   (from the top of the tree, after make's builds)
set -u
top=$(pwd)
log=${TMPDIR:-/tmp}/cbeval-test.$$
: > "$log"
trap 'rm -f "$log"' EXIT

export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export ASAN_OPTIONS=detect_leaks=1

for flavour in rel asan; do
	if [ "$flavour" = rel ]; then bin="$top/cbeval"; else bin="$top/build/asan/cbeval"; fi
	export CBEVAL="$bin" CBEVAL_FLAVOUR="$flavour"
	for t in build/$flavour/test_*; do
		[ -x "$t" ] || continue
		name=$(basename "$t")
		out=$("$t" 2>&1); rc=$?
		printf '%s\n' "$out" | sed "s/^/[$flavour $name] /"
		printf '%s\n' "$out" | grep -E '^(not )?ok ' >> "$log"
		if [ $rc -ne 0 ] && ! printf '%s\n' "$out" | grep -q '^not ok '; then
			echo "not ok - $flavour $name exited with status $rc" | tee -a "$log"
		fi
	done
	for s in tests/t_*.sh; do
		[ -f "$s" ] || continue
		name=$(basename "$s" .sh)
		out=$(sh "$s" 2>&1); rc=$?
		printf '%s\n' "$out" | sed "s/^/[$flavour $name] /"
		printf '%s\n' "$out" | grep -E '^(not )?ok ' >> "$log"
		if [ $rc -ne 0 ] && ! printf '%s\n' "$out" | grep -q '^not ok '; then
			echo "not ok - $flavour $name exited with status $rc" | tee -a "$log"
		fi
	done
done

# valgrind (memcheck) once, on the optimised build: the sanitizer build
# cannot run under it.
out=$(CBEVAL="$top/cbeval" sh tests/valgrind.sh 2>&1); rc=$?
printf '%s\n' "$out" | sed "s/^/[valgrind] /"
printf '%s\n' "$out" | grep -E '^(not )?ok ' >> "$log"
[ $rc -ne 0 ] && ! printf '%s\n' "$out" | grep -q '^not ok ' && echo "not ok - valgrind.sh exited with status $rc" | tee -a "$log"

skip_re='^ok .*#[[:space:]]*[Ss][Kk][Ii][Pp]'
skipped=$(grep -c "$skip_re" "$log")
passed=$(grep '^ok ' "$log" | grep -c -v "$skip_re")
failed=$(grep -c '^not ok ' "$log")
echo
grep "$skip_re" "$log" | sort | uniq -c | sed 's/^ *\([0-9]*\) ok - /SKIPPED (\1x): /'
grep '^not ok ' "$log" | sed 's/^/FAILED: /'
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
