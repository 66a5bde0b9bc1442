#!/bin/sh
# t_bias.sh - cbeval --bias (shared spec bias.md, after Cormack & Grossman,
# SIGIR 2019) against the slow, independent reference build/ref_bias
# (tests/ref_bias.c), which materialises every replicate of every
# collection as files (qrels and runs, in an image each document repeated
# k times in place as docno~1..docno~k, k from its own floating-point
# image function), scores them with plain cbeval (image 0 of
# `cbeval -b 1 --images`, the plain evaluation printed with %.17g), and
# computes the table the obvious way: the draws of streams 8 and 9
# recomputed per sample, slot-by-slot sums, tau-b by counting pairs.
#
# 1. The reference on its own (runs even while cbeval lacks the mode): its
#    self-test (draws.md's vectors; vectors of streams 8, 9 and 10 from
#    draws.md's Python; the image function against the manual page;
#    tau-b on hand cases with ties; the order of additions; the
#    engineered permutation by hand; the number format); two tables
#    worked by hand on given values (--values): hand case A (a collection
#    of 2 replicates, samples with an undefined tau-b, negative bias and
#    rmse), its -p 3 form and its per-sample tau-b, and hand case B (GM,
#    n' > n, a collection whose every sample is all tied: NA); and the
#    materialised files of a tiny collection (the multiplicities of
#    FBIS3-162447 as the manual page says, the same k in qrels and runs,
#    pool:1 at the root and in images, an engineered run by hand, the
#    line that keeps a topic emptied by an image, which changes no value);
#    engineered runs keep AP per topic at the root (plain cbeval on the
#    reference's materialised files).
# 2. cbeval --bias against the reference, cell by cell: the same rows in
#    the same order; `replicates` and NA exactly; other numbers within
#    1e-9 relative or 1e-12 absolute (bias and rmse through their signed
#    squares, since the root amplifies rounding near 0), printed with -p
#    decimals.  Where a ranking tie of a sample (or of the root) is
#    decided by rounding - two scores within 1e-10 relative whose values
#    are not identical slot by slot, common with P@10 - the reference
#    lists the cell with the range that every decision of those near-ties
#    gives (--fragile); such a cell must lie in its range.  Cases:
#    synth_small, data/ and build/gen collections (graded qrels, tied
#    scores, a duplicated run); a perturbed copy of the qrels, a comma
#    list of 3 replicate qrels, pool:3, pool:5, pool:10, --engineered,
#    -b 2 and -b 3, --topics larger and smaller than n, -t 20..50, -l 2,
#    -M, --order rank, --top, GM(AP), -p 3, defaults, the largest seed;
#    -j 1 and -j 2 byte-identical.  While cbeval has no --bias this part
#    prints one SKIP line, and so does part 3.
# 3. Properties of cbeval --bias alone (SKIP while it is missing):
#    engineered runs keep AP (the table with --engineered equals the table
#    with copies of the runs in their place, for AP, and not for a graded
#    measure); pool:K deeper than every run equals the qrels themselves
#    (the same table as --against QRELS, with and without -b) and so
#    |bias| <= 0.5 sigma; sigma roughly halves when --topics quadruples
#    (ratio in [0.35, 0.65]) and the same check fails when --topics only
#    doubles; input and usage errors.
#
# The comparisons were checked against stand-ins for cbeval --bias (not
# part of the test): the reference itself, with --alt-order (other orders
# of additions: every near-tie cell within its range), and mutants of it
# (sigma2 without the 1/2, streams 8 and 9 swapped, GM as a mean, the
# engineered permutation from i = 1 up or at level 1, pools counting
# documents instead of copies or pooling the engineered runs, tau-a, the
# root without replicate means, the sets of Delta swapped, the images of
# b + 1): each fails some case of parts 2 and 3.
#
# POSIX sh + awk; the reference is C (no Python needed).
set -u
. tests/lib.sh
REF=${REF:-build/ref_bias}
GEN=${GEN:-build/gen}
R=tests/ref/synth_small
D=data
TOL=1e-9
# The plain cbeval with which the reference scores the files: the optimised
# build ./cbeval (make test builds it) in both flavours, for speed, else
# $CBEVAL.
PLAIN=./cbeval
[ -x "$PLAIN" ] || PLAIN=$CBEVAL
start=$(date +%s)

if [ ! -x "$REF" ]; then
	nok "$REF is missing (make build/ref_bias)"
	exit $fail
fi

# ---- helpers -------------------------------------------------------------

# rows_count FILE: data rows of a table.
rows_count() { awk 'NR > 1' "$1" | wc -l | tr -d ' '; }

# check_rows EXPECTED ACTUAL TOL WHAT: every row "measure collection truth
# statistic value" of EXPECTED occurs in the table ACTUAL with the same
# value: NA exactly, numbers within TOL relative (1e-15 absolute).
check_rows() {
	awk -F'\t' -v tol="$3" '
	function num(s) { return s ~ /^-?[0-9.]+([eE][-+]?[0-9]+)?$/ }
	function abs(x) { return x < 0 ? -x : x }
	NR == FNR { if (NF) { k = $1 FS $2 FS $3 FS $4; want[k] = $5; order[++n] = k }; next }
	FNR > 1 { got[$1 FS $2 FS $3 FS $4] = $5; rows++ }
	END {
		for (i = 1; i <= n; i++) {
			k = order[i]
			if (!(k in got)) { bad++; if (bad <= 5) printf "#   missing row %s\n", k; continue }
			a = got[k]; b = want[k]
			if (num(a) && num(b)) {
				d = abs(a - b); m = abs(a) > abs(b) ? abs(a) : abs(b)
				if (d <= tol * m || d <= 1e-15) continue
			} else if (a == b) continue
			bad++; if (bad <= 5) printf "#   %s: got %s, want %s\n", k, a, b
		}
		printf "%d %d %d\n", n, bad + 0, rows + 0 }' "$1" "$2" > "$T/cr.out"
	tail -n 1 "$T/cr.out" > "$T/cr.sum"
	read -r nexp nbad nrows < "$T/cr.sum"
	if [ "$nbad" -eq 0 ] && [ "$nexp" -gt 0 ] && [ "$nexp" -eq "$nrows" ]; then
		ok "$4: all $nexp cells as computed by hand"
	else
		nok "$4: $nbad of $nexp cells differ from the hand computation (table of $nrows rows)"
		sed '$d' "$T/cr.out"
	fi
}

