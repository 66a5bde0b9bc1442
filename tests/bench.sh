#!/bin/sh
# tests/bench.sh - cbeval's benchmark at TREC-8 scale (`make bench`).
#
# Generates, once, a synthetic collection of 129 runs x 50 topics x 1000
# documents (about 270 MB of runs) into build/bench/ with build/gen, and
# a second one whose runs have topics the qrels do not have, as in TREC
# Deep Learning (59 runs x 200 topics x 1000 documents, about 480 MB, a
# quarter of the topics judged: gen -J 4) into build/bench-unjudged/; then
# times cbeval on them, printing each figure next to its target (those of
# the speed issue 30: -b 1000 in 2 s, the image phase at 0.45 ns per run
# entry, two threads 1.9 times one, plain evaluation in 0.3 s and 50
# times trec_eval's, 1.5 GB/s with unjudged topics, --pairs -b 1000 in
# 3 s, --reliability -b 1000 in 6 s, 450 MB, --meld rank -b 100 in 8 s;
# `make bench-large`: -b 10000 in 20 s and 200 MB).  The figures of (b)
# to (d), which take seconds, are each the best of three runs, but for
# the four that give the image phase: those are timed in turn in 7
# rounds, and the image phase and the two-thread speed-up are the median
# of the rounds' differences; the others one run.
# Nothing is asserted: the figures are for reading, and a figure that
# cannot be measured is reported as unavailable.
#
#   (a) size of the runs, in MB and entries
#   (b) plain evaluation, default measures, all threads; beside it
#       trec_eval run by run with the same four measures (map,
#       ndcg_cut.1000, P.10, rbp.p=0.95), in this run, when TREC_EVAL names
#       a trec_eval binary or one is on the PATH: the ratio, target >= 50
#   (b2) plain evaluation of the collection with unjudged topics, in GB/s
#       of run files read (target >= 1.5)
#   (c) plain evaluation with -j 1 (not a target)
#   (d) bootstrap: -b 1000 (all threads), -b 300 -j 1, -b 300 -j 2,
#       -b 0 -j 1 and -b 0 -j 2, giving the image phase per image, its cost
#       per run entry per image and its two-thread speed-up
#   (f) peak resident memory of -b 1000, -q -b 1000, the plain evaluation,
#       --reliability -b 1000 and --pairs -b 1000 (and of the analyses)
#   (e) --reliability and --pairs at -b 100 and -b 1000, and --pairs -b 100
#       --pool 10;
#       (e2) --sensitivity; (e3) --partitions; (e4) --meld on 50 of the
#       runs; (e5) --bias; (e6) --compare all --test t,wilcoxon,rand
#   (g) image ranges: the total CPU time (user + sys) of -b 1000 split
#       into 4 ranges of 250 (--image-range, each with all threads) and
#       merged (--from-images), against the single run's, as a ratio:
#       with each range parsing the run files, and with the runs parsed
#       once by --save-collection and each range reading --collection
#       (target <= 1.3); each process the least of 3 runs; needs
#       /usr/bin/time (TIME)
#   (h) -F trec -q -m all_trec over every run in one call against
#       trec_eval run by run (TREC_EVAL=path, or trec_eval on the PATH):
#       the ratio, target >= 10
#   (i) `sh tests/bench.sh large` (`make bench-large`) instead: -b 10000
#       on the bench collection, wall time (target <= 20 s) and peak
#       resident memory (target <= 200 MB), one run
#
# Usage: sh tests/bench.sh [large]   (after `make cbeval build/gen`)
# Environment: CBEVAL (default ./cbeval), GEN (default build/gen), TIME
# (default /usr/bin/time; TIME=none measures memory by polling /proc),
# TREC_EVAL (a trec_eval binary for (b) and (h)).
set -u
cd "$(dirname "$0")/.." || exit 2

