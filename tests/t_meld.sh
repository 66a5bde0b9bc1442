#!/bin/sh
# t_meld.sh - cbeval --meld against the slow, independent reference
# build/ref_meld (tests/ref_meld.c), which materialises every melded
# sub-collection as files - every document written k times in place, as
# copies docno~1..docno~k, in the qrels and in every run, k = its
# multiplicity in corpus image b when its melded label is the part and 0
# otherwise - scores them with plain cbeval (image 0 of `cbeval -b 1
# --images`, printed with %.17g), and computes the table of the spec
# (shared spec meld.md; the meld flip is stream 7 of draws.md) by explicit
# loops.  Before that, every run of the reference scores the materialised
# root (every docno once, with the extra never-retrieved judgement per
# topic that keeps an emptied topic a topic) and dies unless it equals
# plain cbeval's evaluation value for value.
#
# 1. The reference on its own (runs while cbeval lacks the mode): its
#    self-test (the stream-7 vector of draws.md, the image example of the
#    manual page, the one-sided t-test against closed forms for df 1 and
#    2, its zero rule, type-7 quantiles, natural topic order, the number
#    format); two cases computed by hand on given values (--values): 2
#    runs x 2 topics x 3 images (every statistic: self p's from a rule and
#    from t, the window, an orientation swap, a reversal, the 1e-12 zero
#    rule on d_L and d_R, quantiles) and 1 topic (the NA rules, two mf
#    printed as given); a tiny collection whose `all` block is worked by
#    hand for a labels file (docnos not in the data, unlabelled documents,
#    FBIS3-162447 flipping at mf 0.03 but not 0.029 as draws.md says) and
#    for the Rank labelling (with and without -M), with its materialised
#    files checked (the copies of FBIS3-162447 in images 1..5 are 3 5 1 2
#    0 as the manual page says, in the part of its melded label only;
#    unlabelled documents nowhere); and the extra judgement of the
#    reference (a negative grade no run retrieves) shown to change no
#    per-topic value of plain cbeval, topics without relevant documents
#    included.
# 2. cbeval --meld against the reference, cell by cell: the same rows in
#    the same order; whole numbers and NA exactly; other numbers within
#    1e-9 relative or 1e-12 absolute (one unit of the last digit with
#    -p < 17).  Where a threshold comparison is decided by rounding (a p
#    within 1e-9 of a threshold, computed from t; a mean within 1e-13 of
#    the 1e-12 of the zero rule), the reference lists the cell with the
#    range of values either decision gives (--fragile); such a cell must
#    lie in its range.  --images values equal the reference's per-image
#    values (1e-12 relative).  Cases: tests/ref/synth_small, data/ and
#    generated collections (score ties, topics with one relevant
#    document, 2 topics, 1 topic), the Rank labelling and labels files
#    (docnos not in the data, unlabelled documents), several --mf lists
#    (0, 1, .5, defaults), --splits 1..3 and the default 10, -b 1..4,
#    -p 3 and -p 0, -l 2, -M, --order rank, --seed, --top; the warning
#    about a shallow R; -j 1 / -j 2 byte-identical, -q without effect;
#    ./rank naming a file; usage and labels-file errors.  One SKIP line
#    while cbeval has no --meld.
# 3. Properties of cbeval alone (one SKIP line while it has no --meld):
#    (a) mf = 0 is the plain L/R split: with --splits 3 the --images
#    values of the three splits are identical and equal the reference's
#    values of the unmelded labelling; (b) melds are nested: on a
#    collection where each topic has one relevant document that one run
#    retrieves and every docno is labelled L, the R part of a topic is
#    non-zero in some image exactly when that document flipped: the flips
#    seen at mf 0.3 are a subset of those at 0.6 and are those of the
#    reference's stream-7 draws; (c) at mf = 1 the self-comparison p's
#    are close to uniform (|self_p_lt_0.5 - 0.5| < 0.1, |self_p_lt_0.1 -
#    0.1| < 0.06, about 3 binomial sds over the K = 200 splits, the
#    effective number of independent cases; see below), and the same check
#    fails at mf = 0 with the Rank labelling (L holds what runs rank high).
#
# POSIX sh + awk; the reference is C (no Python needed).
set -u
. tests/lib.sh
REF=${REF:-build/ref_meld}
GEN=${GEN:-build/gen}
R=tests/ref/synth_small
D=data
TOL=1e-9
# The plain cbeval with which the reference scores the sub-collections:
# the optimised build ./cbeval (make test builds it) in both flavours, for
# speed (plain evaluation is tested in both flavours elsewhere), else
# $CBEVAL.
PLAIN=./cbeval
[ -x "$PLAIN" ] || PLAIN=$CBEVAL

if [ ! -x "$REF" ]; then
	nok "$REF is missing (make build/ref_meld)"
	exit $fail
fi
start=$(date +%s)

# ---- helpers -------------------------------------------------------------

# check_rows EXPECTED ACTUAL TOL WHAT: every row "measure mf statistic
# value" of EXPECTED occurs in the table ACTUAL with the same value: NA
# and whole numbers exactly, other numbers within TOL relative (1e-15
# absolute near 0).  Prints one ok/nok line.
check_rows() {
	awk -F'\t' -v tol="$3" '
	function num(s) { return s ~ /^-?[0-9.]+([eE][-+]?[0-9]+)?$/ }
	function abs(x) { return x < 0 ? -x : x }
	NR == FNR { if (NF) { k = $1 FS $2 FS $3; want[k] = $4; order[++n] = k } ; next }
	FNR > 1 { got[$1 FS $2 FS $3] = $4; rows++ }
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
	if [ "$nbad" -eq 0 ] && [ "$nexp" -gt 0 ]; then
		ok "$4: $nexp cells as computed by hand (table of $nrows rows)"
	else
		nok "$4: $nbad of $nexp cells differ from the hand computation"
		sed '$d' "$T/cr.out"
	fi
}

# rows_count FILE: data rows of a table.
rows_count() { awk 'NR > 1' "$1" | wc -l | tr -d ' '; }

# compare CBEVAL_TABLE REF_TABLE FRAGILE WHAT [P]: the same rows in the
# same order, every cell compared: counts and NA as strings; other numbers
# within TOL relative (or 1e-12 absolute), printed with as many decimals
# as the reference.  A cell listed in FRAGILE (the reference's --fragile)
# may instead lie anywhere in its range ("*": any value).  With P (the -p
# of both tables, below 17) numbers may also differ by one unit of the
# last printed digit.  One ok/nok line with the cell count, the worst
# relative difference and the number of cells decided by near-ties.
compare() {
	awk -F'\t' -v tol="$TOL" -v p="${5:-17}" '
	function num(s) { return s ~ /^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/ }
	function abs(x) { return x < 0 ? -x : x }
	function decimals(s) { return index(s, ".") ? length(s) - index(s, ".") : 0 }
	function report(msg) { bad++; if (bad <= 8) printf "#   %s %s %s: %s\n", x[1], x[2], x[3], msg }
	f == 1 { k = $1 FS $2 FS $3; flo[k] = $4; fhi[k] = $5; next }
	f == 2 { a[FNR] = $0; na = FNR; next }
	f == 3 { nb = FNR; b[FNR] = $0 }
	END {
		if (na != nb) { printf "#   %d rows from cbeval, %d from the reference\n", na - 1, nb - 1; bad++ }
		n = na < nb ? na : nb; worst = 0; wabs = 0; cells = 0; ties = 0
		ulp = 1; for (i = 0; i < p; i++) ulp /= 10
		for (i = 1; i <= n; i++) {
			split(a[i], x, "\t"); split(b[i], y, "\t")
			if (x[1] != y[1] || x[2] != y[2] || x[3] != y[3] || (i == 1 && x[4] != y[4])) {
				bad++; if (bad <= 8) printf "#   row %d: %s | %s\n", i, a[i], b[i]; continue }
			if (i == 1) continue
			cells++
			u = x[4]; v = y[4]
			if (u == v) continue
			k = x[1] FS x[2] FS x[3]
			if (k in flo) {
				if (flo[k] == "*" || (num(u) && u >= flo[k] - 1e-12 && u <= fhi[k] + 1e-12)) { ties++; continue }
				report("cbeval " u ", reference " v ", outside the near-tie range [" flo[k] ", " fhi[k] "]"); continue
			}
			whole = x[3] ~ /^(self_n|pairs_n|window_n|docs_L|docs_R)$/
			if (whole || !num(u) || !num(v)) { report("cbeval " u ", reference " v); continue }
			if (decimals(u) != decimals(v)) { report("cbeval " u " printed unlike the reference " v); continue }
			d = abs(u - v); m = abs(u) > abs(v) ? abs(u) : abs(v)
			r = m > 0 ? d / m : 0
			if (d > 1e-15 && r > worst) worst = r
			if (d > wabs) wabs = d
			if (d <= tol * m || d <= 1e-12) continue
			if (p < 17 && d <= ulp * 1.01) continue
			report("cbeval " u ", reference " v)
		}
		printf "%d %d %.3g %.3g %d\n", cells, bad + 0, worst, wabs, ties }' f=1 "$3" f=2 "$1" f=3 "$2" > "$T/cmp.out"
	tail -n 1 "$T/cmp.out" > "$T/cmp.sum"
	read -r cells nbad worst wabs ties < "$T/cmp.sum"
	if [ "$nbad" -eq 0 ] && [ "$cells" -gt 0 ]; then
		ok "$4: $cells cells equal the reference (worst relative difference $worst, absolute $wabs; $ties decided otherwise by near-ties, within their range)"
	else
		nok "$4: $nbad differences in $cells cells"
		sed '$d' "$T/cmp.out"
	fi
}