# compare CBEVAL_TABLE REF_TABLE FRAGILE WHAT [P]: the same rows in the
# same order, every cell compared: `replicates` and NA as strings; other
# numbers within TOL relative or 1e-12 absolute - bias and rmse through
# sign(v) v^2 - and printed with P decimals.  A cell listed in FRAGILE
# (the reference's --fragile) may instead lie anywhere in its range (any
# value for "*").  With P below 17 numbers may also differ by one unit of
# the last printed digit.  Prints one ok/nok line with the cell count, the
# worst relative difference and the number of near-tie cells.
compare() {
	awk -F'\t' -v tol="$TOL" -v p="${5:-17}" '
	function num(s) { return s ~ /^-?[0-9]+(\.[0-9]+)?$/ }
	function abs(x) { return x < 0 ? -x : x }
	function decimals(s) { return index(s, ".") ? length(s) - index(s, ".") : 0 }
	function report(msg) { bad++; if (bad <= 8) printf "#   %s %s %s %s: %s\n", x[1], x[2], x[3], x[4], msg }
	f == 1 { k = $1 FS $2 FS $3 FS $4; flo[k] = $5; fhi[k] = $6; next }
	f == 2 { a[FNR] = $0; na = FNR; next }
	f == 3 { nb = FNR; b[FNR] = $0 }
	END {
		if (na != nb) { printf "#   %d rows from cbeval, %d from the reference\n", na - 1, nb - 1; bad++ }
		n = na < nb ? na : nb; worst = 0; cells = 0; ties = 0
		ulp = 1; for (i = 0; i < p; i++) ulp /= 10
		for (i = 1; i <= n; i++) {
			split(a[i], x, "\t"); split(b[i], y, "\t")
			if (x[1] != y[1] || x[2] != y[2] || x[3] != y[3] || x[4] != y[4] || (i == 1 && x[5] != y[5])) {
				bad++; if (bad <= 8) printf "#   row %d: %s | %s\n", i, a[i], b[i]; continue }
			if (i == 1) continue
			cells++
			u = x[5]; v = y[5]
			if (x[4] == "replicates") { if (u != v) report("cbeval " u ", reference " v); continue }
			if (u != "NA" && (!num(u) || decimals(u) != p)) { report("cbeval " u " is not printed with " p " decimals"); continue }
			if (u == v) continue
			k = x[1] FS x[2] FS x[3] FS x[4]
			if (k in flo) {
				if (flo[k] == "*") { ties++; continue }
				if (num(u) && u >= flo[k] - 1e-9 - ulp && u <= fhi[k] + 1e-9 + ulp) { ties++; continue }
				report("cbeval " u ", reference " v ", outside the near-tie range [" flo[k] ", " fhi[k] "]"); continue
			}
			if (!num(u) || !num(v)) { report("cbeval " u ", reference " v); continue }
			d = abs(u - v); m = abs(u) > abs(v) ? abs(u) : abs(v)
			if (x[4] == "bias" || x[4] == "rmse") {
				d2 = abs((u < 0 ? -u * u : u * u) - (v < 0 ? -v * v : v * v))
				if (d2 <= 1e-12 || d2 <= tol * m * m) continue
			}
			r = m > 0 ? d / m : 0
			if (d > 1e-12 && r > worst) worst = r
			if (d <= tol * m || d <= 1e-12) continue
			if (p < 17 && d <= ulp * 1.01) continue
			report("cbeval " u ", reference " v)
		}
		printf "%d %d %.3g %d\n", cells, bad + 0, worst, ties }' f=1 "$3" f=2 "$1" f=3 "$2" > "$T/cmp.out"
	tail -n 1 "$T/cmp.out" > "$T/cmp.sum"
	read -r cells nbad worst ties < "$T/cmp.sum"
	if [ "$nbad" -eq 0 ] && [ "$cells" -gt 0 ]; then
		ok "$4: $cells cells equal the reference (worst relative difference $worst; $(wc -l < "$3" | tr -d ' ') cells hang on near-ties, $ties of them other than the reference's, within their range)"
	else
		nok "$4: $nbad differences in $cells cells"
		sed '$d' "$T/cmp.out"
	fi
}

# ---- 1. the reference on its own ------------------------------------------

"$REF" --selftest > "$T/self" 2>&1
rc=$?
cat "$T/self"
if [ $rc -ne 0 ] || grep -q '^not ok' "$T/self"; then fail=1; fi