CBEVAL=${CBEVAL:-./cbeval}
GEN=${GEN:-build/gen}
TIME=${TIME:-/usr/bin/time}
DIR=build/bench
RUNS=129 TOPICS=50 DOCS=1000 SEED=1 POOL=100
GENARGS="-r $RUNS -t $TOPICS -d $DOCS -s $SEED -P $POOL"
# the collection of (b2): as TREC DL 2020's 59 runs, 200 topics of which
# a quarter are judged
UDIR=build/bench-unjudged
UGENARGS="-r 59 -t 200 -d 1000 -s $SEED -P $POOL -J 4"
MODE=${1:-all}
case $MODE in
all|large) ;;
*) echo "usage: sh tests/bench.sh [large]" >&2; exit 2 ;;
esac

for f in "$CBEVAL" "$GEN"; do
	if [ ! -x "$f" ]; then
		echo "bench: $f is missing; run make cbeval build/gen first" >&2
		exit 2
	fi
done

tmp=${TMPDIR:-/tmp}/cbeval-bench.$$
mkdir -p "$tmp" || exit 2
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

# Nanoseconds since the epoch (GNU date); whole seconds where %N is absent.
now() {
	t=$(date +%s%N)
	case $t in
	*[!0-9]*) t=$(( $(date +%s) * 1000000000 )) ;;
	esac
	echo "$t"
}

# secs NANOSECONDS -> seconds with 3 decimals
secs() { awk -v n="$1" 'BEGIN { printf "%.3f", n / 1e9 }'; }

