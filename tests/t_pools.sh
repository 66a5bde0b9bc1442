#!/bin/sh
# t_pools.sh - --pool K and --pair-images (shared spec pools.md).
#
# 1. cbeval against the slow, independent reference build/ref_pools
#    (tests/ref_pools.c), which writes every image out as files (each
#    document repeated k times as docno~1..docno~k, k from its own
#    floating-point image function), takes the pool from the first K lines
#    of the pooling runs' files (every run for the summary, the pair's two
#    runs for --pairs), drops the qrels lines outside it, and scores the
#    files with plain cbeval: the summary (-q), the pairs table (-q) and
#    the pair images (-q), every cell, the rows in the same order, numbers
#    within 1e-9 relative (1e-12 absolute near 0).  On tests/ref/synth_small
#    (score ties, a run lacking a topic, a judged topic no run retrieves)
#    and on generated collections with negative grades and a run lacking a
#    topic; K = 1, 3, 10 and 100000; -l 2; -M; a wide set of measures.
# 2. Without -q: the rows of qid all of the -q tables, byte for byte.
# 3. On data/, where every judged document is retrieved by some run, the
#    summary with --pool 100000 (at least every image of every ranking) is
#    byte-identical to the summary without a pool; so are -b 0 and
#    --reliability.
# 4. -j 1, -j 2 and -j 3 give byte-identical tables.
# 5. With two runs the pair's pool is the pool of every run: each image's
#    difference in --pair-images equals the difference of the two runs'
#    values in --images of the summary with the same pool, exactly.
# 6. A pair's pool is its own: on a hand-worked topic the pair (X, Y) of
#    three runs has AP 0.5 and 5/6 at the root (pool {a, d} of X and Y),
#    where the summary of the three (pool {a, d, b}) has 5/9 and 1.
# 7. -b 0 --pool K is image 0 of -b 1 --pool K --images.
#
# POSIX sh + awk; the reference is C.
set -u
. tests/lib.sh
REF=${REF:-build/ref_pools}
GEN=${GEN:-build/gen}
# The plain cbeval with which the reference scores the images: the
# optimised build (make test builds it), for speed, else $CBEVAL.
PLAIN=./cbeval
[ -x "$PLAIN" ] || PLAIN=$CBEVAL

if [ ! -x "$REF" ] || [ ! -x "$GEN" ]; then
	nok "$REF or $GEN is missing (make build/ref_pools build/gen)"
	exit $fail
fi

MEAS="-m AP -m Q -m nDCG@10 -m nCG@5 -m RBP(p=0.8) -m INSQ(T=2) -m bpref
-m judged@5 -m R@10 -m Rprec -m num_rel -m num_ret -m num_rel_ret -m RR
-m P@5 -m GM(AP) -m AP@5 -m Success@3 -m RR@3 -m SetP -m SetR -m SetAP
-m SetRelP -m SetF -m SetF(beta=0.5) -m relative_P@5 -m num_q
-m num_nonrel_judged_ret
-m IPrec@0.3 -m 11pt_avg -m infAP -m gm_map -m gm_bpref -m utility
-m utility(a=2,b=-1,c=-0.5,d=0.25) -m Rprec_mult(m=0.6) -m unj@5
-m nDCG -m nDCG(gains=1:3.5,2:9,4:-1) -m ndcg_rel -m Rndcg -m G -m binG
-m ndcg_rel(gains=1:3,2:0.5) -m Rndcg(gains=1:4,3:-1) -m G(gains=1:2.5,2:0)
-m rbp -m rbp(p=0.8) -m rbp_resid
-m ERR@20 -m ERR(max=3)@5 -m nDCG(dcg=exp-log2)@10
-m RBP(p=0.8,gain=graded,max=2) -m INSQ(T=2,gain=graded,max=3)
-m rbp(p=0.8,gains=1:2,3:5) -m nDCG(gains=0:0.5,-1:-0.25,1:2)
-m nDCG(gains=-2:0.75,-1:-0.25,0:0.5,1:2) -m ndcg_rel(gains=-1:0.5,0:0.25)
-m Rndcg(gains=-2:-1,0:1.5) -m G(gains=-1:0.5,0:0.25)
-m rbp(p=0.8,gains=-2:1,-1:-0.5,0:0.5,3:5) -m rbp(p=0.9,gains=2:-1)
-m RBP(p=0.8)@10 -m RBP(p=0.9,gain=graded,max=2)@5 -m INSQ(T=2)@5
-m INSQ(T=1,gain=graded,max=3)@20"