# Hand case A: seed 1, T = 4, n = n' = 2 topics (1, 2), runs a, b, c, one
# measure AP.  Collection 0 "reference" (1 replicate): a (1/2, 1/2),
# b (1/4, 1), c (3/4, 0).  Collection 1 "alt" (2 replicates): replicate 0
# a (1/4, 1), b (1/2, 1/2), c (1/2, 1/4); replicate 1: every run (0, 1/2).
# Draws (draws.md's Python; --draws prints them), topic positions t and
# replicates r of slots 0, 1:
#   c 0, h 1, b 1..4: t (1,0) (0,0) (1,1) (1,0);  h 2: (0,1) (0,1) (0,1) (1,0)
#   c 1, h 1: t (1,1) (0,1) (0,1) (1,0), r (0,1) (1,1) (0,0) (1,0);
#        h 2: t (1,0) (0,1) (0,1) (1,0), r (1,1) (0,1) (0,1) (1,1).
# Sample scores (a, b, c): reference h 1: (1/2, 5/8, 3/8) (1/2, 1/4, 3/4)
#   (1/2, 1, 0) (1/2, 5/8, 3/8); h 2: (1/2, 5/8, 3/8) four times.
#   alt h 1: (3/4, 1/2, 3/8) (1/4, 1/4, 1/4) (5/8, 1/2, 3/8)
#   (3/8, 1/2, 1/2); h 2: (1/4, 1/4, 1/4) (3/8, 1/2, 1/2) (3/8, 1/2, 1/2)
#   (1/4, 1/4, 1/4).
# tau-b: sigma(reference): 1, -1, 1, 1: delta^2 0, 4, 0, 0: sigma2 = 1/2,
#   sigma = 0.7071067811865476.  sigma(alt): b 1, 2, 4 undefined (a
#   ranking all tied); b 3: (a > b > c) against (b = c > a): C 0, D 2, one
#   tie: -2/sqrt(6): sigma2 = (1 + 2/sqrt(6))^2 / 2, sigma =
#   1.2844570503761734.
# Delta(reference, alt) (set 1 of reference, set 2 of alt): b 1, 4
#   undefined; b 2: (c > a > b) against (b = c > a): 0; b 3: (b > a > c)
#   against (b = c > a): 0: Delta = 1.  b2 = 1 - 1/2 - sigma2(alt) < 0:
#   bias = -1.0723012236592195, rmse = -sqrt(sigma2(alt) - 1) =
#   -0.8061202852310936.
# Delta(alt, reference): b 1: (a > b > c) against (b > a > c): 1/3; b 2
#   undefined; b 3: 1/3; b 4: (b = c > a) against (b > a > c): 0:
#   Delta = (4/9 + 4/9 + 1) / 3 = 17/27; bias = -sqrt(1/2 + sigma2(alt) -
#   17/27) = -1.2329640240621094, rmse = sqrt(17/27 - 1/2) =
#   0.36004114991154784.
# tau_root: reference (1/2, 5/8, 3/8); alt by replicate means:
#   topic 1 (1/8, 1/4, 1/4), topic 2 (3/4, 1/2, 3/8): (7/16, 3/8, 5/16):
#   one discordant pair of three: 1/3 both ways.
{
	printf 'collection\treplicate\trun\tqid\tmeasure\tvalue\n'
	printf 'reference\t0\t%s\t%s\tAP\t%s\n' a 1 0.5 a 2 0.5 b 1 0.25 b 2 1 c 1 0.75 c 2 0
	printf 'alt\t0\t%s\t%s\tAP\t%s\n' a 1 0.25 a 2 1 b 1 0.5 b 2 0.5 c 1 0.5 c 2 0.25
	printf 'alt\t1\t%s\t%s\tAP\t%s\n' a 1 0 a 2 0.5 b 1 0 b 2 0.5 c 1 0 c 2 0.5
} > "$T/handA.tsv"
{
	printf 'AP\treference\tNA\t%s\t%s\n' sigma 0.7071067811865476 replicates 1
	printf 'AP\talt\tNA\t%s\t%s\n' sigma 1.2844570503761734 replicates 2
	printf 'AP\treference\talt\t%s\t%s\n' bias -1.0723012236592195 rmse -0.8061202852310936 \
		delta 1 tau_root 0.3333333333333333
	printf 'AP\talt\treference\t%s\t%s\n' bias -1.2329640240621094 rmse 0.36004114991154784 \
		delta 0.6296296296296297 tau_root 0.3333333333333333
} > "$T/handA.want"
if "$REF" --values "$T/handA.tsv" -t 4 --seed 1 -p 17 --trace "$T/handA.trace" \
	--fragile "$T/handA.frag" > "$T/handA.out" 2> "$T/handA.err" &&
	[ "$(head -n 1 "$T/handA.out")" = "$(printf 'measure\tcollection\ttruth\tstatistic\tvalue')" ] &&
	[ ! -s "$T/handA.err" ] && [ ! -s "$T/handA.frag" ]; then
	check_rows "$T/handA.want" "$T/handA.out" 1e-14 "reference, hand case A (3 runs x 2 topics, a collection of 2 replicates, T 4): every statistic"
	# the rows in the order of the spec
	cut -f2-4 "$T/handA.out" | tr '\t' ' ' | tr '\n' '|' > "$T/handA.order"
	if [ "$(cat "$T/handA.order")" = "collection truth statistic|reference NA sigma|reference NA replicates|alt NA sigma|alt NA replicates|reference alt bias|reference alt rmse|reference alt delta|reference alt tau_root|alt reference bias|alt reference rmse|alt reference delta|alt reference tau_root|" ]; then
		ok "reference, hand case A: the rows in the order of the spec"
	else
		nok "reference, hand case A: rows out of order: $(cat "$T/handA.order")"
	fi
	# the per-sample tau-b
	printf '%s\n' "sigma 0 - 1 1" "sigma 0 - 2 -1" "sigma 0 - 3 1" "sigma 0 - 4 1" \
		"sigma 1 - 1 NA" "sigma 1 - 2 NA" "sigma 1 - 3 -0.81649658092772615" "sigma 1 - 4 NA" \
		"Delta 0 1 1 NA" "Delta 0 1 2 0" "Delta 0 1 3 0" "Delta 0 1 4 NA" \
		"Delta 1 0 1 0.33333333333333331" "Delta 1 0 2 NA" "Delta 1 0 3 0.33333333333333331" "Delta 1 0 4 0" > "$T/handA.tw"
	cut -f3- "$T/handA.trace" | tr '\t' ' ' > "$T/handA.tg"
	if cmp -s "$T/handA.tw" "$T/handA.tg"; then
		ok "reference, hand case A: tau-b of every sample as worked by hand (NA where a ranking is all tied)"
	else
		nok "reference, hand case A: the per-sample tau-b differ"
		diff "$T/handA.tw" "$T/handA.tg" | sed 's/^/#   /' | head -n 10
	fi
else
	nok "reference, hand case A: it failed, warned, flagged near-ties or printed another header"
	sed 's/^/#   /' "$T/handA.err"
fi
# The same with -p 3: rounded, the exact table.
"$REF" --values "$T/handA.tsv" -t 4 -p 3 2>&1 | tail -n +2 | cut -f2- | tr '\t' ' ' | tr '\n' '|' > "$T/handA3"
if [ "$(cat "$T/handA3")" = "reference NA sigma 0.707|reference NA replicates 1|alt NA sigma 1.284|alt NA replicates 2|reference alt bias -1.072|reference alt rmse -0.806|reference alt delta 1.000|reference alt tau_root 0.333|alt reference bias -1.233|alt reference rmse 0.360|alt reference delta 0.630|alt reference tau_root 0.333|" ]; then
	ok "reference, hand case A with -p 3: 3 decimals, replicates whole, negative values signed"
else
	nok "reference, hand case A with -p 3: $(cat "$T/handA3")"
fi