# compare_images CBEVAL_IMAGES REF_IMAGES WHAT: the same rows in the same
# order (run mf split image part qid measure), values within 1e-12
# relative (1e-15 absolute).
compare_images() {
	awk -F'\t' '
	function abs(x) { return x < 0 ? -x : x }
	NR == FNR { a[FNR] = $0; na = FNR; next }
	{ nb = FNR; b[FNR] = $0 }
	END {
		if (na != nb) { printf "#   %d rows from cbeval, %d from the reference\n", na - 1, nb - 1; bad++ }
		n = na < nb ? na : nb; worst = 0
		for (i = 1; i <= n; i++) {
			nx = split(a[i], x, "\t"); split(b[i], y, "\t")
			key = x[1] FS x[2] FS x[3] FS x[4] FS x[5] FS x[6] FS x[7]
			if (nx != 8 || key != y[1] FS y[2] FS y[3] FS y[4] FS y[5] FS y[6] FS y[7] || (i == 1 && x[8] != y[8])) {
				bad++; if (bad <= 5) printf "#   row %d: %s | %s\n", i, a[i], b[i]; continue }
			if (i == 1) continue
			d = abs(x[8] - y[8]); m = abs(x[8]) > abs(y[8]) ? abs(x[8]) : abs(y[8])
			if (m > 0 && d > 1e-15 && d / m > worst) worst = d / m
			if (d <= 1e-12 * m || d <= 1e-15) continue
			bad++; if (bad <= 5) printf "#   %s: cbeval %s, reference %s\n", key, x[8], y[8]
		}
		printf "%d %d %.3g\n", n - 1, bad + 0, worst }' "$1" "$2" > "$T/ci.out"
	tail -n 1 "$T/ci.out" > "$T/ci.sum"
	read -r nrows nbad worst < "$T/ci.sum"
	if [ "$nbad" -eq 0 ] && [ "$nrows" -gt 0 ]; then
		ok "$3: $nrows --images values equal the reference's per-image values (worst relative difference $worst)"
	else
		nok "$3: $nbad of $nrows --images rows differ from the reference"
		sed '$d' "$T/ci.out"
	fi
}

# ---- 1. the reference on its own ------------------------------------------

"$REF" --selftest > "$T/self" 2>&1
rc=$?
cat "$T/self"
if [ $rc -ne 0 ] || grep -q '^not ok' "$T/self"; then fail=1; fi

# Hand case A: mf 0.5, K = 1, B = 3; runs ra, rb; topics 1, 2; measure AP.
# Values (topic 1, topic 2):
#   image 1: ra L (3/4, 1/2)  R (1/4, 1/4)   rb L (1/4, 1/32)  R (0, 9/32)
#   image 2: ra L (1/4, 1/2)  R (1/2, 3/4)   rb L (3/4, 15/16) R (1/4, 7/16)
#   image 3: ra L (0.3, 0)    R (0.3, 0)     rb L (0.1, 0.2)   R (0.2, 0.1)
# With two topics, z = (a, b): mean (a+b)/2, sd |a-b|/sqrt(2), t = (a+b)/|a-b|,
# df 1: p = 1/2 - atan(t)/pi.
# Self (z = L - R): ra: image 1 (1/2, 1/4): t = 3, p = atan(1/3)/pi = 0.1024;
#   image 2 (-1/4, -1/4): sd 0, mean < 0: p = 1; image 3 (0, 0): p = 0.5.
#   rb: image 1 (1/4, -1/4): mean 0: p = 0.5; image 2 (1/2, 1/2): sd 0,
#   mean > 0: p = 0; image 3 (0.1 - 0.2, 0.2 - 0.1): mean 0: p = 0.5.
#   self_n 6; p < 0.001, 0.01, 0.05, 0.1: 1 of 6 (the 0); p < 0.25, 0.5:
#   2 of 6; p > 0.95, 0.99: 1 of 6 (the 1).
# Pairs (ra, rb): image 1: z_L = (1/2, 15/32): d_L = 31/64, t = 31, p_L =
#   atan(1/31)/pi = 0.01026 (in the window); z_R = (1/4, -1/32): d_R = 7/64,
#   t = 7/9, p_R = 0.29 (not significant, supported).  dLR = 31/64 - 7/64 =
#   3/8, dR = 7/64.
#   image 2: z_L = (-1/2, -7/16): d_L < 0, oriented (rb, ra): z_L = (1/2,
#   7/16), d_L = 15/32, t = 15, p_L = atan(1/15)/pi = 0.0212 (< 0.05, not in
#   the window); z_R = (1/4 - 1/2, 7/16 - 3/4) = (-1/4, -5/16): d_R = -9/32,
#   a reversal.  dLR = 15/32 - 9/32 = 3/16, dR = -9/32.
#   image 3: z_L = (0.3 - 0.1, 0 - 0.2): the mean is -1.4e-17 in doubles,
#   taken as 0 (zero rule): not swapped, p_L = 0.5; z_R = (0.3 - 0.2,
#   0 - 0.1): mean -1.4e-17 -> d_R = 0.  dLR = 0, dR = 0.
#   pairs_n 3, window_n 1, nonsupport 0 of 1, notsig 1 of 1 (100),
#   nonsupport_all: p_L < 0.05 in images 1 and 2, d_R <= 0 in image 2: 50.
#   dLR sorted (0, 3/16, 3/8), type 7 h = 2p: q01 0.00375, q05 0.01875, q25
#   0.09375, q50 0.1875, q75 0.28125, q95 0.35625, q99 0.37125.
#   dR sorted (-9/32, 0, 7/64): q01 -0.275625, q05 -0.253125, q25 -0.140625,
#   q50 0, q75 0.0546875, q95 0.0984375, q99 0.1071875.
{
	printf 'mf\tsplit\timage\tpart\trun\tqid\tmeasure\tvalue\n'
	printf '0.5\t1\t%s\t%s\t%s\t%s\tAP\t%s\n' \
		1 L ra 1 0.75 1 L ra 2 0.5 1 R ra 1 0.25 1 R ra 2 0.25 \
		1 L rb 1 0.25 1 L rb 2 0.03125 1 R rb 1 0 1 R rb 2 0.28125 \
		2 L ra 1 0.25 2 L ra 2 0.5 2 R ra 1 0.5 2 R ra 2 0.75 \
		2 L rb 1 0.75 2 L rb 2 0.9375 2 R rb 1 0.25 2 R rb 2 0.4375 \
		3 L ra 1 0.3 3 L ra 2 0 3 R ra 1 0.3 3 R ra 2 0 \
		3 L rb 1 0.1 3 L rb 2 0.2 3 R rb 1 0.2 3 R rb 2 0.1
} > "$T/handA.tsv"
{
	printf 'AP\t0.5\t%s\t%s\n' self_n 6 self_p_lt_0.001 0.16666666666666666 \
		self_p_lt_0.01 0.16666666666666666 self_p_lt_0.05 0.16666666666666666 \
		self_p_lt_0.1 0.16666666666666666 self_p_lt_0.25 0.33333333333333333 \
		self_p_lt_0.5 0.33333333333333333 self_p_gt_0.95 0.16666666666666666 \
		self_p_gt_0.99 0.16666666666666666 pairs_n 3 window_n 1 nonsupport_pct 0 \
		notsig_pct 100 nonsupport_all_pct 50 \
		dLR_q01 0.00375 dLR_q05 0.01875 dLR_q25 0.09375 dLR_q50 0.1875 dLR_q75 0.28125 \
		dLR_q95 0.35625 dLR_q99 0.37125 \
		dR_q01 -0.275625 dR_q05 -0.253125 dR_q25 -0.140625 dR_q50 0 dR_q75 0.0546875 \
		dR_q95 0.0984375 dR_q99 0.1071875
} > "$T/handA.want"
if "$REF" --values "$T/handA.tsv" --mf 0.5 --splits 1 -b 3 -p 17 --fragile "$T/handA.frag" \
	> "$T/handA.out" 2> "$T/handA.err" &&
	[ "$(rows_count "$T/handA.out")" -eq 28 ] &&
	[ "$(head -n 1 "$T/handA.out")" = "$(printf 'measure\tmf\tstatistic\tvalue')" ] &&
	[ ! -s "$T/handA.err" ]; then
	check_rows "$T/handA.want" "$T/handA.out" 1e-12 "reference, hand case A (2 runs x 2 topics x 3 images): every statistic"
	awk -F'\t' 'NR > 1 { s = s $3 " " } END { exit s != "self_n self_p_lt_0.001 self_p_lt_0.01 self_p_lt_0.05 self_p_lt_0.1 self_p_lt_0.25 self_p_lt_0.5 self_p_gt_0.95 self_p_gt_0.99 pairs_n window_n nonsupport_pct notsig_pct nonsupport_all_pct dLR_q01 dLR_q05 dLR_q25 dLR_q50 dLR_q75 dLR_q95 dLR_q99 dR_q01 dR_q05 dR_q25 dR_q50 dR_q75 dR_q95 dR_q99 " }' "$T/handA.out" &&
		[ ! -s "$T/handA.frag" ] &&
		ok "reference, hand case A: the statistics in the order of the spec; no fragile cell" ||
		nok "reference, hand case A: rows out of order or fragile cells listed"
