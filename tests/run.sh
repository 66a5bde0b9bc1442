#!/bin/sh
# tests/run.sh - run the tests of cbeval.  Each test prints "ok - ..." or
# "not ok - ..." lines; this script counts them and ends with "N passed,
# N failed, N skipped", exiting non-zero on any failure and when nothing
# passed.  As in TAP, a line "ok - ... # SKIP reason" is a check that
# could not run here (a tool missing, a build it does not apply to): it
# counts as skipped, not passed.
#
# Usage (from the top of the tree, after make's builds):
#   sh tests/run.sh check   the fast tier (make check): the optimised
#                           build's unit tests and the quick scripts
#                           (those not listed in SLOW below)
#   sh tests/run.sh         everything (make test): every unit test and
#                           script with the optimised build and with the
#                           address/undefined-sanitizer build, and valgrind
#
# The tests run JOBS at a time (default: the online CPUs, at most 4); each
# one's output is kept and printed in a fixed order, so the log reads the
# same however they were scheduled.  The time taken is printed at the end,
# beside the tier's target (60 s for check, 300 s for everything, on 2
# cores); it is a figure to read, not a check.
set -u
mode=${1:-all}
top=$(pwd)
if [ "$mode" = one ]; then
	out=$RUN_OUT        # a child of the xargs below
else
	out=$(mktemp -d)
	trap 'rm -rf "$out"' EXIT
	export RUN_OUT="$out"
fi
start=$(date +%s)

export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export ASAN_OPTIONS=detect_leaks=1

# The scripts left out of the fast tier: each takes tens of seconds.
SLOW="t_svg t_readme t_boot t_meld t_pools t_collection"

ncpu=$(getconf _NPROCESSORS_ONLN 2> /dev/null || echo 2)
[ "$ncpu" -gt 4 ] && ncpu=4
jobs=${JOBS:-$ncpu}

# The lists of tests, "flavour kind name" per line: the fast tier (the
# optimised build, all but SLOW), then the rest (SLOW, the sanitizer
# build, valgrind), slow ones first so that the long ones start early.
list_check() {
	for s in tests/t_*.sh; do
		name=$(basename "$s" .sh)
		case " $SLOW " in *" $name "*) continue ;; esac
		echo "rel script $name"
	done
	for t in build/rel/test_*; do
		[ -x "$t" ] && echo "rel unit $(basename "$t")"
	done
}
list_rest() {
	for s in $SLOW; do
		[ -f "tests/$s.sh" ] && echo "rel script $s"
	done
	for s in $SLOW tests/t_*.sh; do
		name=$(basename "$s" .sh)
		[ -f "tests/$name.sh" ] && echo "asan script $name"
	done | awk '!seen[$0]++'
	for t in build/asan/test_*; do
		[ -x "$t" ] && echo "asan unit $(basename "$t")"
	done
	echo "rel valgrind valgrind"
}

# one FLAVOUR KIND NAME: run one test into $out/FLAVOUR.NAME.
one() {
	flavour=$1 kind=$2 name=$3
	if [ "$flavour" = rel ]; then bin="$top/cbeval"; else bin="$top/build/asan/cbeval"; fi
	f="$out/$flavour.$name"
	case $kind in
	unit) CBEVAL="$bin" CBEVAL_FLAVOUR="$flavour" "build/$flavour/$name" > "$f" 2>&1 ;;
	script) CBEVAL="$bin" CBEVAL_FLAVOUR="$flavour" sh "tests/$name.sh" > "$f" 2>&1 ;;
	valgrind) CBEVAL="$bin" sh tests/valgrind.sh > "$f" 2>&1 ;;
	esac
	rc=$?
	if [ $rc -ne 0 ] && ! grep -q '^not ok ' "$f"; then
		echo "not ok - $flavour $name exited with status $rc" >> "$f"
	fi
}

if [ "${1:-}" = one ]; then
	shift
	one "$@"
	exit 0
fi

list_check > "$out/list"
xargs -P "$jobs" -L 1 sh tests/run.sh one < "$out/list" || true
took_check=$(($(date +%s) - start))
if [ "$mode" != check ]; then
	list_rest > "$out/rest"
	xargs -P "$jobs" -L 1 sh tests/run.sh one < "$out/rest" || true
	cat "$out/rest" >> "$out/list"
fi

log="$out/log"
: > "$log"
while read -r flavour kind name; do
	f="$out/$flavour.$name"
	[ -f "$f" ] || { echo "not ok - $flavour $name did not run" >> "$log"; continue; }
	sed "s/^/[$flavour $name] /" "$f"
	grep -E '^(not )?ok ' "$f" >> "$log"
done < "$out/list"

skip_re='^ok .*#[[:space:]]*[Ss][Kk][Ii][Pp]'
skipped=$(grep -c "$skip_re" "$log")
passed=$(grep '^ok ' "$log" | grep -c -v "$skip_re")
failed=$(grep -c '^not ok ' "$log")
took=$(($(date +%s) - start))
built=$(( ${MAKE_START:-$start} ))
echo
grep "$skip_re" "$log" | sort | uniq -c | sed 's/^ *\([0-9]*\) ok - /SKIPPED (\1x): /'
grep '^not ok ' "$log" | sed 's/^/FAILED: /'
if [ "$mode" = check ]; then
	echo "make check took $(($(date +%s) - built)) s with the build, $took_check s of tests (target <= 60 s on 2 cores), $jobs at a time"
else
	echo "its fast tier (make check's tests) took $took_check s (make check's target: <= 60 s on 2 cores with the build)"
	echo "make test took $(($(date +%s) - built)) s with the build, $took s of tests (target <= 300 s on 2 cores), $jobs at a time"
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