# Hand case B: GM(AP), n = 2, n' = 3 (--topics 3 > n), T = 4, seed 1;
# collections reference (case A's), flat (every run (1/2, 1/4): every
# sample all tied) and alt (case A's).  GM agg: exp(mean log(x + 1e-5)) -
# 1e-5; a always scores 1/2 in the reference.  Topic positions of
# reference: h 1 (1,0,0) (0,0,0) (1,1,0) (1,0,0), h 2 (0,1,1) (0,1,0)
# (0,1,1) (1,0,1): rankings h 1: a > b > c, c > a > b, b > a > c,
# a > b > c; h 2: b > a > c, a > b > c, b > a > c, b > a > c: tau-b 1/3,
# -1/3, 1, 1/3: sigma2 = (4/9 + 16/9 + 0 + 4/9) / 4 / 2 = 1/3, sigma =
# 1/sqrt(3).  flat: sigma NA and every cell with it NA (tau_root too).
# alt (c = 2): only b 3 defined (tau-b 0): sigma = sqrt(1/2).
# Delta(reference, alt): b 2: -1/3, b 3: 0 (b 1, 4 all tied in alt):
# (16/9 + 1) / 2 = 25/18: bias = sqrt(25/18 - 1/3 - 1/2) = sqrt(5/9),
# rmse = sqrt(25/18 - 1/2) = sqrt(8/9).  Delta(alt, reference): b 1: 0
# (b = c > a against b > a > c), b 3: 1, b 4: 0 (b 2 all tied): 2/3:
# bias = -sqrt(1/6), rmse = sqrt(1/3).  tau_root: b > a > c in both (alt's
# replicate means: a (1/8, 3/4), b (1/4, 1/2), c (1/4, 3/8); GM a
# 0.30619 > c 0.30618): 1.
{
	printf 'collection\treplicate\trun\tqid\tmeasure\tvalue\n'
	printf 'reference\t0\t%s\t%s\tGM(AP)\t%s\n' a 1 0.5 a 2 0.5 b 1 0.25 b 2 1 c 1 0.75 c 2 0
	printf 'flat\t0\t%s\t%s\tGM(AP)\t%s\n' a 1 0.5 a 2 0.25 b 1 0.5 b 2 0.25 c 1 0.5 c 2 0.25
	printf 'alt\t0\t%s\t%s\tGM(AP)\t%s\n' a 1 0.25 a 2 1 b 1 0.5 b 2 0.5 c 1 0.5 c 2 0.25
	printf 'alt\t1\t%s\t%s\tGM(AP)\t%s\n' a 1 0 a 2 0.5 b 1 0 b 2 0.5 c 1 0 c 2 0.5
} > "$T/handB.tsv"
{
	printf 'GM(AP)\treference\tNA\t%s\t%s\n' sigma 0.5773502691896258 replicates 1
	printf 'GM(AP)\tflat\tNA\t%s\t%s\n' sigma NA replicates 1
	printf 'GM(AP)\talt\tNA\t%s\t%s\n' sigma 0.7071067811865476 replicates 2
	printf 'GM(AP)\treference\tflat\t%s\t%s\n' bias NA rmse NA delta NA tau_root NA
	printf 'GM(AP)\treference\talt\t%s\t%s\n' bias 0.7453559924999299 rmse 0.9428090415820634 \
		delta 1.3888888888888888 tau_root 1
	printf 'GM(AP)\tflat\treference\t%s\t%s\n' bias NA rmse NA delta NA tau_root NA
	printf 'GM(AP)\tflat\talt\t%s\t%s\n' bias NA rmse NA delta NA tau_root NA
	printf 'GM(AP)\talt\treference\t%s\t%s\n' bias -0.408248290463863 rmse 0.5773502691896258 \
		delta 0.6666666666666666 tau_root 1
	printf 'GM(AP)\talt\tflat\t%s\t%s\n' bias NA rmse NA delta NA tau_root NA
} > "$T/handB.want"
if "$REF" --values "$T/handB.tsv" -t 4 --topics 3 -p 17 --fragile "$T/handB.frag" > "$T/handB.out" 2> "$T/handB.err" &&
	[ ! -s "$T/handB.err" ] && [ ! -s "$T/handB.frag" ]; then
	check_rows "$T/handB.want" "$T/handB.out" 1e-14 "reference, hand case B (GM(AP), n' 3 > n 2, a collection always all tied): every statistic, NA rules"
else
	nok "reference, hand case B: it failed, warned or flagged near-ties"
	sed 's/^/#   /' "$T/handB.err"
fi

# Near-ties (choice 9): runs x and y with the same tenths on three topics
# in other orders, (1/10, 2/10, 3/10) and (3/10, 2/10, 1/10), tie in real
# arithmetic but their sums differ in the last bit: the reference lists
# the cells that hang on them (tau_root too), each with a range holding
# its own value.  Runs z and w with identical values slot by slot tie
# exactly in any implementation: nothing is listed.
near_case() { # FILE RUNS...: P@10 values of the runs named, two collections
	f=$1; shift
	printf 'collection\treplicate\trun\tqid\tmeasure\tvalue\n' > "$f"
	for c in reference alt; do
		for r in "$@"; do
			case $r in
			x) v="0.1 0.2 0.3" ;; y) v="0.3 0.2 0.1" ;; z | w) v="0.5 0.5 0.6" ;; *) v="0.9 0.7 0.8" ;;
			esac
			set -- $v "$@"
			printf "$c\t0\t$r\t%s\tP@10\t%s\n" 1 "$1" 2 "$2" 3 "$3" >> "$f"
			shift 3
		done
	done
}
near_case "$T/near1.tsv" z w v
near_case "$T/near2.tsv" x y v
"$REF" --values "$T/near1.tsv" -t 20 -p 17 --fragile "$T/near1.frag" > "$T/near1.out" 2>&1
"$REF" --values "$T/near2.tsv" -t 20 -p 17 --fragile "$T/near2.frag" > "$T/near2.out" 2>&1
if [ -s "$T/near1.out" ] && [ ! -s "$T/near1.frag" ] && grep -q 'tau_root' "$T/near2.frag" &&
	awk -F'\t' 'NR == FNR { v[$1 FS $2 FS $3 FS $4] = $5; next }
		{ k = $1 FS $2 FS $3 FS $4; n++; if ($5 == "*" || !(k in v) || !($5 <= v[k] + 1e-15 && v[k] <= $6 + 1e-15)) exit 1 }
		END { exit n < 5 }' "$T/near2.out" "$T/near2.frag"; then
	ok "reference: near-ties (the same tenths in other slot orders) list $(wc -l < "$T/near2.frag" | tr -d ' ') cells with ranges holding the reference's values; identical runs none"
else
	nok "reference: near-ties not listed as choice 9 says"
	sed 's/^/#   /' "$T/near1.frag" "$T/near2.frag" | head -n 8
fi