else
	nok "reference, hand case A: it failed, warned, or printed $(rows_count "$T/handA.out") rows, not 28"
	sed 's/^/#   /' "$T/handA.err"
fi

# Hand case B: one topic (the NA rules), mf "0" and ".5" (printed as given)
# with the same values; runs ra, rb; K = 1, B = 1; measure P@10.
#   ra L 0.5, R 0.5; rb L 0.75, R 0.25.  Self: no p with n = 1: self_p_* NA.
#   Pair: d_L = -1/4 -> oriented (rb, ra): d_L = 1/4, d_R = 0.25 - 0.5 =
#   -1/4: dLR = 0, dR = -1/4 at every quantile.  window_n and the _pct NA.
{
	printf 'mf\tsplit\timage\tpart\trun\tqid\tmeasure\tvalue\n'
	for mf in 0 .5; do
		printf "$mf\t1\t1\t%s\t%s\t7\tP@10\t%s\n" L ra 0.5 R ra 0.5 L rb 0.75 R rb 0.25
	done
} > "$T/handB.tsv"
{
	for mf in 0 .5; do
		printf "P@10\t$mf\t%s\t%s\n" self_n 2 pairs_n 1 window_n NA nonsupport_pct NA \
			notsig_pct NA nonsupport_all_pct NA
		for s in self_p_lt_0.001 self_p_lt_0.01 self_p_lt_0.05 self_p_lt_0.1 self_p_lt_0.25 \
			self_p_lt_0.5 self_p_gt_0.95 self_p_gt_0.99; do
			printf 'P@10\t%s\t%s\tNA\n' "$mf" $s
		done
		for q in 01 05 25 50 75 95 99; do
			printf 'P@10\t%s\tdLR_q%s\t0\nP@10\t%s\tdR_q%s\t-0.25\n' "$mf" $q "$mf" $q
		done
	done
} > "$T/handB.want"
if "$REF" --values "$T/handB.tsv" --mf 0,.5 --splits 1 -b 1 -p 4 > "$T/handB.out" 2> "$T/handB.err" &&
	[ "$(rows_count "$T/handB.out")" -eq 56 ] &&
	[ "$(awk -F'\t' 'NR > 1 { print $2 }' "$T/handB.out" | uniq | tr '\n' ' ')" = "0 .5 " ]; then
	check_rows "$T/handB.want" "$T/handB.out" 1e-12 "reference, hand case B (1 topic): the NA rules; mf printed as given, in --mf order"
	if grep -q "	dR_q50	-0.2500$" "$T/handB.out" && grep -q "	dLR_q50	0.0000$" "$T/handB.out"; then
		ok "reference, hand case B: -p 4 prints 4 decimals"
	else
		nok "reference, hand case B: -p 4 not printed with 4 decimals"
	fi
else
	nok "reference, hand case B: it failed or printed $(rows_count "$T/handB.out") rows, not 56"
	sed 's/^/#   /' "$T/handB.err"
fi