# timed LABEL ARGS...: run cbeval ARGS QRELS RUNS $REPEAT times (default
# 1) and print the best wall time, which is also left in T (in ns; empty
# when a run failed).  QRELS and RUNS are those of the collection $COLL
# (default the bench collection), the runs those of $RUNSET when it is
# set, output to /dev/null.  On a shared machine one figure can move by
# 30% between runs; the best of a few is the steadier figure.
timed() {
	label=$1
	shift
	T=
	i=0
	while [ "$i" -lt "${REPEAT:-1}" ]; do
		i=$((i + 1))
		t0=$(now)
		# shellcheck disable=SC2086 # the run files are gen*.run: no blanks
		"$CBEVAL" "$@" "${COLL:-$DIR}/qrels" ${RUNSET:-"${COLL:-$DIR}"/runs/*.run} > /dev/null 2> "$tmp/err"
		rc=$?
		t1=$(now)
		if [ $rc -ne 0 ]; then
			T=
			printf '  %-28s FAILED (exit status %d)\n' "$label" "$rc"
			break
		fi
		if [ -z "$T" ] || [ $((t1 - t0)) -lt "$T" ]; then
			T=$((t1 - t0))
		fi
	done
	if [ -n "$T" ] && [ -z "${QUIET:-}" ]; then
		if [ "${REPEAT:-1}" -gt 1 ]; then
			printf '  %-28s %s s (best of %d)\n' "$label" "$(secs "$T")" "$REPEAT"
		else
			printf '  %-28s %s s\n' "$label" "$(secs "$T")"
		fi
	fi
	if [ -s "$tmp/err" ]; then
		echo "    cbeval's stderr ($(wc -l < "$tmp/err") lines), first lines:"
		head -n 5 "$tmp/err" | sed 's/^/    | /'
	fi
}

# ---- the collection --------------------------------------------------------

# collection DIR GENARGS: generate the collection DIR with build/gen, or
# keep it when a stamp says it was made with these arguments and this
# generator.
collection() {
	cdir=$1 cargs=$2
	stamp="$cdir/stamp"
	# the generator's source: tests/gen.c and its parts
	want="gen $cargs; tests/gen.c $(cat tests/gen.c tests/parts/gen/* 2> /dev/null | cksum)"
	if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -f "$cdir/qrels" ]; then
		echo "collection: $cdir (cached; $cargs)"
		return 0
	fi
	echo "collection: generating $cdir with $GEN $cargs"
	rm -rf "$cdir"
	t0=$(now)
	# shellcheck disable=SC2086
	if ! "$GEN" $cargs "$cdir"; then
		echo "bench: the generator failed" >&2
		rm -rf "$cdir"
		exit 2
	fi
	t1=$(now)
	echo "$want" > "$stamp"
	echo "  generated in $(secs $((t1 - t0))) s"
}

collection "$DIR" "$GENARGS"
[ "$MODE" = large ] || collection "$UDIR" "$UGENARGS"
# What the generator wrote goes to the disk now, and the runs are read
# once, so that the first figures are not taken while a freshly made
# collection is written back, nor from a cold cache.
sync 2> /dev/null
cat "$DIR"/runs/*.run "$DIR/qrels" > /dev/null 2>&1
[ "$MODE" = large ] || cat "$UDIR"/runs/*.run "$UDIR/qrels" > /dev/null 2>&1
ncpu=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?')
load=$(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null || echo '?')
echo "machine: $ncpu online CPUs, load average $load"
# Time a private copy, so that a rebuild during the benchmark cannot mix
# two versions of cbeval in the figures.
if cp "$CBEVAL" "$tmp/cbeval"; then
	echo "cbeval: $CBEVAL (copied, cksum $(cksum < "$tmp/cbeval" | cut -d " " -f 1))"
	CBEVAL=$tmp/cbeval
else
	echo "cbeval: $CBEVAL"
fi
echo

# peak ARGS... : print cbeval's peak resident set in KiB, or nothing.
peak() {
	if [ -x "$TIME" ] && "$TIME" -o "$tmp/rss" -f %M true > /dev/null 2>&1; then
		if "$TIME" -o "$tmp/rss" -f %M "$CBEVAL" "$@" "$DIR/qrels" \
			"$DIR"/runs/*.run > /dev/null 2> "$tmp/err"; then
			tail -n 1 "$tmp/rss"
		fi
		return 0
	fi
	[ -r /proc/self/status ] || return 0
	"$CBEVAL" "$@" "$DIR/qrels" "$DIR"/runs/*.run > /dev/null 2> "$tmp/err" &
	pid=$!
	max=0
	while kill -0 "$pid" 2> /dev/null; do
		v=$(awk '/^VmHWM:/ { print $2 }' "/proc/$pid/status" 2> /dev/null)
		if [ -n "$v" ] && [ "$v" -gt "$max" ]; then max=$v; fi
		sleep 0.05 2> /dev/null || sleep 1
	done
	if wait "$pid" && [ "$max" -gt 0 ]; then echo "$max"; fi
	return 0
}

showpeak() {  # showpeak LABEL TARGET_MB ARGS...
	label=$1 target=$2
	shift 2
	kb=$(peak "$@")
	if [ -n "$kb" ]; then
		printf '  %-28s %s MB (target <= %s MB)\n' "$label" \
			"$(awk -v k="$kb" 'BEGIN { printf "%.1f", k / 1024 }')" "$target"
	else
		printf '  %-28s unavailable\n' "$label"
	fi
}

# trec_eval: TREC_EVAL, or the trec_eval on the PATH; empty when there is
# none.
te=${TREC_EVAL:-$(command -v trec_eval 2> /dev/null)}
[ -n "$te" ] && [ ! -x "$te" ] && te=

# ---- (i) -b 10000 (make bench-large) -----------------------------------------

if [ "$MODE" = large ]; then
	echo "(i) -b 10000 on the bench collection, all threads (one run)"
	if [ -x "$TIME" ] && "$TIME" -o "$tmp/rss" -f '%e %M' true > /dev/null 2>&1; then
		# wall time and peak memory of one run
		if "$TIME" -o "$tmp/rss" -f '%e %M' "$CBEVAL" -b 10000 "$DIR/qrels" \
			"$DIR"/runs/*.run > /dev/null 2> "$tmp/err"; then
			tail -n 1 "$tmp/rss" | awk '{
				printf "  %-28s %.2f s (target <= 20 s)\n", "-b 10000", $1
				printf "  %-28s %.1f MB (target <= 200 MB)\n", "peak resident memory", $2 / 1024 }'
		else
			echo "  -b 10000                     FAILED"
			head -n 5 "$tmp/err" | sed 's/^/    | /'
		fi
	else
		timed "-b 10000" -b 10000
		[ -n "$T" ] && echo "                               target <= 20 s"
		showpeak "peak resident memory" 200 -b 10000
	fi
	exit 0
fi

# ---- (a) size --------------------------------------------------------------

bytes=$(cat "$DIR"/runs/*.run | wc -c | tr -d ' ')
entries=$(cat "$DIR"/runs/*.run | wc -l | tr -d ' ')
judged=$(wc -l < "$DIR/qrels" | tr -d ' ')
nruns=0
for f in "$DIR"/runs/*.run; do nruns=$((nruns + 1)); done
mb=$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }')
echo "(a) size of the runs"
echo "  runs                         $nruns files, $mb MB ($bytes bytes)"
echo "  entries                      $entries run lines ($(awk -v b="$bytes" -v e="$entries" 'BEGIN { printf "%.1f", b / e }') bytes per line)"
echo "  qrels                        $judged judgements"
echo

# ---- (b), (c) plain evaluation ---------------------------------------------

# The short figures, (b) to (d), are each the best of three runs (five
# for the four that give the image phase).
REPEAT=3

rate() {  # rate NS -> "N entries/s, N MB/s"
	awk -v n="$1" -v e="$entries" -v b="$bytes" \
		'BEGIN { s = n / 1e9; if (s <= 0) s = 1e-9;
			 printf "%.3g M entries/s, %.0f MB/s", e / s / 1e6, b / s / 1e6 }'
}

echo "(b) plain evaluation, default measures, all threads (target <= 0.30 s)"
timed "cbeval QRELS RUNS"
tb=$T
[ -n "$T" ] && echo "  throughput                   $(rate "$T")"
# trec_eval side by side: run by run, the four default measures as it
# names them (its rbp takes p as a named parameter), one pass
if [ -z "$te" ]; then
	echo "  trec_eval                    unavailable (give TREC_EVAL=path)"
elif [ -z "$tb" ]; then
	echo "  trec_eval                    not timed (cbeval failed)"
else
	t0=$(now)
	for r in "$DIR"/runs/*.run; do
		"$te" -m map -m ndcg_cut.1000 -m P.10 -m rbp.p=0.95 "$DIR/qrels" "$r" \
			> /dev/null || { echo "  trec_eval failed on $r"; break; }
	done
	t1=$(now)
	printf '  %-28s %s s (%s)\n' "trec_eval, run by run" "$(secs $((t1 - t0)))" "$te"
	printf '  %-28s %s (target >= 50x)\n' "ratio" \
		"$(awk -v a=$((t1 - t0)) -v b="$tb" 'BEGIN { printf "%.1fx", a / b }')"
fi
echo

# (b2): the runs of a collection of which three quarters of the topics
# are not in the qrels, as in TREC DL; their lines are only checked.
ubytes=$(cat "$UDIR"/runs/*.run | wc -c | tr -d ' ')
nu=0
for f in "$UDIR"/runs/*.run; do nu=$((nu + 1)); done
echo "(b2) plain evaluation with unjudged topics: $nu runs x 200 topics, 50 judged,"
echo "     $(awk -v b="$ubytes" 'BEGIN { printf "%.1f", b / 1e6 }') MB (target >= 1.5 GB/s)"
# --quiet: the warning that names the 150 unjudged topics is expected
COLL=$UDIR timed "cbeval --quiet QRELS RUNS" --quiet
[ -n "$T" ] && printf '  %-28s %s GB/s\n' "throughput" \
	"$(awk -v n="$T" -v b="$ubytes" 'BEGIN { printf "%.2f", b / n }')"
echo

echo "(c) plain evaluation, one thread (not a target)"
timed "cbeval -j 1 QRELS RUNS" -j 1
[ -n "$T" ] && echo "  throughput                   $(rate "$T")"
echo

# The allocator's huge pages (cbeval(1), ENVIRONMENT): a figure beside the
# targets, which are measured without it.
echo "(c2) plain evaluation with GLIBC_TUNABLES=glibc.malloc.hugetlb=1 (not a target)"
saved_tunables=${GLIBC_TUNABLES-}
export GLIBC_TUNABLES=glibc.malloc.hugetlb=1
timed "all threads"
timed "one thread" -j 1
if [ -n "$saved_tunables" ]; then
	GLIBC_TUNABLES=$saved_tunables
else
	unset GLIBC_TUNABLES
fi
echo

# ---- (d) bootstrap ---------------------------------------------------------

echo "(d) bootstrap"
timed "-b 1000 (all threads)" -b 1000
[ -n "$T" ] && echo "                               target <= 2.0 s"
# The image phase and the speed-up are differences of these four.  The
# machine's speed moves within minutes (by 30% and more), and a
# difference of two timings taken minutes apart moves by more: so the
# four are timed in turn, round after round, and each figure is the
# median of its rounds' values (one slow moment moves one round).  A
# speed-up above 2 on 2 cores is such a moment, not the code's, and is
# said to be.
ROUNDS=7
REPEAT=1
QUIET=1
: > "$tmp/rounds"
r=0
while [ "$r" -lt "$ROUNDS" ]; do
	r=$((r + 1))
	timed "-b 300 -j 1" -b 300 -j 1;  b300j1=$T
	timed "-b 300 -j 2" -b 300 -j 2;  b300j2=$T
	timed "-b 0 -j 1" -b 0 -j 1;      b0j1=$T
	timed "-b 0 -j 2" -b 0 -j 2;      b0j2=$T
	if [ -z "$b300j1" ] || [ -z "$b300j2" ] || [ -z "$b0j1" ] || [ -z "$b0j2" ]; then
		echo "  image phase                  FAILED (a run of round $r failed)"
		: > "$tmp/rounds"
		break
	fi
	echo "$b300j1 $b300j2 $b0j1 $b0j2" >> "$tmp/rounds"
done
QUIET=
if [ -s "$tmp/rounds" ]; then
	awk -v e="$entries" -v n="$ROUNDS" '
	function median(a, m,   i, j, t) {   # a[1..m], sorted here
		for (i = 2; i <= m; i++)
			for (j = i; j > 1 && a[j - 1] > a[j]; j--) {
				t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
			}
		return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
	}
	{
		for (c = 1; c <= 4; c++)
			if (NR == 1 || $c < best[c])
				best[c] = $c
		p1[NR] = $1 - $3
		p2[NR] = $2 - $4
		q[NR] = p2[NR] > 0 ? p1[NR] / p2[NR] : 0
	}
	END {
		split("-b 300 -j 1,-b 300 -j 2,-b 0 -j 1,-b 0 -j 2", lab, ",")
		for (c = 1; c <= 4; c++)
			printf "  %-28s %.3f s (best of %d)\n", lab[c], best[c] / 1e9, n
		m1 = median(p1, NR)
		m2 = median(p2, NR)
		mq = median(q, NR)
		if (m1 <= 0) {
			print "  image phase                  unavailable (-b 300 -j 1 is not slower than -b 0 -j 1)"
			exit
		}
		printf "  image phase, one thread      %.2f ms per image (median of %d rounds)\n", m1 / 300 / 1e6, NR
		printf "  per run entry per image      %.3f ns (target <= 0.45 ns)\n", m1 / (300 * e)
		if (m2 <= 0) {
			print "  two-thread speed-up          unavailable (no measurable image phase with -j 2)"
			exit
		}
		printf "  image phase, two threads     %.2f ms per image (median of %d rounds)\n", m2 / 300 / 1e6, NR
		printf "  two-thread speed-up          %.2fx (median of %d rounds; target >= 1.9x)\n", mq, NR
		if (mq > 2)
			print "                               above 2: the machine'"'"'s speed moved within the rounds"
	}' "$tmp/rounds"
fi
echo

REPEAT=1

# ---- (e) comparisons -------------------------------------------------------

echo "(e) comparisons from the images (all threads)"
timed "--reliability -b 100" --reliability -b 100
timed "--reliability -b 1000" --reliability -b 1000
[ -n "$T" ] && echo "                               target <= 6 s"
timed "--pairs -b 100" --pairs -b 100
timed "--pairs -b 1000" --pairs -b 1000
[ -n "$T" ] && echo "                               target <= 3 s"
timed "--pairs -b 100 --pool 10" --pairs -b 100 --pool 10
echo

# ---- (e2) topic bootstrap ----------------------------------------------------

echo "(e2) topic bootstrap (all threads, six default measures)"
timed "--sensitivity -t 1000" --sensitivity -t 1000
[ -n "$T" ] && echo "                               target <= 10 s"
echo

# ---- (e3) partitions ----------------------------------------------------------

echo "(e3) partitions, -m AP -m P@10, X = 2 (all threads)"
timed "defaults (K 1, M 1000)" --partitions 2 -m AP -m P@10
[ -n "$T" ] && echo "                               target <= 3 s"
timed "Voorhees (K 11, M 10000)" --partitions 2 --splits 11 --resamples 10000 \
	--randomizations 10000 -m AP -m P@10
[ -n "$T" ] && echo "                               target <= 30 s"
echo

# ---- (e4) meld --------------------------------------------------------------

echo "(e4) meld, 50 runs x 50 topics, 3 measures, 6 mf x 10 splits x 100 images"
RUNSET=$(ls "$DIR"/runs/*.run | head -n 50)
timed "--meld rank -b 100" --meld rank -b 100 -m AP,nDCG@1000,'RBP(p=0.95)'
[ -n "$T" ] && echo "                               target <= 8 s"
RUNSET=
echo

# ---- (e5) bias --------------------------------------------------------------

echo "(e5) bias, 129 runs + 129 engineered x 50 topics, reference + pool:5 + pool:20,"
echo "     T = 1000, 200 topics per sample, six default measures"
timed "--bias --engineered" --bias --against pool:5 --against pool:20 \
	--engineered -t 1000 --topics 200
[ -n "$T" ] && echo "                               target <= 10 s"
echo

# ---- (e6) compare -------------------------------------------------------------

echo "(e6) compare, 129 runs: 8,256 pairs x 6 measures, t + Wilcoxon +"
echo "     randomization (R = 10000), -j 2 (best of 3)"
REPEAT=3 timed "--compare all" -j 2 --compare all --test t,wilcoxon,rand
[ -n "$T" ] && echo "                               target <= 10 s"
echo

# ---- (g) image ranges ---------------------------------------------------------

# cpu ARGS... : run cbeval with ARGS (no collection added) 3 times,
# output to /dev/null; add the least of its user + sys seconds to CPU, or
# set CPU to "" if it failed or cannot be measured.  Processor time grows
# too when another tenant shares the caches: the least is the steadier.
cpu() {
	best=
	for _ in 1 2 3; do
		if [ -z "$CPU" ] || ! "$TIME" -o "$tmp/cpu" -f '%U %S' "$CBEVAL" "$@" \
			> /dev/null 2> "$tmp/err"; then
			CPU=
			return 0
		fi
		best=$(awk -v b="$best" 'END { c = $1 + $2
			printf "%.2f", (b == "" || c < b) ? c : b }' "$tmp/cpu")
	done
	CPU=$(awk -v c="$CPU" -v b="$best" 'BEGIN { printf "%.2f", c + b }')
}

echo "(g) image ranges: -b 1000 in 4 ranges of 250 and their merge (total CPU)"
if [ -x "$TIME" ] && "$TIME" -o "$tmp/cpu" -f '%U %S' true > /dev/null 2>&1; then
	CPU=0
	cpu -b 1000 "$DIR/qrels" "$DIR"/runs/*.run
	one=$CPU
	CPU=0
	for r in 1-250 251-500 501-750 751-1000; do
		cpu -b 1000 --image-range "$r" --images "$tmp/r$r.img" "$DIR/qrels" \
			"$DIR"/runs/*.run
	done
	ranges=$CPU
	cpu --from-images "$tmp/r1-250.img" --from-images "$tmp/r251-500.img" \
		--from-images "$tmp/r501-750.img" --from-images "$tmp/r751-1000.img"
	total=$CPU
	rm -f "$tmp"/r*.img
	# the same split with the runs parsed once: --save-collection (with
	# the plain evaluation it prints), then the ranges from the file
	CPU=0
	cpu --save-collection "$tmp/coll.cbc" "$DIR/qrels" "$DIR"/runs/*.run
	saved=$CPU
	for r in 1-250 251-500 501-750 751-1000; do
		cpu -b 1000 --image-range "$r" --images "$tmp/r$r.img" \
			--collection "$tmp/coll.cbc"
	done
	cpu --from-images "$tmp/r1-250.img" --from-images "$tmp/r251-500.img" \
		--from-images "$tmp/r501-750.img" --from-images "$tmp/r751-1000.img"
	ctotal=$CPU
	rm -f "$tmp"/r*.img "$tmp/coll.cbc"
	if [ -n "$one" ] && [ -n "$total" ] && [ -n "$ctotal" ]; then
		printf '  %-28s %s s CPU\n' "single run -b 1000" "$one"
		printf '  %-28s %s s CPU\n' "4 ranges" "$ranges"
		printf '  %-28s %s s CPU\n' "4 ranges + merge" "$total"
		printf '  %-28s %s (each range parses the runs)\n' "ratio" \
			"$(awk -v a="$total" -v b="$one" 'BEGIN { printf "%.2f", a / b }')"
		printf '  %-28s %s s CPU\n' "--save-collection" "$saved"
		printf '  %-28s %s s CPU\n' "+ 4 ranges + merge" "$ctotal"
		printf '  %-28s %s (target <= 1.3)\n' "ratio, runs parsed once" \
			"$(awk -v a="$ctotal" -v b="$one" 'BEGIN { printf "%.2f", a / b }')"
	else
		echo "  FAILED"
	fi
else
	echo "  unavailable ($TIME cannot measure CPU time)"
fi
echo

# ---- (f) peak memory -------------------------------------------------------

echo "(f) peak resident memory (MB = 2^20 bytes)"
showpeak "-b 1000" 150 -b 1000
showpeak "-q -b 1000" 400 -q -b 1000
showpeak "plain evaluation" 80 -b 0
showpeak "--reliability -b 1000" 450 --reliability -b 1000
showpeak "--pairs -b 1000" 450 --pairs -b 1000
showpeak "--sensitivity -t 1000" 200 --sensitivity -t 1000
showpeak "--partitions, Voorhees" 400 --partitions 2 --splits 11 \
	--resamples 10000 --randomizations 10000 -m AP -m P@10

# ---- (h) trec_eval's job ------------------------------------------------------
# -F trec -q -m all_trec over every run in one call, against trec_eval
# run by run (the same -q -m all_trec), side by side in this run: where
# TREC_EVAL names a trec_eval binary or one is on the PATH.  Each the
# best of 3 (cbeval) and of 1 (trec_eval, whose run takes a minute).
echo
echo "(h) -F trec -q -m all_trec, $nruns runs (trec_eval's job)"
REPEAT=3 timed "cbeval, all threads" -F trec -q -m all_trec
tc=$T
if [ -z "$te" ]; then
	echo "  trec_eval                    unavailable (give TREC_EVAL=path)"
elif [ -z "$tc" ]; then
	echo "  trec_eval                    not timed (cbeval failed)"
else
	t0=$(now)
	for r in "$DIR"/runs/*.run; do
		"$te" -q -m all_trec "$DIR/qrels" "$r" > /dev/null || { echo "  trec_eval failed on $r"; break; }
	done
	t1=$(now)
	printf '  %-28s %s s\n' "trec_eval, run by run" "$(secs $((t1 - t0)))"
	printf '  %-28s %s (target >= 10)\n' "ratio" \
		"$(awk -v a=$((t1 - t0)) -v b="$tc" 'BEGIN { printf "%.1fx", a / b }')"
fi
echo
echo "(i) -b 10000: make bench-large"