# The materialised files of a tiny collection (needs plain cbeval, which
# every build has): seed 1; the manual page gives FBIS3-162447's
# multiplicity in images 1..5 as 3, 5, 1, 2, 0.  Topic 3 judges only
# FBIS3-162447, so it is empty in image 5 and must be kept by the line of
# a document no run retrieves.
mkdir -p "$T/tiny/runs"
{
	printf '1 0 FBIS3-162447 1\n1 0 LA010189-0001 1\n1 0 FT921-1234 0\n1 0 doc4 2\n'
	printf '2 0 FBIS3-162447 1\n2 0 FR940104-0-00001 1\n2 0 WTX001-B01-1 1\n2 0 doc4 0\n'
	printf '3 0 FBIS3-162447 1\n'
} > "$T/tiny/qrels"
{
	printf '1 Q0 FBIS3-162447 1 3.5 ta\n1 Q0 doc4 2 2.5 ta\n1 Q0 FT921-1234 3 2.5 ta\n1 Q0 unjudged 4 1 ta\n'
	printf '2 Q0 WTX001-B01-1 1 9 ta\n2 Q0 FBIS3-162447 2 8 ta\n3 Q0 FBIS3-162447 1 1 ta\n3 Q0 other 2 0 ta\n'
} > "$T/tiny/runs/a.run"
{
	printf '2 Q0 FR940104-0-00001 1 1 tb\n2 Q0 FBIS3-162447 2 0.5 tb\n'
	printf '1 Q0 LA010189-0001 1 4 tb\n1 Q0 FBIS3-162447 2 3 tb\n1 Q0 doc4 3 2 tb\n'
} > "$T/tiny/runs/b.run"
K=$T/tiny/keep
if "$REF" --cbeval "$PLAIN" -t 5 -b 5 -m AP,P@10 --against pool:1 --engineered --keep "$K" \
	"$T/tiny/qrels" "$T/tiny/runs/a.run" "$T/tiny/runs/b.run" > "$T/tiny.out" 2> "$T/tiny.err"; then
	got=
	for r in 0 1 2 3 4; do
		got="$got $(grep -c '^1 0 FBIS3-162447~' "$K/c0.r$r.qrels")"
	done
	if [ "$got" = " 3 5 1 2 0" ]; then
		ok "reference: FBIS3-162447 has 3 5 1 2 0 copies in images 1..5 (manual page)"
	else
		nok "reference: FBIS3-162447 has$got copies in images 1..5, not 3 5 1 2 0"
	fi
	# every docno has one multiplicity k across the topics, the qrels and
	# the runs of an image, and its copies are numbered 1..k
	bad=
	for r in 0 1 2 3 4; do
		awk '$3 ~ /~/ { n = split($3, p, "~"); k = FILENAME SUBSEP $1 SUBSEP p[1]
			cnt[k]++; if (p[2] + 0 > mx[k]) mx[k] = p[2] + 0 }
		     END { for (k in cnt) { split(k, f, SUBSEP); d = f[3]
				if (cnt[k] != mx[k]) exit 1
				if (d in kd && kd[d] != cnt[k]) exit 1
				kd[d] = cnt[k] } }' \
			"$K/c0.r$r.qrels" "$K/c0.r$r.run0" "$K/c0.r$r.run1" "$K/c0.r$r.run2" "$K/c0.r$r.run3" ||
			bad="$bad image$((r + 1))"
	done
	if [ -z "$bad" ]; then
		ok "reference: in images 1..5 a docno has the same copies 1..k in every topic, the qrels and every run"
	else
		nok "reference: a docno's copies differ between files or topics:$bad"
	fi
	if grep -q '^3 0 ref-bias-never-retrieved-0 -2147483647$' "$K/c0.r4.qrels" &&
		! grep -q '^3 0 ref-bias-never' "$K/c0.r0.qrels"; then
		ok "reference: topic 3, emptied by image 5, is kept by the line of a document no run retrieves (and only there)"
	else
		nok "reference: topic 3 in image 5 is not kept as choice 6 says"
	fi
	# pool:1 in each image: the documents whose first copy is at position 1
	# of ta's or tb's imaged ranking of the topic (the first document of
	# multiplicity > 0), recomputed here from the materialised runs, and
	# their judgements with all their copies (those of the reference's
	# image).
	bad=
	for r in 0 1 2 3 4; do
		awk '$1 != "ref-bias-none-0" && $4 == 1 { split($3, p, "~"); print $1, p[1] }' \
			"$K/c1.r$r.run0" "$K/c1.r$r.run1" | sort -u > "$T/pool.top"
		awk 'NR == FNR { top[$1 " " $2] = 1; next } ($1 " " $3) in top { print $1, $3 }' \
			"$T/pool.top" "$T/tiny/qrels" | sort -u > "$T/pool.want"
		awk '$3 !~ /^ref-bias-never/ { split($3, p, "~"); print $1, p[1] }' "$K/c1.r$r.qrels" | sort -u > "$T/pool.got"
		cmp -s "$T/pool.want" "$T/pool.got" || bad="$bad pool/image$((r + 1))"
		# and with all their copies: as many as in the reference's image
		awk '$3 !~ /^ref-bias-never/' "$K/c1.r$r.qrels" | sort > "$T/pool.lines"
		awk 'NR == FNR { split($0, a, " "); top[a[1] " " a[2]] = 1; next }
		     { split($3, p, "~"); if (($1 " " p[1]) in top) print }' "$T/pool.want" "$K/c0.r$r.qrels" | sort > "$T/pool.lines.want"
		cmp -s "$T/pool.lines" "$T/pool.lines.want" || bad="$bad pool-copies/image$((r + 1))"
	done
	if [ -z "$bad" ]; then
		ok "reference: pool:1 in images 1..5 = the judgements of the documents first in a ranking of the image, with all their copies"
	else
		nok "reference: pool:1 wrong:$bad"
	fi
else
	nok "reference on a tiny collection with -b 5 failed"
	sed 's/^/#   /' "$T/tiny.err"
fi
# At the root: pool:1 and the engineered runs by hand.  ta (j = 0), topic
# 1 (t = 0): FBIS3-162447 (rel), doc4 (rel; 2.5 tied with FT921-1234,
# docno descending), FT921-1234, unjudged: m = 2, i = 1:
# index(word(1,10,0,0,1), 2) = 1; topic 2: WTX001-B01-1, FBIS3-162447:
# index(word(1,10,0,1,1), 2) = 1; topic 3: m = 1: every swap of ta is
# with itself: ta~perm = ta.  tb (j = 1),
# topic 1 (t = 0): LA010189-0001, FBIS3-162447, doc4, all relevant: m = 3;
# i = 2: index(word(1,10,1,0,2), 3) = 0: doc4, FBIS3, LA; i = 1:
# index(word(1,10,1,0,1), 2) = 1: unchanged.  Topic 2 (t = 1):
# FR940104-0-00001, FBIS3-162447: i = 1: index(word(1,10,1,1,1), 2) = 0:
# swapped.
K=$T/tiny/keep0
if "$REF" --cbeval "$PLAIN" -t 5 -m AP --against pool:1 --engineered --keep "$K" \
	"$T/tiny/qrels" "$T/tiny/runs/a.run" "$T/tiny/runs/b.run" > "$T/tiny.out" 2> "$T/tiny.err"; then
	docs() { awk -v q="$2" '$1 == q { printf " %s", $3 }' "$1"; }
	p1=$(awk '{ printf "%s %s,", $1, $3 }' "$K/c1.r0.qrels")
	e0=$(docs "$K/c0.r0.run2" 1)$(docs "$K/c0.r0.run2" 2)
	o0=$(docs "$K/c0.r0.run0" 1)$(docs "$K/c0.r0.run0" 2)
	e1=$(docs "$K/c0.r0.run3" 1)/$(docs "$K/c0.r0.run3" 2)
	tag=$(awk 'NR == 1 { print $6 }' "$K/c0.r0.run3")
	if [ "$p1" = "1 FBIS3-162447,1 LA010189-0001,2 FR940104-0-00001,2 WTX001-B01-1,3 FBIS3-162447," ] &&
		[ "$e0" = "$o0" ] && [ "$e1" = " doc4 FBIS3-162447 LA010189-0001/ FBIS3-162447 FR940104-0-00001" ] &&
		[ "$tag" = "tb~perm" ]; then
		ok "reference at the root: pool:1 by hand; engineered runs by hand (ta~perm = ta; tb~perm: doc4 FBIS3 LA / FBIS3 FR)"
	else
		nok "reference at the root: pool:1 [$p1] or engineered runs [$e0 | $e1 | $tag] not as worked by hand"
	fi
