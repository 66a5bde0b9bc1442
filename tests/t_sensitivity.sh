#!/bin/sh
# t_sensitivity.sh - cbeval --sensitivity against the slow, independent
# reference build/ref_sensitivity (tests/ref_sensitivity.c), which reads the
# per-topic values of cbeval (those of `cbeval -q -p 17 -m SPEC QRELS RUN...`,
# here taken exactly from image 0 of an --images dump: see values() below)
# and computes the table of the spec (shared spec sensitivity.md) the
# obvious way.
#
# 1. The reference on its own (runs even while cbeval lacks the mode): the
#    test vectors of draws.md through its own draw functions, its Student t
#    p-values against closed forms, and hand-computed cases (2 runs x 3
#    topics with T = 4 and T = 100; GM and sum measures on 2 topics; 1 topic;
#    3 runs with ties in tau-b).
# 2. cbeval --sensitivity against the reference, cell by cell (same rows in
#    the same order; whole numbers, NA and inf exactly; other numbers within
#    1e-9 relative, 1e-15 absolute, the last for cells printed with 17
#    decimals) on tests/ref/synth_small, data/ and small generated
#    collections (score ties, a topic on which every run scores 0, two
#    identical run files, 2 or 3 topics, 1 topic), several seeds and T;
#    -j 1 / 2 / 3 byte-identical; --top / --top-by (the kept runs selected
#    here from the `all` rows of plain cbeval); the usage errors of the spec.
#    While cbeval has no --sensitivity this part prints one SKIP line.
#
# POSIX sh + awk; the reference is C (no Python needed).
set -u
. tests/lib.sh
REF=${REF:-build/ref_sensitivity}
GEN=${GEN:-build/gen}
R=tests/ref/synth_small
D=data
TOL=1e-9

if [ ! -x "$REF" ]; then
	nok "$REF is missing (make build/ref_sensitivity)"
	exit $fail
fi

# ---- helpers -------------------------------------------------------------