# same_table GOT WANT: the same lines, fields equal or numbers within
# 1e-9 relative (1e-12 absolute); prints "LINES CELLS BAD".
same_table() {
	awk -F'\t' '
	function num(s) { return s ~ /^-?(inf|[0-9.]+([eE][-+]?[0-9]+)?)$/ }
	function abs(x) { return x < 0 ? -x : x }
	NR == FNR { want[FNR] = $0; n = FNR; next }
	{
		m = FNR
		if (FNR > n) { bad++; next }
		na = split(want[FNR], w, "\t"); nb = split($0, g, "\t")
		if (na != nb) { bad++; next }
		for (i = 1; i <= na; i++) {
			if (num(w[i]) && num(g[i])) {
				cells++
				d = abs(w[i] - g[i]); s = abs(w[i]) > abs(g[i]) ? abs(w[i]) : abs(g[i])
				if (d <= 1e-9 * s || d <= 1e-12) continue
			} else if (w[i] == g[i]) continue
			bad++
			if (bad <= 3) printf "#   line %d field %d: got %s, want %s\n", FNR, i, g[i], w[i] > "/dev/stderr"
		}
	}
	END { if (m != n) bad++; print n + 0, cells + 0, bad + 0 }' "$2" "$1"
}

# against_ref LABEL DIR B K ARGS...: cbeval's three tables on DIR against
# the reference's.
against_ref() {
	label=$1 dir=$2 b=$3 k=$4
	shift 4
	out=$T/ref.$label
	mkdir -p "$out"
	# shellcheck disable=SC2086
	if ! "$REF" --cbeval "$PLAIN" -b "$b" --pool "$k" $MEAS "$@" "$out" \
		"$dir/qrels" "$dir"/runs/*.run 2> "$T/referr"; then
		nok "$label: the reference failed: $(head -n 3 "$T/referr")"
		return
	fi
	# shellcheck disable=SC2086
	"$CBEVAL" --quiet -q -p 17 -b "$b" --pool "$k" $MEAS "$@" \
		"$dir/qrels" "$dir"/runs/*.run > "$out/got.summary" 2> "$T/err" ||
		nok "$label: cbeval (summary) failed: $(head -n 3 "$T/err")"
	# shellcheck disable=SC2086
	"$CBEVAL" --quiet -q -p 17 -b "$b" --pool "$k" --pairs \
		--pair-images "$out/got.images" $MEAS "$@" \
		"$dir/qrels" "$dir"/runs/*.run > "$out/got.pairs" 2> "$T/err" ||
		nok "$label: cbeval (pairs) failed: $(head -n 3 "$T/err")"
	for tb in "summary summary.tsv" "pairs pairs.tsv" "images pair_images.tsv"; do
		set -- $tb
		r=$(same_table "$out/got.$1" "$out/$2" 2> "$T/diff")
		set -- $1 $r
		if [ "$4" -eq 0 ] && [ "$3" -gt 0 ]; then
			ok "$label: the $1 table equals the reference's ($2 rows, $3 numbers)"
		else
			nok "$label: the $1 table differs from the reference's in $4 cells ($2 rows)"
			cat "$T/diff"
		fi
	done
}

# A generated collection in DIR (seed S): runs of R runs, every third
# qrels line of grade 0 made -1, the first run without its second topic.
collection() {
	"$GEN" -r "$2" -t 6 -d 40 -s "$3" -P 15 "$1" > /dev/null || nok "gen $1"
	awk '{ if (NR % 3 == 0 && $4 == 0) $4 = -1; print }' "$1/qrels" > "$1/q" &&
		mv "$1/q" "$1/qrels"
	awk 'NR == 1 { t = $1 } $1 != t { u = $1 } u == "" || $1 != u' \
		"$1/runs/gen000.run" > "$1/r" && mv "$1/r" "$1/runs/gen000.run"
}

# ---- 1. against the reference ----------------------------------------------

mkdir -p "$T/ss/runs"
cp tests/ref/synth_small/qrels "$T/ss/"
cp tests/ref/synth_small/runs/sys00[0-3].run "$T/ss/runs/"
against_ref synth_small.K3 "$T/ss" 4 3
collection "$T/g1" 4 11
against_ref gen.K1.l2 "$T/g1" 3 1 -l 2
against_ref gen.K10.M25 "$T/g1" 3 10 -M 25
collection "$T/g2" 3 12
against_ref gen.K100000 "$T/g2" 3 100000
# every measure in images 1..20 (the pool of K = 100000 holds every
# judged document the runs retrieve; test_images.c has the images
# without a pool)
against_ref gen.b20 "$T/g2" 20 100000

# ---- 2. without -q ---------------------------------------------------------

q=$T/ref.gen.K1.l2
# shellcheck disable=SC2086
"$CBEVAL" --quiet -p 17 -b 3 --pool 1 -l 2 $MEAS "$T/g1/qrels" "$T/g1"/runs/*.run > "$T/s.noq"
# shellcheck disable=SC2086
"$CBEVAL" --quiet -p 17 -b 3 --pool 1 -l 2 --pairs --pair-images "$T/i.noq" $MEAS \
	"$T/g1/qrels" "$T/g1"/runs/*.run > "$T/p.noq"
awk -F'\t' 'NR == 1 || $2 == "all"' "$q/got.summary" > "$T/s.all"
awk -F'\t' 'NR == 1 || $4 == "all"' "$q/got.pairs" > "$T/p.all"
awk -F'\t' 'NR == 1 || $4 == "all"' "$q/got.images" > "$T/i.all"
if cmp -s "$T/s.noq" "$T/s.all" && cmp -s "$T/p.noq" "$T/p.all" &&
	cmp -s "$T/i.noq" "$T/i.all"; then
	ok "without -q: the summary, pairs and pair images are the rows of qid all of -q"
else
	nok "without -q the tables are not the rows of qid all of -q"
fi

# ---- 3. a pool that holds every judgement ------------------------------------

D=data
same=0
for a in "-q -b 20" "-b 20 $MEAS" "-q -b 0 $MEAS" "-b 5 --reliability"; do
	# shellcheck disable=SC2086
	"$CBEVAL" --quiet $a "$D/qrels" "$D"/runs/* > "$T/nopool"
	# shellcheck disable=SC2086
	"$CBEVAL" --quiet --pool 100000 $a "$D/qrels" "$D"/runs/* > "$T/pool"
	if [ -s "$T/nopool" ] && cmp -s "$T/nopool" "$T/pool"; then
		same=$((same + 1))
	else
		nok "data/ $a: --pool 100000 differs from no pool"
	fi
done
[ $same -eq 4 ] && ok "data/ (every judged document retrieved): --pool 100000 is byte-identical to no pool (summary with -q, the measures of MEAS, -b 0, --reliability)"

# ---- 4. threads --------------------------------------------------------------

for j in 1 2 3; do
	"$CBEVAL" --quiet -q -j $j -b 6 --pool 5 "$D/qrels" "$D"/runs/gen00[0-4].run > "$T/s.j$j"
	"$CBEVAL" --quiet -q -j $j -b 6 --pool 5 --pairs --pair-images "$T/i.j$j" \
		"$D/qrels" "$D"/runs/gen00[0-4].run > "$T/p.j$j"
done
if cmp -s "$T/s.j1" "$T/s.j2" && cmp -s "$T/s.j1" "$T/s.j3" &&
	cmp -s "$T/p.j1" "$T/p.j2" && cmp -s "$T/p.j1" "$T/p.j3" &&
	cmp -s "$T/i.j1" "$T/i.j2" && cmp -s "$T/i.j1" "$T/i.j3" && [ -s "$T/i.j1" ]; then
	ok "--pool: summary, --pairs and --pair-images byte-identical for -j 1, 2 and 3"
else
	nok "--pool: output depends on -j"
fi

# ---- 5. two runs: the pair's pool is every run's ---------------------------------

two="$D/runs/gen003.run $D/runs/gen009.run"
# shellcheck disable=SC2086
"$CBEVAL" --quiet -q -b 8 --pool 10 --images "$T/img2" "$D/qrels" $two > /dev/null
# shellcheck disable=SC2086
"$CBEVAL" --quiet -q -b 8 --pool 10 --pairs --pair-images "$T/pi2" "$D/qrels" $two > /dev/null
res=$(awk -F'\t' 'NR == FNR { if (FNR > 1) v[$1 SUBSEP $2 SUBSEP $3 SUBSEP $4] = $5; next }
	FNR > 1 { n++; d = v[$1 SUBSEP $4 SUBSEP $3 SUBSEP $5] - v[$2 SUBSEP $4 SUBSEP $3 SUBSEP $5]
		if (!(($1 SUBSEP $4 SUBSEP $3 SUBSEP $5) in v) || d != $6) bad++ }
	END { print n + 0, bad + 0 }' "$T/img2" "$T/pi2")
set -- $res
if [ "$1" -eq $(( 7 * 21 * 9 )) ] && [ "$2" -eq 0 ]; then
	ok "two runs: all $1 differences of --pair-images equal those of the summary's --images with the same pool, exactly"
else
	nok "two runs: $2 of $1 pair-image differences differ from the summary's images"
fi

# ---- 6. by hand ------------------------------------------------------------------

mkdir -p "$T/h"
printf '1 0 a 1\n1 0 b 1\n1 0 c 0\n1 0 d 1\n' > "$T/h/q"
printf '1 Q0 a 1 4 X\n1 Q0 c 2 3 X\n1 Q0 b 3 2 X\n1 Q0 x 4 1 X\n' > "$T/h/x"
printf '1 Q0 d 1 3 Y\n1 Q0 b 2 2 Y\n1 Q0 a 3 1 Y\n' > "$T/h/y"
printf '1 Q0 b 1 1 Z\n' > "$T/h/z"
"$CBEVAL" --quiet -p 17 -b 1 --pool 1 -m AP --images "$T/h/img" "$T/h/q" "$T/h/x" "$T/h/y" "$T/h/z" > /dev/null
"$CBEVAL" --quiet -p 17 -b 1 --pool 1 -m AP --pairs --pair-images "$T/h/pi" "$T/h/q" "$T/h/x" "$T/h/y" "$T/h/z" > /dev/null
# summary root: pool {a, d, b}: X (1 + 2/3)/3 = 5/9, Y 1, Z 1/3; pair
# (X, Y): pool {a, d}: X 1/2, Y (1 + 2/3)/2 = 5/6, difference -1/3;
# (X, Z): pool {a, b}: X (1 + 2/3)/2 = 5/6, Z 1/2; (Y, Z): pool {d, b}:
# Y (1 + 2/2)/2 = 1, Z 1/2.
res=$(awk -F'\t' 'function near(x, y) { return x - y < 1e-15 && y - x < 1e-15 }
	FILENAME ~ /img$/ && $2 == "all" && $4 == 0 { s[$1] = $5 }
	FILENAME ~ /pi$/ && $4 == "all" && $5 == 0 { p[$1 $2] = $6 }
	END { print near(s["X"], 5 / 9) && near(s["Y"], 1) && near(s["Z"], 1 / 3) &&
		near(p["XY"], 0.5 - 5 / 6) && near(p["XZ"], 5 / 6 - 0.5) && near(p["YZ"], 0.5) }' \
	"$T/h/img" "$T/h/pi")
if [ "$res" = 1 ]; then
	ok "by hand: each pair has its own pool (root AP differences -1/3, 1/3, 1/2 with pools {a, d}, {a, b}, {d, b}; the summary's pool {a, d, b} gives 5/9, 1, 1/3)"
else
	nok "by hand: the pools of the summary and of the pairs"
	cat "$T/h/img" "$T/h/pi" | sed 's/^/#   /'
fi

# ---- 7. -b 0 ---------------------------------------------------------------------

"$CBEVAL" --quiet -q -p 17 --pool 4 "$D/qrels" "$D"/runs/* > "$T/b0"
"$CBEVAL" --quiet -b 1 --pool 4 --images "$T/b1" "$D/qrels" "$D"/runs/* > /dev/null
res=$(awk -F'\t' 'NR == FNR { if (FNR > 1 && $4 == 0) v[$1 SUBSEP $2 SUBSEP $3] = $5; next }
	FNR > 1 { n++; d = v[$1 SUBSEP $2 SUBSEP $3] - $4; if (d > 1e-15 || d < -1e-15) bad++ }
	END { print n + 0, bad + 0 }' "$T/b1" "$T/b0")
set -- $res
if [ "$1" -eq $(( 10 * 21 * 7 )) ] && [ "$2" -eq 0 ]; then
	ok "-b 0 --pool 4: all $1 values are image 0 of -b 1 --pool 4 --images"
else
	nok "-b 0 --pool 4: $2 of $1 values differ from image 0"
fi
exit $fail