else
	nok "reference on a tiny collection at the root failed"
	sed 's/^/#   /' "$T/tiny.err"
fi

# The line of choice 6 changes nothing: plain cbeval on qrels whose topic
# 3 judges one nonrelevant document, with and without the line
# "3 0 ref-bias-never-retrieved-0 -2147483647", gives the same per-topic
# values for measures that count judged documents too; and a topic judged
# only by that line scores as the spec says for R = 0 (0, except num_ret
# and judged@k, which are 0 here as nothing retrieved is judged).
MS='AP,nDCG@10,P@10,RBP(p=0.95),INSQ(T=5),RR,bpref,judged@5,num_ret,num_rel,num_rel_ret,R@5,Rprec,Q,nCG@10'
{ grep -v '^3 ' "$T/tiny/qrels"; printf '3 0 other 0\n'; } > "$T/q3"
{ cat "$T/q3"; printf '3 0 ref-bias-never-retrieved-0 -2147483647\n'; } > "$T/q3n"
{ grep -v '^3 ' "$T/tiny/qrels"; printf '3 0 ref-bias-never-retrieved-0 -2147483647\n'; } > "$T/q3o"
"$PLAIN" -q -p 17 -m "$MS" "$T/q3" "$T/tiny/runs/a.run" "$T/tiny/runs/b.run" > "$T/v3" 2>/dev/null
"$PLAIN" -q -p 17 -m "$MS" "$T/q3n" "$T/tiny/runs/a.run" "$T/tiny/runs/b.run" > "$T/v3n" 2>/dev/null
"$PLAIN" -q -p 17 -m "$MS" "$T/q3o" "$T/tiny/runs/a.run" "$T/tiny/runs/b.run" > "$T/v3o" 2>/dev/null
if [ -s "$T/v3" ] && cmp -s "$T/v3" "$T/v3n" &&
	awk -F'\t' '$2 == "3" { n++; if ($3 == "num_ret") { if ($4 + 0 != ($1 == "ta" ? 2 : 0)) bad++ } else if ($4 + 0 != 0) bad++ }
		END { exit !(n == 32 && !bad) }' "$T/v3o"; then
	ok "reference's choice 6: a judgement of grade -2147483647 for an unretrieved docno changes no value ($(rows_count "$T/v3") rows); alone it scores the R = 0 rule"
else
	nok "reference's choice 6: the added line changes plain cbeval's values"
	diff "$T/v3" "$T/v3n" | head -n 5 | sed 's/^/#   /'
fi

# Engineered runs keep AP per topic at the root (under the reference, with
# its level): plain cbeval -q -m AP of each kept run and of its engineered
# run, as the reference writes them (--keep), on data/ with -l 2 and -M 100
# and on a generated collection with graded qrels; nDCG@10 (graded gains)
# does change.
eng_ap() { # NAME DIR ARGS...: compare AP per topic of c0.r0.run$j and its engineered run
	name=$1 dir=$2
	shift 2
	if ! "$REF" --cbeval "$PLAIN" -t 2 -m AP --against pool:5 --engineered --keep "$dir" "$@" > /dev/null 2> "$T/eng.err"; then
		nok "$name: the reference failed"; sed 's/^/#   /' "$T/eng.err" | head -n 5; return
	fi
	n=$(ls "$dir"/c0.r0.run* | wc -l | tr -d ' ')
	h=$((n / 2)) j=0 bad= moved=0 ndcg=0
	qrels=$dir/c0.r0.qrels
	while [ $j -lt $h ]; do
		for m in AP nDCG@10; do
			"$PLAIN" -q -p 17 -m $m $lopt "$qrels" "$dir/c0.r0.run$j" 2>/dev/null | awk -F'\t' 'NR > 1 { print $2, $4 }' > "$T/e1"
			"$PLAIN" -q -p 17 -m $m $lopt "$qrels" "$dir/c0.r0.run$((j + h))" 2>/dev/null | awk -F'\t' 'NR > 1 { print $2, $4 }' > "$T/e2"
			if [ $m = AP ]; then
				{ [ -s "$T/e1" ] && cmp -s "$T/e1" "$T/e2"; } || bad="$bad $j"
			else
				cmp -s "$T/e1" "$T/e2" || ndcg=$((ndcg + 1))
			fi
		done
		cmp -s "$dir/c0.r0.run$j" "$dir/c0.r0.run$((j + h))" || moved=$((moved + 1))
		j=$((j + 1))
	done
	if [ -z "$bad" ] && [ "$moved" -gt 0 ] && [ "$ndcg" -gt 0 ]; then
		ok "$name: every engineered run keeps AP on every topic ($h runs; $ndcg of them change nDCG@10)"
	else
		nok "$name: engineered runs change AP (runs$bad), or nothing moved ($moved), or nDCG@10 never changed ($ndcg)"
	fi
}
lopt="-l 2"
eng_ap "engineered runs on data/ (-l 2, -M 100)" "$T/engd" -l 2 -M 100 $D/qrels $D/runs/gen00[0-3].run
lopt=
if [ -x "$GEN" ] && "$GEN" -r 6 -t 8 -d 30 -s 11 -P 10 "$T/g1" > /dev/null 2>&1; then
	eng_ap "engineered runs on a generated collection (graded, tied scores)" "$T/engg" "$T/g1/qrels" "$T/g1/runs/"*.run
else
	nok "$GEN is missing or failed (make build/gen)"
fi

end=$(date +%s)
echo "# the reference on its own took $((end - start)) s"

# ---- 2. cbeval --bias against the reference ---------------------------------

"$CBEVAL" --bias --against pool:3 $R/qrels $R/runs/sys000.run $R/runs/sys001.run > /dev/null 2> "$T/probe.err"
if grep -q "unknown option --bias" "$T/probe.err"; then
	ok "cbeval --bias against the reference # SKIP cbeval has no --bias"
	ok "properties of cbeval --bias # SKIP cbeval has no --bias"
	exit $fail