# check_rows EXPECTED ACTUAL TOL WHAT: every row "measure runA runB statistic
# value" of EXPECTED occurs in the table ACTUAL with the same value: NA, inf
# and whole-number statistics exactly, other numbers within TOL relative
# (1e-15 absolute near 0).  Prints one ok/nok line.
check_rows() {
	awk -F'\t' -v tol="$3" '
	function num(s) { return s ~ /^-?[0-9.]+([eE][-+]?[0-9]+)?$/ }
	function abs(x) { return x < 0 ? -x : x }
	NR == FNR { if (NF) { k = $1 FS $2 FS $3 FS $4; want[k] = $5; order[++n] = k } ; next }
	FNR > 1 { got[$1 FS $2 FS $3 FS $4] = $5; rows++ }
	END {
		for (i = 1; i <= n; i++) {
			k = order[i]
			if (!(k in got)) { bad++; if (bad <= 5) printf "#   missing row %s\n", k; continue }
			a = got[k]; b = want[k]
			if (num(a) && num(b) && (a ~ /\./ || b ~ /\./)) {
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

# mlist VALUES: the reference's measure arguments KIND:NAME in output order
# (residuals left out): gm for GM(...), sum for the counts, mean otherwise.
mlist() {
	awk -F'\t' 'NR > 1 && !($3 in s) { s[$3] = 1
		if ($3 ~ /\.residual$/) next
		k = $3 ~ /^GM\(/ ? "gm" : ($3 == "num_ret" || $3 == "num_rel" || $3 == "num_rel_ret") ? "sum" : "mean"
		printf "%s:%s\n", k, $3 }' "$1"
}

# values OUT ARGS...: the per-topic values the reference reads.  By default
# image 0 (the root: the plain evaluation) of `cbeval -b 1 --images OUT
# ARGS`, printed with %.17g, so that they read back as cbeval's own
# doubles.  With SENS_VALUES=q17, `cbeval -q -p 17 ARGS` instead: 17
# decimals, not significant digits, so about a third of the values (those
# below 0.1) come back one ulp away, and with 2 or 3 topics that flips
# exact ties such as |d*b| = |diff| in asl_unpaired (seen on the 2-topic
# collection below): use it only to look at the reference by hand.
values() {
	out=$1; shift
	if [ "${SENS_VALUES:-images}" = q17 ]; then
		"$CBEVAL" -q -p 17 "$@" > "$out" 2>/dev/null
	else
		"$CBEVAL" -b 1 --images "$out" "$@" > /dev/null 2>&1
	fi
}

# ref_run VALUES SEED T P OUT: the reference on per-topic values.
ref_run() {
	set -f
	# shellcheck disable=SC2046
	"$REF" "$2" "$3" "$4" $(mlist "$1") < "$1" > "$5" 2> "$5.err"
	rc=$?
	set +f
	return $rc
}

# compare CBEVAL_TABLE REF_TABLE WHAT [P]: the same rows in the same order,
# every cell compared: whole-number statistics, NA and +-inf as strings;
# other numbers within TOL relative (or 1e-15 absolute), and printed with
# as many decimals as the reference prints (-p) unless in %g form.  With P
# (the -p of both tables, below 17) numbers may also differ by one unit of
# the last printed digit: 10^-P, or relative 10^(1-P) for the %g
# statistics (asl_*, p_ttest, tau_p).  Prints one ok/nok line with the cell
# count and the worst relative difference.
compare() {
	awk -F'\t' -v tol="$TOL" -v p="${4:-17}" '
	function num(s) { return s ~ /^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/ }
	function abs(x) { return x < 0 ? -x : x }
	function decimals(s) { return index(s, ".") ? length(s) - index(s, ".") : 0 }
	function report(msg) { bad++; if (bad <= 5) printf "#   %s %s %s %s: %s\n", x[1], x[2], x[3], x[4], msg }
	NR == FNR { a[FNR] = $0; na = FNR; next }
	{ nb = FNR; b[FNR] = $0 }
	END {
		if (na != nb) { printf "#   %d rows from cbeval, %d from the reference\n", na - 1, nb - 1; bad++ }
		n = na < nb ? na : nb; worst = 0; wabs = 0; cells = 0
		ulp = 1; for (i = 0; i < p; i++) ulp /= 10
		gulp = 1; for (i = 1; i < (p > 0 ? p : 1); i++) gulp /= 10
		for (i = 1; i <= n; i++) {
			split(a[i], x, "\t"); split(b[i], y, "\t")
			if (x[1] != y[1] || x[2] != y[2] || x[3] != y[3] || x[4] != y[4] || (i == 1 && x[5] != y[5])) {
				bad++; if (bad <= 5) printf "#   row %d: %s | %s\n", i, a[i], b[i]; continue }
			if (i == 1) continue
			cells++
			u = x[5]; v = y[5]
			if (u == v) continue
			if (x[4] ~ /^(discpower_|swap_count_|swap_swaps_)/ || !num(u) || !num(v)) {
				report("cbeval " u ", reference " v); continue }
			g = x[4] ~ /^(asl_|p_ttest|tau_p)/
			if (!g && v !~ /[eE]/ && decimals(u) != decimals(v)) { report("cbeval " u " printed unlike the reference " v); continue }
			d = abs(u - v); m = abs(u) > abs(v) ? abs(u) : abs(v)
			r = m > 0 ? d / m : 0
			if (d > 1e-15 && r > worst) worst = r
			if (d > wabs) wabs = d
			if (d <= tol * m || d <= 1e-15) continue
			if (p < 17 && (g ? d <= gulp * m * 1.01 : d <= ulp * 1.01)) continue
			report("cbeval " u ", reference " v)
		}
		printf "%d %d %.3g %.3g\n", cells, bad + 0, worst, wabs }' "$1" "$2" > "$T/cmp.out"
	tail -n 1 "$T/cmp.out" > "$T/cmp.sum"
	read -r cells nbad worst wabs < "$T/cmp.sum"
	if [ "$nbad" -eq 0 ] && [ "$cells" -gt 0 ]; then
		ok "$3: $cells cells equal the reference (worst relative difference $worst, absolute $wabs)"
	else
		nok "$3: $nbad differences in $cells cells"
		sed '$d' "$T/cmp.out"
	fi
}

# ---- 1. the reference on its own ------------------------------------------

"$REF" --selftest > "$T/self" 2>&1
rc=$?
cat "$T/self"
if [ $rc -ne 0 ] || grep -q '^not ok' "$T/self"; then fail=1; fi

# Hand case A: seed 1, runs ra rb, 3 topics, measures AP and P@10 (mean).
# Draws (draws.md's Python, checked by the self-test above):
#   stream 1, b = 1..4 over n = 3:  2 2 2 | 0 1 0 | 2 0 2 | 1 1 2
#   stream 2, b = 1..4:             1 2 0 | 1 1 0 | 1 0 1 | 2 2 1
#   stream 3, b = 1..4 over 2n = 6: 2 0 4 2 1 2 | 5 1 4 3 1 5 | 5 4 0 1 1 3 | 2 1 2 0 4 0
# AP: x = (1/8, 3/8, 1/2), y = (0, 7/8, 1/2).
#   diff = 1/3 - 11/24 = -1/8.  z = (1/8, -1/2, 0), mean -1/8, sd^2 = 7/64,
#   t = -sqrt(3/7) = -0.6546536707079771; df = 2: p = 1 - |t| / sqrt(2 + t^2)
#   = 1 - sqrt(3/17) = 0.5799159747915971.
#   Paired, w = z + 1/8 = (1/4, -3/8, 1/8): b1 (1/8,1/8,1/8): sd 0, |t| = inf;
#   b2 (1/4,-3/8,1/4): t = 0.2; b3 (1/8,1/4,1/8): t = 4; b4 (-3/8,-3/8,1/8):
#   t = -1.25.  |t| >= 0.6547 in b1, b3, b4: asl_paired = 3/4.
#   Unpaired, v = (1/8, 3/8, 1/2, 0, 7/8, 1/2), |diff| = 1/8: d = 1/24,
#   7/24, 1/4, 1/12: asl_unpaired = 2/4.  No ASL < 0.05: discpower 0.
#   T = 4: k = floor(4 * A) = 0: reqdiff NA.
#   MR-PT: b1 mx = my = 1/2 (EQ); b2 5/24 < 7/24 (GT B, rel 2/7 > 0.2);
#   b3 3/8 > 1/3 (rel 1/9: GT A for f <= 0.11, EQ for f >= 0.12);
#   b4 5/12 < 3/4 (GT B).  mr = min(1, 2)/4 = 0.25, pt = 1/4 for f <= 0.11;
#   mr = 0, pt = 2/4 for f >= 0.12.
#   Swaps: D = 0, -1/12, 1/24, -1/3 (bins 0, 8, 4, 20); D' (stream 2) =
#   -1/8, -7/24, -7/24, -1/6: one swap, b3, bin 4.  swap_abs: bin 4 has rate
#   1, bins 8 and 20 rate 0, so i = 5: 0.05; swap_max = 3/4 (rb in b4);
#   swap_rel = 1/15; |D| >= 0.05 in b2 and b4: swap_sensitivity = 1/2.
# P@10: x = (1/2, 1/4, 1/4), y = (1/4, 1/2, 0): diff 1/12, z = (1/4,-1/4,1/4),
#   t = 0.5, p = 1 - 0.5/1.5 = 2/3; w = (1/6,-1/3,1/6): b1 and b3 constant
#   (|t| = inf), b4 t = -1, b2 t = 0: asl_paired 3/4.  D = 1/4, 1/12, 1/4,
#   -1/12 (bins 20, 8, 20, 8), D' = 1/12, -1/12, -1/12, 1/12: swaps in b2
#   (bin 8), b3 (bin 20), b4 (bin 8): bin 20 has rate 1/2 > 0.05, so
#   swap_abs, swap_rel and swap_sensitivity are NA; swap_max = 5/12.
#   (asl_unpaired has |d*b2| = |diff| = 1/12 exactly in the reals and
#   mr/pt_0.20 has rel = 0.2 exactly in b2: left to rounding, not checked.)
# AP~P@10: root AP orders rb > ra, P@10 ra > rb: tau = -1, tau_z0 =
#   3 (-1) sqrt(2) / sqrt(18) = -1, tau_p = erfc(1/sqrt 2) =
#   0.31731050786291415; samples: b1 AP tied (left out), b2 -1, b3 +1,
#   b4 +1: tau_se = sd(-1, 1, 1) = 2/sqrt(3) = 1.1547005383792517.
{
	printf 'run\tqid\tmeasure\tvalue\n'
	printf 'ra\t%s\tAP\t%s\nra\t%s\tP@10\t%s\n' 1 0.125 1 0.5 2 0.375 2 0.25 3 0.5 3 0.25
	printf 'ra\tall\tAP\t0.33333\nra\tall\tP@10\t0.33333\n'
	printf 'rb\t%s\tAP\t%s\nrb\t%s\tP@10\t%s\n' 1 0 1 0.25 2 0.875 2 0.5 3 0.5 3 0
	printf 'rb\tall\tAP\t0.45833\nrb\tall\tP@10\t0.25\n'
} > "$T/handA.tsv"
{
	printf 'AP\tra\trb\t%s\t%s\n' diff -0.125 t_paired -0.6546536707079771 \
		p_ttest 0.5799159747915971 asl_paired 0.75 asl_unpaired 0.5
	for s in discpower_paired_0.05 discpower_unpaired_0.05 discpower_paired_0.01 discpower_unpaired_0.01; do
		printf 'AP\tall\tall\t%s\t0\n' $s
	done
	for s in reqdiff_paired_0.05 reqdiff_unpaired_0.05 reqdiff_paired_0.01 reqdiff_unpaired_0.01; do
		printf 'AP\tall\tall\t%s\tNA\n' $s
	done
	for f in 01 02 03 04 05 06 07 08 09 10 11; do
		printf 'AP\tall\tall\tmr_0.%s\t0.25\nAP\tall\tall\tpt_0.%s\t0.25\n' $f $f
	done
	for f in 12 13 14 15 16 17 18 19 20; do
		printf 'AP\tall\tall\tmr_0.%s\t0.0\nAP\tall\tall\tpt_0.%s\t0.5\n' $f $f
	done
	for i in 00 01 02 03 04 05 06 07 08 09 10 11 12 13 14 15 16 17 18 19 20; do
		case $i in
		00 | 08 | 20) c=1 s=0 r=0.0 ;;
		04) c=1 s=1 r=1.0 ;;
		*) c=0 s=0 r=NA ;;
		esac
		printf 'AP\tall\tall\tswap_count_%s\t%s\n' $i $c
		printf 'AP\tall\tall\tswap_swaps_%s\t%s\n' $i $s
		printf 'AP\tall\tall\tswap_rate_%s\t%s\n' $i $r
	done
	printf 'AP\tall\tall\t%s\t%s\n' swap_abs_0.05 0.05 swap_max 0.75 \
		swap_rel_0.05 0.06666666666666667 swap_sensitivity_0.05 0.5
	printf 'P@10\tra\trb\t%s\t%s\n' diff 0.08333333333333333 t_paired 0.5 \
		p_ttest 0.6666666666666667 asl_paired 0.75
	printf 'P@10\tall\tall\t%s\t%s\n' swap_count_08 2 swap_swaps_08 2 swap_rate_08 1.0 \
		swap_count_20 2 swap_swaps_20 1 swap_rate_20 0.5 swap_count_00 0 swap_rate_00 NA \
		swap_abs_0.05 NA swap_max 0.4166666666666667 swap_rel_0.05 NA swap_sensitivity_0.05 NA \
		discpower_paired_0.05 0 reqdiff_paired_0.05 NA
	printf 'AP~P@10\tall\tall\t%s\t%s\n' tau -1.0 tau_se 1.1547005383792517 tau_z0 -1.0 \
		tau_p 0.31731050786291415
} > "$T/handA.want"
if "$REF" 1 4 17 mean:AP mean:P@10 < "$T/handA.tsv" > "$T/handA.out" 2>"$T/handA.err" &&
	[ "$(rows_count "$T/handA.out")" -eq $(( 2 * (5 + 115) + 4 )) ] &&
	[ "$(head -n 1 "$T/handA.out")" = "$(printf 'measure\trunA\trunB\tstatistic\tvalue')" ]; then
	check_rows "$T/handA.want" "$T/handA.out" 1e-12 "reference, hand case (2 runs x 3 topics, T = 4): diff, t_paired, p_ttest, asl_*, discpower, reqdiff NA, mr/pt, swaps, tau"
else
	nok "reference, hand case: it failed or printed $(rows_count "$T/handA.out") rows, not 244"
	sed 's/^/#   /' "$T/handA.err"
fi

# Hand case B: the same AP values, T = 100, k = 5 at 0.05 and 1 at 0.01.
# Paired: the samples with |t| = inf are those drawing one topic three
# times (w*b constant, not 0): b = 1 (topic 2), 14 (2), 18 (1), 24 (2),
# 27 (1), 34 (0), 39 (1), ...; every other sample has a finite |t|.  Sorted
# by |t| descending, ties by smaller b: the 5th is b = 27, |mean| = |w_1| =
# 3/8; the 1st is b = 1, |w_2| = 1/8 (below the value at 0.05).
# Unpaired: the largest |d*b| are 7/12 (b = 23: x* = v5 v3 v3 = (1/2, 0, 0),
# y* = v4 v4 v2 = (7/8, 7/8, 1/2)), 13/24 (b = 90), then 11/24 (b = 19, 22,
# 51, 60): 1st 7/12, 5th 11/24.
printf 'AP\tall\tall\t%s\t%s\n' reqdiff_paired_0.05 0.375 reqdiff_unpaired_0.05 0.4583333333333333 \
	reqdiff_paired_0.01 0.125 reqdiff_unpaired_0.01 0.5833333333333334 > "$T/handB.want"
if "$REF" 1 100 17 mean:AP < "$T/handA.tsv" > "$T/handB.out" 2>"$T/handB.err"; then
	check_rows "$T/handB.want" "$T/handB.out" 1e-12 "reference, hand case (T = 100): reqdiff, the k-th sample by |t| with ties by smaller b"
else
	nok "reference, hand case T = 100 failed"
fi

# Hand case C: 2 topics, GM(AP) (kind gm) and num_rel_ret (kind sum), T = 4.
# Draws over n = 2: stream 1: 0 0 | 0 0 | 0 1 | 0 0; stream 2: 1 1 | 0 1 |
# 1 1 | 0 0; stream 3 over 4: 2 0 2 2 | 3 1 0 3 | 3 0 0 1 | 2 1 2 2.
# GM(AP): x = (1/2, 1/4), y = (1/8, 1/4); e = 0.00001:
#   diff = sqrt((1/2+e)(1/4+e)) - sqrt((1/8+e)(1/4+e)) = 0.17677669531431296;
#   paired on logs: z = (ln((1/2+e)/(1/8+e)), 0): t = 1, df 1: p = 1/2;
#   w = (L/2, -L/2): b1, b2, b4 constant (inf), b3 t = 0: asl_paired 3/4;
#   unpaired (GM of raw values): |d| = 0.1250, 0.1036, 0, 0.0518 < 0.1768: 0.
#   D = 0.375 (b1, b2, b4; bin 20), 0.1768 (b3, bin 17); D' = 0, >0, 0, >0:
#   no swap; every rate 0, so swap_abs = 0, swap_rel = 0, sensitivity 1;
#   swap_max = GM(1/2, 1/2) = 1/2.  mr = pt = 0 (ra higher in every sample).
# num_rel_ret: x = (3, 5), y = (4, 1): diff = 8 - 5 = 3; z = (-1, 4):
#   t = 1.5 / (sqrt(12.5) / sqrt(2)) = 0.6, p = (2/pi) atan(5/3) =
#   0.6559582607547387; w = (-2.5, 2.5): asl_paired 3/4; unpaired sums:
#   |d| = 1, 2, 4, 1 >= 3 once: 1/4.  Samples: (6, 8) x3 and (8, 5): GT rb
#   three times, ra once: mr = 1/4, pt = 0; swap_max = 8; D = -2, -2, 3, -2,
#   D' = 8, 3, 8, -2: 2 swaps in 4 in bin 20: rate 1/2: swap_abs NA.
# GM(AP)~num_rel_ret: root both ra > rb: tau 1, z0 1, p 0.3173...;
#   samples: -1, -1, +1, -1: sd = 1.
{
	printf 'run\tqid\tmeasure\tvalue\n'
	printf 'ra\t1\tGM(AP)\t0.5\nra\t1\tnum_rel_ret\t3\nra\t2\tGM(AP)\t0.25\nra\t2\tnum_rel_ret\t5\n'
	printf 'rb\t1\tGM(AP)\t0.125\nrb\t1\tnum_rel_ret\t4\nrb\t2\tGM(AP)\t0.25\nrb\t2\tnum_rel_ret\t1\n'
} > "$T/handC.tsv"
{
	printf 'GM(AP)\tra\trb\t%s\t%s\n' diff 0.17677669531431296 t_paired 1.0 p_ttest 0.5 \
		asl_paired 0.75 asl_unpaired 0
	printf 'GM(AP)\tall\tall\t%s\t%s\n' mr_0.05 0.0 pt_0.05 0.0 swap_count_17 1 swap_count_20 3 \
		swap_swaps_20 0 swap_rate_17 0.0 swap_abs_0.05 0.0 swap_max 0.5 swap_rel_0.05 0.0 \
		swap_sensitivity_0.05 1.0
	printf 'num_rel_ret\tra\trb\t%s\t%s\n' diff 3.0 t_paired 0.6 p_ttest 0.6559582607547387 \
		asl_paired 0.75 asl_unpaired 0.25
	printf 'num_rel_ret\tall\tall\t%s\t%s\n' mr_0.05 0.25 pt_0.05 0.0 mr_0.20 0.25 swap_count_20 4 \
		swap_swaps_20 2 swap_rate_20 0.5 swap_abs_0.05 NA swap_max 8.0 swap_rel_0.05 NA
	printf 'GM(AP)~num_rel_ret\tall\tall\t%s\t%s\n' tau 1.0 tau_se 1.0 tau_z0 1.0 tau_p 0.31731050786291415
} > "$T/handC.want"
if "$REF" 1 4 17 'gm:GM(AP)' sum:num_rel_ret < "$T/handC.tsv" > "$T/handC.out" 2>"$T/handC.err"; then
	check_rows "$T/handC.want" "$T/handC.out" 1e-12 "reference, hand case (2 topics, GM and sum measures, T = 4)"
else
	nok "reference, hand case with GM and sum failed"
fi

# Hand case D: 1 topic: AP x = 1/2, y = 1/4; P@10 x = 1/4, y = 1/2; T = 4.
# Every sample is the topic: the tests are NA, diff 1/4, ra higher in every
# sample (mr = pt = 0), D = D' = 1/4 (bin 20, no swap): swap_abs = 0,
# swap_rel = 0, sensitivity 1; swap_max 1/2; tau -1 at the root and in every
# sample: tau_se = 0.
printf 'run\tqid\tmeasure\tvalue\nra\t1\tAP\t0.5\nra\t1\tP@10\t0.25\nrb\t1\tAP\t0.25\nrb\t1\tP@10\t0.5\n' > "$T/handD.tsv"
{
	printf 'AP\tra\trb\t%s\t%s\n' diff 0.25 t_paired NA p_ttest NA asl_paired NA asl_unpaired NA
	printf 'AP\tall\tall\t%s\t%s\n' discpower_paired_0.05 NA discpower_unpaired_0.01 NA \
		reqdiff_paired_0.05 NA reqdiff_unpaired_0.01 NA mr_0.01 0.0 pt_0.01 0.0 mr_0.20 0.0 \
		pt_0.20 0.0 swap_count_20 4 swap_swaps_20 0 swap_rate_20 0.0 swap_count_00 0 \
		swap_rate_00 NA swap_abs_0.05 0.0 swap_max 0.5 swap_rel_0.05 0.0 swap_sensitivity_0.05 1.0
	printf 'AP~P@10\tall\tall\t%s\t%s\n' tau -1.0 tau_se 0.0 tau_z0 -1.0 tau_p 0.31731050786291415
} > "$T/handD.want"
if "$REF" 1 4 17 mean:AP mean:P@10 < "$T/handD.tsv" > "$T/handD.out" 2>"$T/handD.err" &&
	grep -q warning "$T/handD.err"; then
	check_rows "$T/handD.want" "$T/handD.out" 1e-12 "reference, hand case (1 topic: NA rules, with a warning)"
else
	nok "reference, hand case with 1 topic failed or gave no warning"
fi

# Hand case E: 3 runs, 1 topic, tau-b with a tie: M1 = (1/2, 1/2, 1/4),
# M2 = (1/4, 3/4, 1/8): pairs (a,b) tied in M1, (a,c) and (b,c) concordant:
# tau-b = 2 / sqrt((3 - 1)(3 - 0)) = 0.8164965809277261; z0 = 3 tau sqrt(6)
# / sqrt(22) = 6 / sqrt(22) = 1.2792042981336627; p = erfc(z0 / sqrt 2) =
# 0.2008251226951454; every sample equals the root: tau_se = 0.  Pairs in
# the order (ra,rb), (ra,rc), (rb,rc).
printf 'run\tqid\tmeasure\tvalue\n' > "$T/handE.tsv"
printf '%s\t1\tM1\t%s\n%s\t1\tM2\t%s\n' ra 0.5 ra 0.25 rb 0.5 rb 0.75 rc 0.25 rc 0.125 >> "$T/handE.tsv"
{
	printf 'M1\tra\trb\tdiff\t0.0\nM1\tra\trc\tdiff\t0.25\nM1\trb\trc\tdiff\t0.25\n'
	printf 'M1~M2\tall\tall\t%s\t%s\n' tau 0.8164965809277261 tau_se 0.0 tau_z0 1.2792042981336627 \
		tau_p 0.2008251226951454
} > "$T/handE.want"
if "$REF" 5 3 17 < "$T/handE.tsv" > "$T/handE.out" 2>"$T/handE.err" &&
	awk -F'\t' 'NR > 1 && $1 == "M1" && $4 == "diff" { s = s $2 $3 " " } END { exit s != "rarb rarc rbrc " }' "$T/handE.out"; then
	check_rows "$T/handE.want" "$T/handE.out" 1e-12 "reference, hand case (3 runs, tau-b with a tie, pairs in order)"
else
	nok "reference, hand case with 3 runs failed or the pairs are out of order"
fi

# Hand case F: two runs whose means are equal in the reals but not in
# doubles: P@10 = (0.1, 0.2, 0.3) and (0.3, 0.2, 0.1), summed left to
# right: 0.6000000000000001 / 3 and 0.6 / 3, a diff of 5.6e-17.  Every
# |d*b| >= |diff| under the tie rule taken against the size of the means
# (not of the near-zero diff), so asl_unpaired = 1; the paired mean is
# within TIE of the largest |z| (0.2), so t = 0 and asl_paired = 1.
{
	printf 'run\tqid\tmeasure\tvalue\n'
	printf 'ra\t%s\tP@10\t%s\n' 1 0.1 2 0.2 3 0.3
	printf 'rb\t%s\tP@10\t%s\n' 1 0.3 2 0.2 3 0.1
} > "$T/handF.tsv"
printf 'P@10\tra\trb\t%s\t%s\n' t_paired 0.0 asl_paired 1 asl_unpaired 1 > "$T/handF.want"
if "$REF" 1 200 17 mean:P@10 < "$T/handF.tsv" > "$T/handF.out" 2>"$T/handF.err"; then
	check_rows "$T/handF.want" "$T/handF.out" 1e-12 "reference, hand case (means equal but for the last bits): asl_unpaired = asl_paired = 1"
else
	nok "reference, hand case F failed"
fi

# ---- 2. cbeval --sensitivity against the reference -----------------------

"$CBEVAL" --sensitivity -t 2 $R/qrels $R/runs/sys000.run $R/runs/sys001.run > /dev/null 2> "$T/probe.err"
if grep -q "unknown option --sensitivity" "$T/probe.err"; then
	ok "cbeval --sensitivity against the reference # SKIP cbeval has no --sensitivity"
	exit $fail
fi

# case NAME SEED T SPEC QRELS RUN...: per-topic values, the reference, and
# cbeval --sensitivity; compare.  SPEC "-" for the default measures.
case_cmp() {
	name=$1 seed=$2 t=$3 spec=$4
	shift 4
	if [ "$spec" = - ]; then set -- "$@"; else set -- -m "$spec" "$@"; fi
	if ! values "$T/vals" "$@"; then
		nok "$name: the per-topic values (cbeval -b 1 --images) failed"; return
	fi
	if ! ref_run "$T/vals" "$seed" "$t" 17 "$T/ref.out"; then
		nok "$name: the reference failed"; sed 's/^/#   /' "$T/ref.out.err"; return
	fi
	if ! "$CBEVAL" --sensitivity -t "$t" --seed "$seed" -p 17 "$@" > "$T/cb.out" 2> "$T/cb.err"; then
		nok "$name: cbeval --sensitivity failed"; sed 's/^/#   /' "$T/cb.err" | head -n 5; return
	fi
	compare "$T/cb.out" "$T/ref.out" "$name"
}

start=$(date +%s)

case_cmp "synth_small, AP,P@10,RR,nDCG@1000, seed 1, T 300" 1 300 AP,P@10,RR,nDCG@1000 $R/qrels $R/runs/*.run
case_cmp "synth_small, AP,P@10,RR,nDCG@1000, seed 7, T 257" 7 257 AP,P@10,RR,nDCG@1000 $R/qrels $R/runs/*.run
case_cmp "data (10 runs x 20 topics), default measures, seed 1, T 200" 1 200 - $D/qrels $D/runs/*.run
case_cmp "data, default measures, seed 9223372036854775807, T 120" 9223372036854775807 120 - $D/qrels $D/runs/*.run

# Hand case F through cbeval: the two runs of P@10 (0.1, 0.2, 0.3) and
# (0.3, 0.2, 0.1) on topics with 10 relevant documents each.
mkdir -p "$T/tie"
for q in 1 2 3; do
	for d in 1 2 3 4 5 6 7 8 9 10; do printf '%s 0 r%s-%s 1\n' $q $q $d; done
done > "$T/tie/qrels"
tie_run() { # TAG HITS1 HITS2 HITS3: ranks 1..HITS relevant, then non-relevant
	q=0
	for h in "$2" "$3" "$4"; do
		q=$((q + 1))
		for r in 1 2 3 4 5 6 7 8 9 10; do
			if [ "$r" -le "$h" ]; then d=r$q-$r; else d=n$q-$r; fi
			printf '%s Q0 %s %s %s %s\n' $q $d $r $((100 - r)) "$1"
		done
	done
}
tie_run ra 1 2 3 > "$T/tie/ra.run"
tie_run rb 3 2 1 > "$T/tie/rb.run"
case_cmp "means equal but for the last bits (P@10, 3 topics), T 200" 1 200 P@10 "$T/tie/qrels" "$T/tie/ra.run" "$T/tie/rb.run"
if awk -F'\t' '$4 == "asl_unpaired" { u = $5 } $4 == "asl_paired" { p = $5 } END { exit !(u == 1 && p == 1) }' "$T/cb.out"; then
	ok "cbeval: means equal but for the last bits give asl_unpaired = asl_paired = 1"
else
	nok "cbeval: means equal but for the last bits: $(awk -F'\t' '$4 ~ /^asl_/' "$T/cb.out" | tr '\t\n' '  ')"
fi

# The defaults: T = 1000 and seed 1.
if values "$T/vals" -m AP,RR $R/qrels $R/runs/*.run &&
	ref_run "$T/vals" 1 1000 17 "$T/ref.out" &&
	"$CBEVAL" --sensitivity -p 17 -m AP,RR $R/qrels $R/runs/*.run > "$T/cb.out" 2>/dev/null; then
	compare "$T/cb.out" "$T/ref.out" "synth_small, AP,RR, no -t and no --seed (T 1000, seed 1)"
else
	nok "synth_small with the default T and seed failed"
fi

# Formatting: -p 3 and -p 0 (%g with 1 significant digit) against the
# reference's printf of the same rule, up to a unit of the last digit.
for p in 3 0; do
	if values "$T/vals" -m AP,RR,P@10 $R/qrels $R/runs/*.run &&
		ref_run "$T/vals" 5 100 $p "$T/ref.out" &&
		"$CBEVAL" --sensitivity -t 100 --seed 5 -p $p -m AP,RR,P@10 $R/qrels $R/runs/*.run > "$T/cb.out" 2>/dev/null; then
		compare "$T/cb.out" "$T/ref.out" "synth_small, -p $p, seed 5, T 100: numbers printed as the spec says" $p
	else
		nok "synth_small with -p $p failed"
	fi
done

# Generated collections: build/gen (runs with coarse score grids, so tied
# scores) plus a copy of a run (identical file: tag renamed TAG#2) and a
# judged topic that no run retrieves (every run scores 0 on it).
gen_coll() { # DIR RUNS TOPICS SEED
	rm -rf "$1"
	"$GEN" -r "$2" -t "$3" -d 40 -s "$4" -P 15 "$1" > /dev/null 2>&1 || return 1
	cp "$1/runs/gen001.run" "$1/runs/gen001copy.run"
	printf '999 0 NOBODY-RETRIEVES-1 1\n999 0 NOBODY-RETRIEVES-2 2\n' >> "$1/qrels"
}
if [ -x "$GEN" ]; then
	if gen_coll "$T/g3" 5 3 11; then
		case_cmp "generated: 6 runs (2 identical) x 3+1 topics, AP,P@10,RR,nDCG@1000, seed 3, T 400" \
			3 400 AP,P@10,RR,nDCG@1000 "$T/g3/qrels" "$T/g3/runs/"*.run
		case_cmp "generated: 6 runs x 4 topics, GM(AP),num_rel_ret,Q,nCG@10,num_ret, seed 5, T 300" \
			5 300 'GM(AP),num_rel_ret,Q,nCG@10,num_ret' "$T/g3/qrels" "$T/g3/runs/"*.run
	else nok "build/gen failed"; fi
	if gen_coll "$T/g1" 4 1 12; then
		case_cmp "generated: 5 runs x 1+1 topics (2 topics, one all 0), default measures, seed 2, T 333" \
			2 333 - "$T/g1/qrels" "$T/g1/runs/"*.run
		# One topic only: the qrels without topic 999.
		grep -v '^999 ' "$T/g1/qrels" > "$T/g1/qrels1"
		case_cmp "generated: 5 runs x 1 topic (NA rules), AP,P@10,RR,num_rel_ret, seed 4, T 200" \
			4 200 AP,P@10,RR,num_rel_ret "$T/g1/qrels1" "$T/g1/runs/"*.run
		if grep -qi warning "$T/cb.err"; then
			ok "1 topic: cbeval warns"
		else
			nok "1 topic: no warning from cbeval --sensitivity"
		fi
	else nok "build/gen failed"; fi
	if gen_coll "$T/g2" 3 2 13; then
		case_cmp "generated: 4 runs x 2+1 topics, P@10,RR,AP, seed 6, T 500" \
			6 500 P@10,RR,AP "$T/g2/qrels" "$T/g2/runs/"*.run
	else nok "build/gen failed"; fi
else
	nok "$GEN is missing (make build/gen)"
fi

# A hand-made collection with heavy ties: 5 runs x 6 topics, each run
# retrieving 6 of 12 documents with integer scores (many ties), binary
# qrels, one topic with no relevant document retrieved by anyone, one run
# file twice.  P@10 and RR take few values, so D = 0 and EQ are common.
mkdir -p "$T/tie/runs"
awk -v dir="$T/tie" 'BEGIN { s = 20240611
	for (q = 1; q <= 6; q++) for (d = 1; d <= 12; d++) {
		s = (s * 16807) % 2147483647
		if (q == 6) rel = (d == 12) ; else rel = s % 10 < 4
		printf "%d 0 D%d-%d %d\n", q, q, d, rel > (dir "/qrels") }
	for (r = 1; r <= 4; r++) for (q = 1; q <= 6; q++) {
		n = 0; split("", used)
		while (n < 6) { s = (s * 16807) % 2147483647; d = 1 + s % 11
			if (d in used) continue; used[d] = 1; n++
			s = (s * 16807) % 2147483647
			printf "%d Q0 D%d-%d %d %d t%d\n", q, q, d, n, 3 - s % 3, r > (dir "/runs/t" r ".run") } } }'
cp "$T/tie/runs/t2.run" "$T/tie/runs/t5.run"
case_cmp "tied collection: 5 runs (2 identical) x 6 topics, P@10,RR,AP,num_ret, seed 8, T 400" \
	8 400 P@10,RR,AP,num_ret "$T/tie/qrels" "$T/tie/runs/"*.run

# ---- -j -------------------------------------------------------------------
"$CBEVAL" --sensitivity -t 150 --seed 3 -j 1 $D/qrels $D/runs/*.run > "$T/j1" 2>/dev/null
"$CBEVAL" --sensitivity -t 150 --seed 3 -j 2 $D/qrels $D/runs/*.run > "$T/j2" 2>/dev/null
"$CBEVAL" --sensitivity -t 150 --seed 3 -j 3 $D/qrels $D/runs/*.run > "$T/j3" 2>/dev/null
if [ -s "$T/j1" ] && cmp -s "$T/j1" "$T/j2" && cmp -s "$T/j1" "$T/j3"; then
	ok "-j 1, -j 2 and -j 3 give byte-identical tables ($(rows_count "$T/j1") rows)"
else
	nok "--sensitivity differs across -j (or failed)"
fi

# ---- --top / --top-by -----------------------------------------------------
# top_cmp NAME N BY SPEC SEED T QRELS RUN...: the kept runs chosen here from
# plain cbeval's `all` rows of BY (highest first, ties by command-line
# position), kept in command-line order; the reference gets their values.
top_cmp() {
	name=$1 n=$2 by=$3 spec=$4 seed=$5 t=$6
	shift 6
	"$CBEVAL" -p 17 -m "$by" "$@" 2>/dev/null | awk -F'\t' -v by="$by" -v n="$n" '
		NR > 1 && $2 == "all" && $3 == by { k++; run[k] = $1; v[k] = $4 + 0 }
		END { for (i = 1; i <= k; i++) { rank = 0
			for (j = 1; j <= k; j++) if (v[j] > v[i] || (v[j] == v[i] && j < i)) rank++
			if (rank < n) print run[i] } }' > "$T/kept"
	values "$T/allvals" -m "$spec" "$@"
	awk -F'\t' 'NR == FNR { keep[$1] = 1; next } FNR == 1 || ($1 in keep)' "$T/kept" "$T/allvals" > "$T/vals"
	if [ "$by" = "${spec%%,*}" ]; then topby=; else topby="--top-by $by"; fi
	# shellcheck disable=SC2086
	if ref_run "$T/vals" "$seed" "$t" 17 "$T/ref.out" &&
		"$CBEVAL" --sensitivity --top "$n" $topby -t "$t" --seed "$seed" -p 17 -m "$spec" "$@" > "$T/cb.out" 2>/dev/null; then
		compare "$T/cb.out" "$T/ref.out" "$name (kept: $(tr '\n' ' ' < "$T/kept"| sed 's/ $//'))"
	else
		nok "$name: cbeval or the reference failed"
	fi
}
top_cmp "--top 4 on AP (data)" 4 AP AP,P@10 1 200 $D/qrels $D/runs/*.run
top_cmp "--top 3 --top-by nDCG@1000, not an output measure (data)" 3 nDCG@1000 P@10,RR 2 200 $D/qrels $D/runs/*.run
# A tie at the cut: by AP gen007 > gen009 > gen003 = gen003#2 (an identical
# copy) > gen005 > gen000; --top 3 keeps gen003 (ahead of its copy on the
# command line), gen009 and gen007, in command-line order, not rank order.
cp $D/runs/gen003.run "$T/gen003.run"
top_cmp "--top 3 with a tie at the cut (identical copy, TAG#2)" 3 AP AP,RR 3 200 $D/qrels \
	$D/runs/gen003.run $D/runs/gen005.run $D/runs/gen009.run $D/runs/gen000.run "$T/gen003.run" $D/runs/gen007.run
if [ "$(tr '\n' ' ' < "$T/kept")" != "gen003 gen009 gen007 " ]; then
	nok "the test's own --top selection kept $(tr '\n' ' ' < "$T/kept"), not gen003 gen009 gen007"
fi
"$CBEVAL" --sensitivity --top 99 -t 100 -m AP $R/qrels $R/runs/*.run > "$T/top99" 2>/dev/null
"$CBEVAL" --sensitivity -t 100 -m AP $R/qrels $R/runs/*.run > "$T/top0" 2>/dev/null
if [ -s "$T/top99" ] && cmp -s "$T/top99" "$T/top0"; then
	ok "--top 99 with 8 runs keeps all: the same table as without --top"
else
	nok "--top larger than the number of runs changes the table"
fi

# ---- usage errors (exit 1, nothing on stdout, a message on stderr) -------
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
usage "1 run" --sensitivity -t 10 $R/qrels $R/runs/sys000.run
usage "--top 1 keeps 1 run" --sensitivity -t 10 --top 1 $two
usage "-b 1" --sensitivity -t 10 -b 1 $two
usage "-b 20" --sensitivity -t 10 -b 20 $two
usage "-q" --sensitivity -t 10 -q $two
usage "-F trec" --sensitivity -t 10 -F trec $two
usage "--top-by without --top" --sensitivity -t 10 --top-by AP $two
usage "--top-by without --top, plain mode" --top-by AP $two
usage "--top 0" --sensitivity -t 10 --top 0 $two
usage "--top 0, plain mode" --top 0 $two
usage "-t without --sensitivity" -t 10 $two
usage "-t 0" --sensitivity -t 0 $two
usage "-t 1000001" --sensitivity -t 1000001 $two
usage "unknown --top-by" --sensitivity -t 10 --top 2 --top-by NOSUCH $two
usage "residual --top-by" --sensitivity -t 10 --top 2 --top-by 'RBP(p=0.95).residual' $two
usage "GM of a GM" --sensitivity -t 10 -m 'GM(GM(AP))' $two
usage "GM of a residual" --sensitivity -t 10 -m 'GM(RBP(p=0.95).residual)' $two
usage "with --pairs" --sensitivity -t 10 --pairs $two
usage "with --reliability" --sensitivity -t 10 --reliability $two
}
if [ -z "$bad" ]; then
	ok "usage errors of --sensitivity: all $nerr exit 1 with a message and no output"
else
	nok "usage errors not rejected with exit 1:${bad#;}"
fi

end=$(date +%s)
echo "# --sensitivity comparisons took $((end - start)) s (${CBEVAL_FLAVOUR:-rel})"
exit $fail