# A tiny collection: the `all` block by hand.
#   qrels (7 lines): topic 1: FBIS3-162447 1, docA 0, docB 2; topic 2:
#   FBIS3-162447 0, docC 1, docU 1, docN -1.  Relevant (grade >= 1): 4.
#   labels: FBIS3-162447 L, docA L, docB R, docC R, docX L (not in the
#   data), docN R; docU, docZ, docY unlabelled.
#   Stream 7, S = 1, split 1 (ref_meld --draws; draws.md fixes the first):
#   FBIS3-162447 0.01458, docB 0.01857, docA 0.714, docC 0.369, docX 0.615,
#   docN 0.175: at mf 0 and 0.029 nothing flips; at 0.03 FBIS3-162447
#   (0.01458 < 0.015); at 0.04 also docB (0.01857 < 0.02).
#   mf 0, 0.029: L = {FBIS3-162447, docA, docX}, R = {docB, docC, docN}:
#     docs 3, 3; judged L 3/7 (FBIS3 twice, docA), R 3/7; rel L 1/4, R 2/4.
#   mf 0.03: L = {docA, docX}, R = 4: judged L 1/7, R 5/7; rel L 0, R 3/4.
#   mf 0.04: L = {docA, docX, docB}, R = {FBIS3, docC, docN}: judged L 2/7,
#     R 4/7; rel L 1/4, R 2/4.
#   With -l 3 no judgement is relevant: rel_*_pct NA.
# Rank labelling (runs below; score order): a: topic 1 FBIS3 docA docZ,
#   topic 2 docC docU docY; b: topic 1 docB FBIS3, topic 2 docN FBIS3
#   (topic 3 is not in the qrels).  r: FBIS3 1, docC 1, docB 1, docN 1,
#   docA 2, docU 2, docZ 3, docY 3; type-7 median of (1 1 1 1 2 2 3 3) =
#   1.5: L = the four with r = 1.  docs 4, 4; judged L 5/7 (FBIS3 twice,
#   docB, docC, docN), R 2/7 (docA, docU); rel L 3/4, R 1/4 (docU).
#   With -M 1: r = 1 for FBIS3, docC, docB, docN only; median 1: every
#   docno R: docs 0, 4; judged L 0, R 5/7; rel L 0, R 3/4.
mkdir -p "$T/tiny/runs" "$T/tiny/keep"
printf '1 0 FBIS3-162447 1\n1 0 docA 0\n1 0 docB 2\n2 0 FBIS3-162447 0\n2 0 docC 1\n2 0 docU 1\n2 0 docN -1\n' > "$T/tiny/qrels"
printf '# labels\nFBIS3-162447 L\ndocA L\n\ndocB R\ndocC R\ndocX L\ndocN R\n' > "$T/tiny/labels"
printf '1 Q0 docZ 3 1 ta\n1 Q0 FBIS3-162447 1 3 ta\n1 Q0 docA 2 2 ta\n2 Q0 docC 1 5 ta\n2 Q0 docU 2 4 ta\n2 Q0 docY 3 3 ta\n' > "$T/tiny/runs/a.run"
printf '1 Q0 docB 1 2 tb\n1 Q0 FBIS3-162447 2 1 tb\n2 Q0 FBIS3-162447 2 2 tb\n2 Q0 docN 1 3 tb\n3 Q0 docA 1 1 tb\n' > "$T/tiny/runs/b.run"
tiny_all() { # MF STATS...: rows of measure all
	mf=$1; shift
	while [ $# -gt 0 ]; do printf 'all\t%s\t%s\t%s\n' "$mf" "$1" "$2"; shift 2; done
}
{
	for mf in 0 0.029; do
		tiny_all $mf docs_L 3 docs_R 3 judged_L_pct 42.857142857142854 judged_R_pct 42.857142857142854 \
			rel_L_pct 25 rel_R_pct 50
	done
	tiny_all 0.03 docs_L 2 docs_R 4 judged_L_pct 14.285714285714286 judged_R_pct 71.428571428571431 \
		rel_L_pct 0 rel_R_pct 75
	tiny_all 0.04 docs_L 3 docs_R 3 judged_L_pct 28.571428571428573 judged_R_pct 57.142857142857146 \
		rel_L_pct 25 rel_R_pct 50
} > "$T/tiny.want"
if "$REF" --cbeval "$PLAIN" --meld "$T/tiny/labels" -b 5 --splits 1 --mf 0,0.029,0.03,0.04 -m AP,P@10 -p 17 \
	--images "$T/tiny.img" --keep "$T/tiny/keep" "$T/tiny/qrels" "$T/tiny/runs/a.run" "$T/tiny/runs/b.run" > "$T/tiny.out" 2> "$T/tiny.err"; then
	check_rows "$T/tiny.want" "$T/tiny.out" 1e-15 "reference, tiny collection, labels file, mf 0 0.029 0.03 0.04: the all block"
	# FBIS3-162447: k = 3 5 1 2 0 in images 1..5 (manual page), in both
	# topics of the qrels, in run a (topic 1) and run b (topics 1 and 2),
	# in part L at mf 0 (position 0) and part R at mf 0.03 (position 2).
	got= bad=
	for b in 1 2 3 4 5; do
		k=$(grep -c '^1 0 FBIS3-162447~' "$T/tiny/keep/0.1.$b.L.qrels")
		got="$got $k"
		[ "$(grep -c '^2 0 FBIS3-162447~' "$T/tiny/keep/0.1.$b.L.qrels")" -eq "$k" ] || bad="$bad qrels-topic2/$b"
		[ "$(grep -c 'FBIS3-162447~' "$T/tiny/keep/0.1.$b.R.qrels")" -eq 0 ] || bad="$bad R-at-mf0/$b"
		[ "$(grep -c 'FBIS3-162447~' "$T/tiny/keep/2.1.$b.R.qrels")" -eq $((2 * k)) ] || bad="$bad R-at-mf0.03/$b"
		[ "$(grep -c 'FBIS3-162447~' "$T/tiny/keep/2.1.$b.L.qrels")" -eq 0 ] || bad="$bad L-at-mf0.03/$b"
		[ "$(grep -c 'FBIS3-162447~' "$T/tiny/keep/0.1.$b.L.run0")" -eq "$k" ] || bad="$bad run0/$b"
		[ "$(grep -c 'FBIS3-162447~' "$T/tiny/keep/0.1.$b.L.run1")" -eq $((2 * k)) ] || bad="$bad run1/$b"
		# copies in place: run a, topic 1, image b: FBIS3~1..k first, then docA
		awk -v k="$k" '$1 == 1 && $3 !~ /^ref-meld/ { n++; if (n <= k && $3 != "FBIS3-162447~" n) bad = 1; if (n == k + 1 && $3 !~ /^docA~/) bad = 1 } END { exit bad }' \
			"$T/tiny/keep/0.1.$b.L.run0" || bad="$bad order/$b"
	done
	if [ "$got" = " 3 5 1 2 0" ] && [ -z "$bad" ]; then
		ok "reference, tiny collection: FBIS3-162447 has 3 5 1 2 0 copies in images 1..5 (manual page), in place, in part L at mf 0 and R at mf 0.03"
	else
		nok "reference, tiny collection: FBIS3-162447 copies$got, not 3 5 1 2 0, or misplaced:$bad"
	fi
	if cat "$T/tiny/keep/"[0-9]*.qrels "$T/tiny/keep/"[0-9]*.run[01] | grep -q 'docU\|docZ\|docY\|docX'; then
		nok "reference, tiny collection: an unlabelled docno (or one not in the data) was materialised"
	else
		ok "reference, tiny collection: unlabelled docnos (docU, docZ, docY) are in no sub-collection"
	fi
	# Image 5 at mf 0: topic 2's only L document, FBIS3-162447, has k = 0:
	# the topic keeps its extra judgement and scores 0 in part L.
	if [ "$(grep -c 'ref-meld-none' "$T/tiny/keep/0.1.5.L.qrels")" -eq 2 ] &&
		[ -z "$(awk '$1 == 2 && $3 != "ref-meld-none"' "$T/tiny/keep/0.1.5.L.qrels")" ] &&
		[ "$(awk -F'\t' '$2 == "0" && $4 == 5 && $5 == "L" && $6 == "2" && $7 == "AP" { printf "%s:%s ", $1, $8 }' "$T/tiny.img")" = "ta:0 tb:0 " ]; then
		ok "reference, tiny collection: a part with no document of a topic keeps the topic (its extra judgement) and scores 0"
	else
		nok "reference, tiny collection: a topic emptied by image 5 is not kept with AP 0"
	fi
else
	nok "reference on the tiny collection failed"
	sed 's/^/#   /' "$T/tiny.err"
fi
if "$REF" --cbeval "$PLAIN" --meld "$T/tiny/labels" -b 1 --splits 1 --mf 0 -l 3 -m AP -p 17 "$T/tiny/qrels" \
	"$T/tiny/runs/a.run" "$T/tiny/runs/b.run" > "$T/tiny3.out" 2> "$T/tiny3.err"; then
	tiny_all 0 docs_L 3 docs_R 3 judged_L_pct 42.857142857142854 judged_R_pct 42.857142857142854 \
		rel_L_pct NA rel_R_pct NA > "$T/tiny3.want"
	check_rows "$T/tiny3.want" "$T/tiny3.out" 1e-15 "reference, tiny collection, -l 3 (nothing relevant): rel_*_pct NA"
else
	nok "reference on the tiny collection with -l 3 failed"
	sed 's/^/#   /' "$T/tiny3.err"
fi
{
	tiny_all 0 docs_L 4 docs_R 4 judged_L_pct 71.428571428571431 judged_R_pct 28.571428571428573 \
		rel_L_pct 75 rel_R_pct 25
} > "$T/tinyr.want"
if "$REF" --cbeval "$PLAIN" --meld rank -b 2 --splits 1 --mf 0 -m AP -p 17 --labels-out "$T/tinyr.labels" \
	"$T/tiny/qrels" "$T/tiny/runs/a.run" "$T/tiny/runs/b.run" > "$T/tinyr.out" 2> "$T/tinyr.err"; then
	check_rows "$T/tinyr.want" "$T/tinyr.out" 1e-15 "reference, tiny collection, Rank labelling (median r 1.5): the all block"
	if [ "$(awk -F'\t' '{ printf "%s:%s:%s ", $1, $2, $3 }' "$T/tinyr.labels")" = \
		"FBIS3-162447:1:L docA:2:R docB:1:L docC:1:L docN:1:L docU:2:R docY:3:R docZ:3:R " ]; then
		ok "reference, tiny collection: Rank labelling r and labels as worked by hand"
	else
		nok "reference, tiny collection: Rank labelling is $(cat "$T/tinyr.labels" | tr '\t\n' ': ')"
	fi
else
	nok "reference on the tiny collection, Rank labelling, failed"
	sed 's/^/#   /' "$T/tinyr.err"
fi
tiny_all 0 docs_L 0 docs_R 4 judged_L_pct 0 judged_R_pct 71.428571428571431 rel_L_pct 0 rel_R_pct 75 > "$T/tinym.want"
if "$REF" --cbeval "$PLAIN" --meld rank -M 1 -b 1 --splits 1 --mf 0 -m AP -p 17 \
	"$T/tiny/qrels" "$T/tiny/runs/a.run" "$T/tiny/runs/b.run" > "$T/tinym.out" 2> "$T/tinym.err"; then
	check_rows "$T/tinym.want" "$T/tinym.out" 1e-15 "reference, tiny collection, Rank labelling after -M 1 (every r is 1, all R)"
	if grep -q 'warning: part R' "$T/tinym.err"; then
		nok "reference, tiny collection, -M 1: a warning about a shallow R, though R holds 71% of the judgements"
	else
		ok "reference, tiny collection, -M 1: no warning (R holds 71% of the judgements and 75% of the relevant ones)"
	fi
else
	nok "reference on the tiny collection, -M 1, failed"
	sed 's/^/#   /' "$T/tinym.err"
fi

# The extra judgement of the reference (QID 0 ref-meld-none -2147483647 in
# every topic) changes no per-topic value of plain cbeval: data/ and
# synth_small with -l 2 (topics without a relevant document), the default
# measures and a wider selection.
dummy_ok=1 dummy_n=0
for c in "$D|" "$R|-l 2" "$R|-l 2 -m AP,nDCG@10,P@5,R@20,Rprec,bpref,judged@10,num_ret,num_rel,num_rel_ret,Q,nCG@20,GM(AP),RBP(p=0.8)"; do
	dir=${c%%|*} opts=${c#*|}
	cp "$dir/qrels" "$T/dq"
	awk '!seen[$1]++ { print $1, 0, "ref-meld-none", -2147483647 }' "$dir/qrels" >> "$T/dq"
	# shellcheck disable=SC2086
	"$PLAIN" -q -p 17 $opts "$dir/qrels" "$dir"/runs/*.run > "$T/d1" 2>/dev/null
	# shellcheck disable=SC2086
	"$PLAIN" -q -p 17 $opts "$T/dq" "$dir"/runs/*.run > "$T/d2" 2>/dev/null
	dummy_n=$((dummy_n + $(rows_count "$T/d1")))
	if [ ! -s "$T/d1" ] || ! cmp -s "$T/d1" "$T/d2"; then dummy_ok=0; fi
done
if [ $dummy_ok -eq 1 ]; then
	ok "an extra never-retrieved judgement with grade -2147483647 per topic changes none of $dummy_n per-topic values (data, synth_small -l 2, 15 measures)"
else
	nok "the extra judgement of the reference changes plain cbeval's values"
fi

# ---- 2. cbeval --meld against the reference ------------------------------
t1=$(date +%s)

"$CBEVAL" --meld rank -b 1 $R/qrels $R/runs/sys000.run $R/runs/sys001.run > /dev/null 2> "$T/probe.err"
rc=$?
if [ $rc -eq 1 ] && grep -q "unknown option" "$T/probe.err"; then
	ok "cbeval --meld against the reference # SKIP cbeval has no --meld"
	ok "properties of cbeval --meld # SKIP cbeval has no --meld"
	end=$(date +%s)
	echo "# t_meld.sh took $((end - start)) s: part 1 only (${CBEVAL_FLAVOUR:-rel})"
	exit $fail
fi

# case_cmp NAME ARGS...: the reference and cbeval --meld with the same
# ARGS (-p 17 unless ARGS has -p), both with --images; compare the tables
# and the --images files.  Leaves the outputs in $T/cb.out, $T/ref.out,
# $T/cb.img, $T/ref.img and the stderr in $T/cb.err, $T/ref.err.
case_cmp() {
	name=$1
	shift
	p=17 prev=
	for a in "$@"; do
		case $prev in -p) p=$a ;; esac
		prev=$a
	done
	if [ "$p" = 17 ]; then set -- -p 17 "$@"; fi
	rm -f "$T/ref.img" "$T/cb.img"
	if ! "$REF" --cbeval "$PLAIN" --fragile "$T/frag" --images "$T/ref.img" "$@" > "$T/ref.out" 2> "$T/ref.err"; then
		nok "$name: the reference failed"; sed 's/^/#   /' "$T/ref.err" | head -n 5; return
	fi
	if ! "$CBEVAL" --images "$T/cb.img" "$@" > "$T/cb.out" 2> "$T/cb.err"; then
		nok "$name: cbeval --meld failed"; sed 's/^/#   /' "$T/cb.err" | head -n 5; return
	fi
	compare "$T/cb.out" "$T/ref.out" "$T/frag" "$name" "$p"
	compare_images "$T/cb.img" "$T/ref.img" "$name"
}

# check_warn NAME ARGS...: after case_cmp with ARGS, cbeval warns about a
# shallow R exactly when the reference does (R of the unmelded labels below
# 5% of the judgements or of the relevant ones).  cbeval's new lines on
# stderr are those that plain cbeval (ARGS without --meld, --mf, --splits)
# does not print; the spec fixes no wording: when the warning is due there
# must be one, and when it is not, no new line may speak of judgements,
# relevance or R.
check_warn() {
	name=$1
	shift
	set -- "$@" END
	while [ "$1" != END ]; do
		case $1 in
		--meld|--mf|--splits) shift 2 ;;
		*) set -- "$@" "$1"; shift ;;
		esac
	done
	shift
	"$CBEVAL" "$@" > /dev/null 2> "$T/plain.err"
	awk 'NR == FNR { base[$0] = 1; next } !($0 in base)' "$T/plain.err" "$T/cb.err" > "$T/extra.err"
	why=$(grep 'warning: part R' "$T/ref.err" | sed 's/.*holds //')
	if [ -n "$why" ]; then
		if [ -s "$T/extra.err" ]; then
			ok "$name: cbeval warns that R is shallow ($why): $(head -n 1 "$T/extra.err")"
		else
			nok "$name: no warning from cbeval though R is shallow ($why)"
		fi
	elif grep -qi 'judg\|relev\|shallow\|[^A-Za-z_]R[^A-Za-z_]\|R$' "$T/extra.err"; then
		nok "$name: cbeval warns about R, though R holds 5% or more of the judgements and of the relevant ones"
		sed 's/^/#   /' "$T/extra.err" | head -n 3
	else
		ok "$name: no warning about a shallow R (none is due)"
	fi
}

# Labels files: L/R by a hash of the docno (awk), over the docnos of the
# data and some that are not in it; a fraction left unlabelled.
make_labels() { # FILE... (qrels and runs; writes $lab_out)
	awk '{ d = $3; if (!(d in seen)) { seen[d] = 1; n++; doc[n] = d } }
	END {
		for (i = 1; i <= n; i++) {
			h = 0; s = doc[i]
			for (j = 1; j <= length(s); j++) h = (h * 31 + index("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_.", substr(s, j, 1))) % 1000003
			if (h % 5 == 0) continue	# unlabelled
			print doc[i], (h % 5 <= 2 ? "L" : "R")
		}
		for (i = 1; i <= 40; i++) print "not-in-data-" i, (i % 2 ? "L" : "R")
	}' "$@" > "$lab_out"
}

lab_out="$T/synth.labels"; make_labels $R/qrels $R/runs/*.run
case_cmp "synth_small, rank, default measures, mf 1,0.5,0, K 2, B 2" \
	--meld rank -b 2 --splits 2 --mf 1,0.5,0 $R/qrels $R/runs/*.run
check_warn "synth_small, rank" --meld rank -b 2 --splits 2 --mf 1,0.5,0 $R/qrels $R/runs/*.run
case_cmp "synth_small, labels file (unlabelled docnos, 40 not in the data), AP,nDCG@10,GM(AP),RBP(p=0.95), mf 0,.5,1, K 3, B 3, seed 5" \
	--meld "$T/synth.labels" -b 3 --splits 3 --mf 0,.5,1 --seed 5 -m AP -m nDCG@10 -m 'GM(AP)' -m 'RBP(p=0.95)' \
	$R/qrels $R/runs/*.run
check_warn "synth_small, labels file" --meld "$T/synth.labels" -b 3 $R/qrels $R/runs/*.run
case_cmp "synth_small, labels file, -l 2, P@10,RR,INSQ(T=5), mf 0.3, K 1, B 4, seed 9223372036854775807" \
	--meld "$T/synth.labels" -b 4 --splits 1 --mf 0.3 --seed 9223372036854775807 -l 2 -m P@10,RR,'INSQ(T=5)' \
	$R/qrels $R/runs/*.run

# data/: 4 runs (10 x 20 topics x 1000 documents is slow for the reference).
lab_out="$T/data.labels"; make_labels $D/qrels $D/runs/gen00[0-3].run
case_cmp "data, 4 runs, rank, AP,nDCG@1000,P@10,GM(AP), mf 1.0,0.6,0.0, K 2, B 2" \
	--meld rank -b 2 --splits 2 --mf 1.0,0.6,0.0 -m AP,nDCG@1000,P@10,'GM(AP)' $D/qrels $D/runs/gen00[0-3].run
case_cmp "data, 4 runs, labels file, -l 2 -M 200, default measures, mf 0.5, K 3, B 1, seed 3" \
	--meld "$T/data.labels" -b 1 --splits 3 --mf 0.5 --seed 3 -l 2 -M 200 $D/qrels $D/runs/gen00[4-7].run
check_warn "data, labels file, -l 2" --meld "$T/data.labels" -b 1 -l 2 -M 200 $D/qrels $D/runs/gen00[4-7].run
case_cmp "data, 3 runs, rank, -M 50 --order rank, AP,RR, mf 0,1, K 2, B 2" \
	--meld rank -b 2 --splits 2 --mf 0,1 -M 50 --order rank -m AP,RR $D/qrels $D/runs/gen00[7-9].run

# Formatting: -p 3 and -p 0, up to a unit of the last digit.
for pp in 3 0; do
	case_cmp "synth_small, rank, -p $pp, AP,P@10, mf 0.8,0.2, K 2, B 2" \
		--meld rank -b 2 --splits 2 --mf 0.8,0.2 -p $pp -m AP,P@10 $R/qrels $R/runs/*.run
done

# Generated collections: few relevant documents per topic (topic 403 has
# one, 404 two), coarse score grids (ties); 4 topics, then 2 and 1.
if [ -x "$GEN" ] && "$GEN" -r 5 -t 4 -d 30 -s 11 -P 10 "$T/g1" > /dev/null 2>&1; then
	cp "$T/g1/runs/gen002.run" "$T/g1/runs/gen002copy.run"
	# with comments, blank lines and CRLF line ends (read like the qrels)
	lab_out="$T/g1.lab"; make_labels "$T/g1/qrels" "$T/g1/runs/"*.run
	awk 'NR % 7 == 1 { printf "# a comment\r\n\r\n" } { printf "%s\r\n", $0 }' "$T/g1.lab" > "$T/g1.labels"
	case_cmp "generated: 6 runs (2 identical) x 4 topics, rank, AP,P@10,RR,nDCG@10, mf 1,0.5,0, K 3, B 4, seed 2" \
		--meld rank -b 4 --splits 3 --mf 1,0.5,0 --seed 2 -m AP,P@10,RR,nDCG@10 "$T/g1/qrels" "$T/g1/runs/"*.run
	case_cmp "generated: 6 runs x 4 topics, labels file (comments, blank lines, CRLF), default measures, mf 0.7, K 2, B 3" \
		--meld "$T/g1.labels" -b 3 --splits 2 --mf 0.7 "$T/g1/qrels" "$T/g1/runs/"*.run
	# ./rank names a file called rank, not the Rank labelling
	mkdir -p "$T/rk"
	cp "$T/g1.labels" "$T/rk/rank"
	if (cd "$T/rk" && "$CBEVAL" --meld ./rank -b 3 --splits 2 --mf 0.7 -p 17 ../g1/qrels ../g1/runs/*.run > ../rk.out 2>/dev/null) &&
		cmp -s "$T/rk.out" "$T/cb.out"; then
		ok "--meld ./rank reads a labels file called rank (the same table as that file under another name)"
	else
		nok "--meld ./rank is not the labels file called rank"
	fi
	awk '$1 == 401 || $1 == 403' "$T/g1/qrels" > "$T/g1/qrels2"
	case_cmp "generated, 2 topics (one with a single relevant document), rank, AP,P@10,RR, mf 1,.5,0, K 3, B 4" \
		--meld rank -b 4 --splits 3 --mf 1,.5,0 -m AP,P@10,RR "$T/g1/qrels2" "$T/g1/runs/"*.run
	if [ -s "$T/frag" ]; then
		ok "generated, 2 topics: $(wc -l < "$T/frag" | tr -d ' ') cells the reference lists as decided by rounding (with 2 topics z = (a, 0) gives t = 1, p = 0.25 exactly, a threshold)"
	else
		nok "generated, 2 topics: no cell decided by rounding (the case does not test what it should)"
	fi
	awk '$1 == 402' "$T/g1/qrels" > "$T/g1/qrels1"
	case_cmp "generated, 1 topic (NA rules), labels file, AP,P@10, mf 0,1, K 2, B 2" \
		--meld "$T/g1.labels" -b 2 --splits 2 --mf 0,1 -m AP,P@10 "$T/g1/qrels1" "$T/g1/runs/"*.run
	if awk -F'\t' '$3 == "self_p_lt_0.5" && $4 == "NA" { n++ } $3 == "dR_q50" && $4 != "NA" { m++ } END { exit !(n && m) }' "$T/cb.out"; then
		ok "generated, 1 topic: self_p_* NA, the quantiles defined"
	else
		nok "generated, 1 topic: the NA rules do not show"
	fi
	# Defaults: --mf 1.0,0.8,0.6,0.4,0.2,0.0, --splits 10, seed 1.
	case_cmp "generated, 4 topics, rank, AP, no --mf, --splits or --seed (6 mf, K 10, seed 1), B 1" \
		--meld rank -b 1 -m AP "$T/g1/qrels" "$T/g1/runs/"gen00[0-2].run
	if [ "$(awk -F'\t' 'NR > 1 && $1 == "AP" && $3 == "self_n" { printf "%s:%s ", $2, $4 }' "$T/cb.out")" = \
		"1.0:30 0.8:30 0.6:30 0.4:30 0.2:30 0.0:30 " ]; then
		ok "defaults: mf 1.0 0.8 0.6 0.4 0.2 0.0 printed as in the spec, self_n = 3 runs x 10 splits x 1 image"
	else
		nok "defaults: the mf column or self_n is not that of --mf 1.0,...,0.0 and --splits 10"
	fi
else
	nok "$GEN is missing or failed (make build/gen)"
fi

# A hand-made collection with heavy ties: 4 runs x 5 topics of 12
# documents, integer scores; topic 5 has one relevant document.
mkdir -p "$T/tie/runs"
awk -v dir="$T/tie" 'BEGIN { s = 20240611
	for (q = 1; q <= 5; q++) for (d = 1; d <= 12; d++) {
		if (q == 5) rel = d == 12; else rel = d <= 3
		s = (s * 16807) % 2147483647
		printf "%d 0 D%d-%d %d\n", q, q, d, rel ? 1 + s % 2 : 0 > (dir "/qrels") }
	for (r = 1; r <= 4; r++) for (q = 1; q <= 5; q++) {
		n = 0; split("", used)
		while (n < 8) { s = (s * 16807) % 2147483647; d = 1 + s % 12
			if (d in used) continue; used[d] = 1; n++
			s = (s * 16807) % 2147483647
			printf "%d Q0 D%d-%d %d %d t%d\n", q, q, d, n, 3 - s % 3, r > (dir "/runs/t" r ".run") } } }'
case_cmp "tied collection: 4 runs x 5 topics, rank, P@10,RR,AP,nDCG@10, mf 1,0.6,0, K 3, B 3, seed 8" \
	--meld rank -b 3 --splits 3 --mf 1,0.6,0 --seed 8 -m P@10,RR,AP,nDCG@10 "$T/tie/qrels" "$T/tie/runs/"*.run

# --top N: the kept runs chosen from plain cbeval's `all` rows of the
# first measure (highest first, ties by command-line position), in
# command-line order; the Rank labelling uses the kept runs only.
"$CBEVAL" -p 17 -m AP $R/qrels $R/runs/*.run 2>/dev/null | awk -F'\t' -v n=3 '
	NR > 1 && $2 == "all" && $3 == "AP" { k++; run[k] = $1; v[k] = $4 + 0 }
	END { for (i = 1; i <= k; i++) { rank = 0
		for (j = 1; j <= k; j++) if (v[j] > v[i] || (v[j] == v[i] && j < i)) rank++
		if (rank < n) print run[i] } }' > "$T/kept"
set --
while read -r r; do set -- "$@" "$R/runs/$r.run"; done < "$T/kept"
if "$REF" --cbeval "$PLAIN" --fragile "$T/frag" --meld rank -b 2 --splits 2 --mf 1,0 -p 17 -m AP,P@10 \
	$R/qrels "$@" > "$T/ref.out" 2> "$T/ref.err" &&
	"$CBEVAL" --meld rank -b 2 --splits 2 --mf 1,0 -p 17 -m AP,P@10 --top 3 \
		$R/qrels $R/runs/*.run > "$T/cb.out" 2> "$T/cb.err"; then
	compare "$T/cb.out" "$T/ref.out" "$T/frag" "--top 3 by AP on synth_small, rank (kept: $(tr '\n' ' ' < "$T/kept" | sed 's/ $//'))"
else
	nok "--top 3: cbeval or the reference failed"
	sed 's/^/#   /' "$T/cb.err" | head -n 5
fi

# ---- -j ---------------------------------------------------------------------
args="--meld rank -b 3 --splits 3 --mf 1,0.5,0 --seed 4 -m AP,P@10,RR"
# shellcheck disable=SC2086
{
"$CBEVAL" $args -j 1 --images "$T/ij1" $R/qrels $R/runs/*.run > "$T/j1" 2>/dev/null
"$CBEVAL" $args -j 2 --images "$T/ij2" $R/qrels $R/runs/*.run > "$T/j2" 2>/dev/null
}
# shellcheck disable=SC2086
"$CBEVAL" $args -q $R/qrels $R/runs/*.run > "$T/q" 2>/dev/null
if [ -s "$T/j1" ] && cmp -s "$T/j1" "$T/j2" && [ -s "$T/ij1" ] && cmp -s "$T/ij1" "$T/ij2"; then
	ok "-j 1 and -j 2 give byte-identical tables ($(rows_count "$T/j1") rows) and --images files"
else
	nok "--meld differs across -j (or failed)"
fi
if [ -s "$T/q" ] && cmp -s "$T/j1" "$T/q"; then
	ok "-q has no effect on --meld"
else
	nok "-q changes the table of --meld (or fails)"
fi

# ---- usage errors (exit 1) and labels-file errors (exit 2, FILE:LINE) -----
two="$R/qrels $R/runs/sys000.run $R/runs/sys001.run"
nerr=0 bad=
usage() { # WANT DESCRIPTION ARGS... (WANT: the exit statuses allowed, e.g. 12)
	want=$1 desc=$2; shift 2
	"$CBEVAL" "$@" > "$T/u.out" 2> "$T/u.err"
	rc=$?
	nerr=$((nerr + 1))
	case "$want" in *$rc*) good=1 ;; *) good=0 ;; esac
	if [ $good -eq 0 ] || [ -s "$T/u.out" ] || [ ! -s "$T/u.err" ]; then
		bad="$bad; $desc (exit $rc)"
	fi
}
printf 'd1 L\nd2 X\n' > "$T/lab.badlabel"
printf 'd1 L\nd2 R\nd1 L\n' > "$T/lab.dup"
printf 'd1 L\nd2 R extra\n' > "$T/lab.fields"
printf '# nothing\n\n' > "$T/lab.empty"
# shellcheck disable=SC2086
{
usage 1 "--splits 0" --meld rank -b 1 --splits 0 $two
usage 1 "--splits 1001" --meld rank -b 1 --splits 1001 $two
usage 1 "--mf 1.5" --meld rank -b 1 --mf 1.5 $two
usage 1 "--mf -0.1" --meld rank -b 1 --mf -0.1 $two
usage 1 "--mf 0.5,,1" --meld rank -b 1 --mf 0.5,,1 $two
usage 1 "--mf 0.5,.5" --meld rank -b 1 --mf 0.5,.5 $two
usage 1 "--mf abc" --meld rank -b 1 --mf abc $two
usage 1 "1 run" --meld rank -b 1 $R/qrels $R/runs/sys000.run
usage 1 "--top 1" --meld rank -b 1 --top 1 $two
usage 1 "--pairs" --meld rank -b 1 --pairs $two
usage 1 "--reliability" --meld rank -b 1 --reliability $two
usage 1 "-F trec" --meld rank -b 1 -F trec $two
usage 1 "--sensitivity" --meld rank -b 1 --sensitivity $two
usage 1 "--partitions 2" --meld rank -b 1 --partitions 2 $two
usage 1 "-b 0" --meld rank -b 0 $two
usage 12 "LABELS -" --meld - -b 1 $two
usage 2 "a label X" --meld "$T/lab.badlabel" -b 1 $two
usage 2 "a docno labelled twice" --meld "$T/lab.dup" -b 1 $two
usage 2 "a docno labelled twice, with --dedup" --meld "$T/lab.dup" -b 1 --dedup $two
usage 2 "three fields" --meld "$T/lab.fields" -b 1 $two
usage 2 "no label" --meld "$T/lab.empty" -b 1 $two
usage 2 "a missing labels file" --meld "$T/no-such-file" -b 1 $two
}
"$CBEVAL" --meld "$T/lab.dup" -b 1 $two > /dev/null 2> "$T/u.err"
if [ -z "$bad" ] && grep -q "lab.dup:3" "$T/u.err"; then
	ok "usage and labels-file errors of --meld: all $nerr exit 1 or 2 with a message and no output; FILE:LINE named"
else
	nok "errors not rejected as the spec says:${bad#;}$(grep -q "lab.dup:3" "$T/u.err" || echo "; no FILE:LINE for the duplicate docno")"
fi

# ---- 3. properties of cbeval alone -----------------------------------------
t2=$(date +%s)

# (a) mf = 0 is the plain L/R split: the three splits' --images values are
# identical, and equal the reference's unmelded values (K = 1).
if "$CBEVAL" --meld "$T/synth.labels" -b 3 --splits 3 --mf 0 -m AP,P@10,'GM(AP)' --images "$T/pa.img" \
	$R/qrels $R/runs/*.run > /dev/null 2>&1 &&
	"$REF" --cbeval "$PLAIN" --meld "$T/synth.labels" -b 3 --splits 1 --mf 0 -m AP,P@10,'GM(AP)' --images "$T/pa.ref" \
	$R/qrels $R/runs/*.run > /dev/null 2>&1; then
	awk -F'\t' '
	function abs(x) { return x < 0 ? -x : x }
	NR == FNR { if (FNR > 1) ref[$1 FS $4 FS $5 FS $6 FS $7] = $8; next }
	FNR > 1 { k = $1 FS $4 FS $5 FS $6 FS $7; n++
		if ($3 == 1) first[k] = $8
		else if (first[k] != $8) diff++
		if (!(k in ref)) miss++
		else { d = abs($8 - ref[k]); m = abs($8) > abs(ref[k]) ? abs($8) : abs(ref[k]); if (d > 1e-12 * m && d > 1e-15) bad++ } }
	END { printf "%d %d %d %d\n", n, diff + 0, bad + 0, miss + 0; exit !(n > 0 && !diff && !bad && !miss) }' \
		"$T/pa.ref" "$T/pa.img" > "$T/pa.sum"
	if [ $? -eq 0 ]; then
		ok "(a) mf 0, --splits 3: the --images values of splits 1, 2, 3 are identical and equal the reference's unmelded values ($(cut -d' ' -f1 "$T/pa.sum") rows)"
	else
		nok "(a) mf 0: splits differ or differ from the unmelded reference (rows, split differences, reference differences, missing: $(cat "$T/pa.sum"))"
	fi
else
	nok "(a) cbeval --meld or the reference failed"
fi

# (b) nested melds: 60 topics, each with one relevant document REL-t
# (retrieved first by run r1, second by r2) and one non-relevant NON-t;
# every docno labelled L.  RR of r1 in part R of image b is non-zero iff
# REL-t flipped (and has k > 0 in image b); in part L iff it did not.
awk -v dir="$T" 'BEGIN {
	for (t = 1; t <= 60; t++) {
		printf "%d 0 REL-%d 1\n%d 0 NON-%d 0\n", t, t, t, t > (dir "/nest.qrels")
		printf "%d Q0 REL-%d 1 2 r1\n%d Q0 NON-%d 2 1 r1\n", t, t, t, t > (dir "/nest.r1")
		printf "%d Q0 NON-%d 1 2 r2\n%d Q0 REL-%d 2 1 r2\n", t, t, t, t > (dir "/nest.r2")
		printf "REL-%d L\nNON-%d L\n", t, t > (dir "/nest.labels") } }'
if "$CBEVAL" --meld "$T/nest.labels" -b 6 --splits 3 --mf 0.3,0.6 --seed 3 -m RR --images "$T/nest.img" \
	"$T/nest.qrels" "$T/nest.r1" "$T/nest.r2" > "$T/nest.out" 2>/dev/null; then
	i=1 docs=
	while [ $i -le 60 ]; do docs="$docs REL-$i"; i=$((i + 1)); done
	# shellcheck disable=SC2086
	"$REF" --draws 3 3 0 $docs > "$T/nest.draws"
	awk -F'\t' '
	NR == FNR { sub(/^REL-/, "", $1); for (s = 1; s <= 3; s++) u[$1, s] = $(s + 1); next }
	FNR > 1 && $1 == "r1" && $6 != "all" && $8 > 0 { seen[$2, $3, $6, $5] = 1 }
	END {
		for (s = 1; s <= 3; s++) for (t = 1; t <= 60; t++) {
			fl[1] = fl[2] = 0
			for (i = 1; i <= 2; i++) {
				mf = i == 1 ? "0.3" : "0.6"
				R = ((mf, s, t, "R") in seen); L = ((mf, s, t, "L") in seen)
				if (R && L) both++
				if (!R && !L) { undet++; continue }
				fl[i] = R
				nflip[i] += R
				if (R != (u[t, s] < mf / 2)) wrong++
			}
			if (fl[1] && !fl[2]) notnested++
		}
		printf "%d %d %d %d %d %d\n", nflip[1], nflip[2], notnested + 0, wrong + 0, both + 0, undet + 0
		exit !(nflip[1] > 0 && nflip[2] > nflip[1] && !notnested && !wrong && !both) }' \
		"$T/nest.draws" "$T/nest.img" > "$T/nest.sum"
	if [ $? -eq 0 ]; then
		read -r f1 f2 nn wr bo un < "$T/nest.sum"
		ok "(b) nested melds: $f1 flips at mf 0.3, $f2 at 0.6 (of 180 split-topics), every flip at 0.3 also at 0.6, all as the reference's stream-7 draws say ($un undetermined: k = 0 in all 6 images)"
	else
		nok "(b) melds not nested or not those of stream 7 (flips at 0.3, at 0.6, not nested, wrong, in both parts, undetermined: $(cat "$T/nest.sum"))"
	fi
	# docs_L/docs_R of split 1 against the reference's draws: every docno L,
	# flipped to R when u < mf/2.
	i=1 docs=
	while [ $i -le 60 ]; do docs="$docs REL-$i NON-$i"; i=$((i + 1)); done
	# shellcheck disable=SC2086
	want=$("$REF" --draws 3 1 0 $docs | awk -F'\t' '{ a += $2 < 0.15; b += $2 < 0.3 } END { printf "%d %d %d %d", 120 - a, a, 120 - b, b }')
	got=$(awk -F'\t' '$1 == "all" && ($3 == "docs_L" || $3 == "docs_R") { printf "%s%s", sep, $4; sep = " " }' "$T/nest.out")
	if [ "$got" = "$want" ]; then
		ok "(b) docs_L, docs_R at mf 0.3 and 0.6 are the counts of the reference's stream-7 draws ($got)"
	else
		nok "(b) docs_L, docs_R at mf 0.3 and 0.6 are $got, the reference's draws give $want"
	fi
else
	nok "(b) cbeval --meld failed on the nested-meld collection"
fi

# (c) uniformity at mf 1; the same check must fail at mf 0 with the Rank
# labelling.  At mf 1 each docno is L or R with probability 1/2, whatever
# its label, so L and R are exchangeable: z is symmetric and p about
# uniform (up to the t approximation and to p = 0.5 from zero means).  The
# p's are far from independent: one split gives every run and every image
# the same L/R assignment, and runs see the same documents, so the
# effective number of cases is about the number of splits, not self_n
# (with the reference, K 5 x B 20 x 10 runs gave self_p_lt_0.5 anywhere in
# 0.32..0.66 over 16 collections and seeds; K 100 x B 4 in 0.46..0.53).
# Hence K = 200, B = 4, 4 runs x 50 topics: binomial sds over K cases are
# 0.035 (p < 0.5) and 0.021 (p < 0.1); the bounds 0.1 and 0.06 are about
# 3 of them.  uniform TABLE MEASURE MF: exit 0 when |p_lt_0.5 - 0.5| < 0.1
# and |p_lt_0.1 - 0.1| < 0.06.
uniform() {
	awk -F'\t' -v m="$2" -v mf="$3" '
	function abs(x) { return x < 0 ? -x : x }
	$1 == m && $2 == mf && $3 == "self_p_lt_0.5" { a = $4; ha = 1 }
	$1 == m && $2 == mf && $3 == "self_p_lt_0.1" { b = $4; hb = 1 }
	END { printf "self_p_lt_0.5 = %s, self_p_lt_0.1 = %s", a, b; exit !(ha && hb && abs(a - 0.5) < 0.1 && abs(b - 0.1) < 0.06) }' "$1"
}
if [ -x "$GEN" ] && "$GEN" -r 4 -t 50 -d 50 -s 3 -P 20 "$T/g3" > /dev/null 2>&1 &&
	"$CBEVAL" --meld rank -b 4 --splits 200 --mf 1,0 -m AP,P@10 "$T/g3/qrels" "$T/g3/runs/"*.run > "$T/unif.out" 2>/dev/null; then
	for m in AP P@10; do
		if msg=$(uniform "$T/unif.out" "$m" 1); then
			ok "(c) $m, mf 1 (4 runs x 50 topics, K 200, B 4): self-comparison p's close to uniform: $msg"
		else
			nok "(c) $m, mf 1: self-comparison p's not uniform: $msg"
		fi
		if msg=$(uniform "$T/unif.out" "$m" 0); then
			nok "(c) $m, mf 0, Rank labelling: the uniformity check passes, so it cannot fail: $msg"
		else
			ok "(c) $m, mf 0, Rank labelling (L = what runs rank high): the same check fails, as it must: $msg"
		fi
	done
else
	nok "(c) gen or cbeval --meld failed"
fi

end=$(date +%s)
echo "# t_meld.sh took $((end - start)) s: part 1 $((t1 - start)) s, part 2 $((t2 - t1)) s, part 3 $((end - t2)) s (${CBEVAL_FLAVOUR:-rel})"
exit $fail