fi
start=$(date +%s)

# case_cmp NAME ARGS...: the reference and cbeval --bias with the same ARGS
# (-p 17 unless ARGS has -p); compare.
case_cmp() {
	name=$1
	shift
	p=17 prev=
	for a in "$@"; do
		case $prev in -p) p=$a ;; esac
		prev=$a
	done
	if [ "$p" = 17 ]; then set -- -p 17 "$@"; fi
	if ! "$REF" --cbeval "$PLAIN" --fragile "$T/frag" "$@" > "$T/ref.out" 2> "$T/ref.err"; then
		nok "$name: the reference failed"; sed 's/^/#   /' "$T/ref.err" | head -n 5; return
	fi
	if ! "$CBEVAL" --bias "$@" > "$T/cb.out" 2> "$T/cb.err"; then
		nok "$name: cbeval --bias failed"; sed 's/^/#   /' "$T/cb.err" | head -n 5; return
	fi
	compare "$T/cb.out" "$T/ref.out" "$T/frag" "$name" "$p"
}

# Perturbed qrels: every 7th line's grade changed (relevant <-> not); three
# replicates each changing another fifth of the lines.
perturb() { awk -v k="$2" -v m="$3" '{ if ((NR + k) % m == 0) $4 = ($4 > 0 ? 0 : 1 + (NR % 2)); print }' "$1"; }
perturb $R/qrels 3 7 > "$T/s.alt"
for k in 1 2 3; do perturb $R/qrels $k 5 > "$T/s.rep$k"; done
perturb $D/qrels 1 6 > "$T/d.alt"

case_cmp "synth_small (8 runs x 13 topics), --against a perturbed copy, AP,P@10,nDCG@10, T 50" \
	-t 50 -m AP,P@10,nDCG@10 --against "$T/s.alt" $R/qrels $R/runs/*.run
case_cmp "synth_small, a comma list of 3 replicate qrels, --topics 30 (> n 13), AP,GM(AP),RR, T 40, seed 5" \
	-t 40 --topics 30 --seed 5 -m 'AP,GM(AP),RR' --against "$T/s.rep1,$T/s.rep2,$T/s.rep3" $R/qrels $R/runs/*.run
case_cmp "synth_small, 4 runs, pool:3 and pool:10, --engineered, default measures, T 30, -p 3" \
	-t 30 -p 3 --engineered --against pool:3 --against pool:10 $R/qrels $R/runs/sys00[0-3].run
case_cmp "data, 5 runs, pool:10 and a perturbed copy, -l 2, -M 100, --topics 8 (< n 20), AP,nDCG@1000,RBP(p=0.8), T 30" \
	-t 30 --topics 8 -l 2 -M 100 -m 'AP,nDCG@1000,RBP(p=0.8)' --against pool:10 --against "$T/d.alt" \
	$D/qrels $D/runs/gen00[0-4].run
case_cmp "synth_small, 3 runs, pool:5, every default (T 1000, seed 1, -p 4, the default measures)" \
	--against pool:5 $R/qrels $R/runs/sys00[0-2].run
if [ -d "$T/g1" ]; then
	perturb "$T/g1/qrels" 2 5 > "$T/g1.alt"
	cp "$T/g1/runs/gen002.run" "$T/g1/runs/gen002copy.run"
	case_cmp "generated (7 runs, 2 identical, x 8 topics, graded, tied scores), -b 3, a perturbed copy, pool:5, --order rank, AP,P@10,GM(AP),RR, T 25" \
		-t 25 -b 3 --order rank -m 'AP,P@10,GM(AP),RR' --against "$T/g1.alt" --against pool:5 \
		"$T/g1/qrels" "$T/g1/runs/"*.run
	case_cmp "generated, -b 2, --engineered, pool:3, -M 20, AP,nDCG@10, T 20, seed 9223372036854775807" \
		-t 20 -b 2 --engineered -M 20 --seed 9223372036854775807 -m AP,nDCG@10 --against pool:3 \
		"$T/g1/qrels" "$T/g1/runs/"*.run
	case_cmp "generated, --top 4 (by AP), --engineered, pool:5 of the 4 kept, T 30, -p 3" \
		-t 30 -p 3 --top 4 --engineered -m AP,nDCG@10 --against pool:5 "$T/g1/qrels" "$T/g1/runs/"*.run
	case_cmp "generated, -b 3, --topics 4 (< n), -l 2, --engineered (relevant: grade >= 2), GM(AP),nDCG@10, a perturbed copy, T 20" \
		-t 20 -b 3 --topics 4 -l 2 --engineered -m 'GM(AP),nDCG@10' --against "$T/g1.alt" "$T/g1/qrels" "$T/g1/runs/"*.run

	# -j: byte-identical tables
	args="-t 50 -b 2 --engineered -m AP,P@10 --against pool:5 --against $T/g1.alt"
	# shellcheck disable=SC2086
	{
	"$CBEVAL" --bias $args -j 1 "$T/g1/qrels" "$T/g1/runs/"*.run > "$T/j1" 2>/dev/null
	"$CBEVAL" --bias $args -j 2 "$T/g1/qrels" "$T/g1/runs/"*.run > "$T/j2" 2>/dev/null
	}
	if [ -s "$T/j1" ] && cmp -s "$T/j1" "$T/j2"; then
		ok "-j 1 and -j 2 give byte-identical tables ($(rows_count "$T/j1") rows)"
	else
		nok "--bias differs across -j (or failed)"
	fi
fi
end=$(date +%s)
echo "# --bias comparisons took $((end - start)) s (${CBEVAL_FLAVOUR:-rel})"

# ---- 3. properties of cbeval --bias -------------------------------------------

# Engineered runs keep AP: with -m AP and the reference twice (QRELS and
# --against QRELS), the table with --engineered is the table with copies of
# the runs (other tags) in the engineered runs' places; with nDCG@10 on
# graded qrels it is not.
if [ -d "$T/g1" ]; then
	mkdir -p "$T/cp"
	set --
	for j in 0 1 2 3; do set -- "$@" "$T/g1/runs/gen00$j.run"; done
	for j in 0 1 2 3; do
		sed "s/gen00$j\$/copy$j/" "$T/g1/runs/gen00$j.run" > "$T/cp/copy$j.run"
	done
	for m in AP nDCG@10; do
		"$CBEVAL" --bias -t 100 -p 17 -m $m --engineered --against "$T/g1/qrels" "$T/g1/qrels" "$@" > "$T/eng.$m" 2>/dev/null
		"$CBEVAL" --bias -t 100 -p 17 -m $m --against "$T/g1/qrels" "$T/g1/qrels" "$@" "$T/cp/"copy*.run > "$T/cp.$m" 2>/dev/null
	done
	if [ -s "$T/eng.AP" ] && cmp -s "$T/eng.AP" "$T/cp.AP" && [ -s "$T/eng.nDCG@10" ] && ! cmp -s "$T/eng.nDCG@10" "$T/cp.nDCG@10"; then
		ok "property: --engineered keeps AP (the table equals the one with copies of the runs), not nDCG@10"
	else
		nok "property: the engineered runs' AP table differs from the copies' (or nDCG@10 does not)"
	fi

	# pool:K with K beyond every ranking = the qrels themselves (gen judges
	# the top 10 of every run, all retrieved): the same table as --against
	# QRELS, with and without -b; so |bias| <= 0.5 sigma (T 400).
	for b in 0 2; do
		"$CBEVAL" --bias -b $b -t 400 -p 17 -m AP,nDCG@10 --against pool:100000 "$T/g1/qrels" "$T/g1/runs/"*.run > "$T/pk" 2>/dev/null
		"$CBEVAL" --bias -b $b -t 400 -p 17 -m AP,nDCG@10 --against "$T/g1/qrels" "$T/g1/qrels" "$T/g1/runs/"*.run 2>/dev/null |
			awk -F'\t' -v q="$T/g1/qrels" 'BEGIN { OFS = FS } { if ($2 == q) $2 = "pool:100000"; if ($3 == q) $3 = "pool:100000"; print }' > "$T/pq"
		if [ -s "$T/pk" ] && cmp -s "$T/pk" "$T/pq"; then
			ok "property (-b $b): pool:100000 gives the table of --against QRELS when every judged document is retrieved"
		else
			nok "property (-b $b): pool:100000 differs from --against QRELS"
		fi
		if awk -F'\t' '$4 == "sigma" { s[$1 FS $2] = $5 } $4 == "bias" { b[$1 FS $2] = $5 }
			END { for (k in b) { v = b[k] < 0 ? -b[k] : b[k]; if (!(v <= 0.5 * s[k])) { print "#   " k ": bias " b[k] ", sigma " s[k]; bad = 1 } }
			      exit bad }' "$T/pk" > "$T/pkb"; then
			ok "property (-b $b): |bias| <= 0.5 sigma between two copies of the same judgements"
		else
			nok "property (-b $b): |bias| > 0.5 sigma between identical collections"; cat "$T/pkb"
		fi
	done
fi

# sigma roughly halves when --topics quadruples (30 runs, 20 topics, T 100):
# sigma(n' 40) / sigma(n' 10) in [0.35, 0.65] for every collection and
# measure; the same check on n' 20 against 10 (ratio near 0.71) must fail,
# which shows that it can.
if [ -x "$GEN" ] && "$GEN" -r 30 -t 20 -d 50 -s 5 -P 20 "$T/g30" > /dev/null 2>&1; then
	for np in 10 20 40; do
		"$CBEVAL" --bias -t 100 -p 6 --topics $np -m AP,nDCG@10 --against pool:5 "$T/g30/qrels" "$T/g30/runs/"*.run 2>/dev/null |
			awk -F'\t' '$4 == "sigma"' > "$T/sig$np"
	done
	ratio() { # A B: prints the ratios; exit 1 unless all in [0.35, 0.65]
		awk -F'\t' 'NR == FNR { s[$1 FS $2] = $5; next }
			{ k = $1 FS $2; r = s[k] > 0 ? $5 / s[k] : -1; printf " %.3f", r; n++; if (r < 0.35 || r > 0.65) bad = 1 }
			END { exit bad || n != 4 }' "$1" "$2"
	}
	if r4=$(ratio "$T/sig10" "$T/sig40"); then
		ok "property: sigma(n' 40) / sigma(n' 10) in [0.35, 0.65] for AP and nDCG@10 of reference and pool:5:$r4"
	else
		nok "property: sigma does not halve when --topics quadruples:$r4"
	fi
	if r2=$(ratio "$T/sig10" "$T/sig20"); then
		nok "property: the same check passes for n' 20 against 10 ($r2): it cannot tell"
	else
		ok "property: the same check fails for n' 20 against 10 (ratios$r2), so it can fail"
	fi
else
	nok "$GEN is missing or failed (make build/gen)"
fi

# Input and usage errors.  A collection file lacking a topic or judging one
# the reference lacks: exit 2, nothing on stdout, a message naming the file
# and the topic.
grep -v '^305 ' $R/qrels > "$T/lack.qrels"
{ cat $R/qrels; printf '777 0 extra-doc 1\n'; } > "$T/extra.qrels"
bad=
for f in lack extra; do
	qid=305; [ $f = extra ] && qid=777
	for spec in "$T/$f.qrels" "$T/s.rep1,$T/$f.qrels"; do
		"$CBEVAL" --bias -t 5 --against "$spec" $R/qrels $R/runs/sys000.run $R/runs/sys001.run > "$T/e.out" 2> "$T/e.err"
		rc=$?
		if [ $rc -ne 2 ] || [ -s "$T/e.out" ] || ! grep -q "$f.qrels" "$T/e.err" || ! grep -q "$qid" "$T/e.err"; then
			bad="$bad $f($spec: exit $rc)"
		fi
	done
done
if [ -z "$bad" ]; then
	ok "input errors: a collection file lacking topic 305 or judging topic 777 exits 2 naming the file and the topic (alone and in a comma list)"
else
	nok "input errors not reported as the spec says:$bad"
fi
two="$R/qrels $R/runs/sys000.run $R/runs/sys001.run"
nerr=0 bad=
usage() { # DESCRIPTION ARGS...
	desc=$1; shift
	"$CBEVAL" "$@" > "$T/u.out" 2> "$T/u.err"
	rc=$?
	nerr=$((nerr + 1))
	if [ $rc -ne 1 ] || [ -s "$T/u.out" ] || [ ! -s "$T/u.err" ]; then
		bad="$bad; $desc (exit $rc)"
	fi
}
# shellcheck disable=SC2086
{
usage "no --against" --bias $two
usage "1 run" --bias --against pool:3 $R/qrels $R/runs/sys000.run
usage "--top 1 keeps 1 run" --bias --top 1 --against pool:3 $two
usage "a comma list with -b" --bias -b 2 --against "$T/s.rep1,$T/s.rep2" $two
usage "-t 0" --bias -t 0 --against pool:3 $two
}
if [ -z "$bad" ]; then
	ok "usage errors of --bias: all $nerr exit 1 with a message and no output"
else
	nok "usage errors not rejected with exit 1:${bad#;}"
fi
exit $fail
