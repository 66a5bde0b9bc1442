#!/bin/sh
# t_intervals.sh - the bias column and --ci (shared spec intervals.md)
# against the slow, independent reference build/ref_intervals
# (tests/ref_intervals.c), which recomputes bias, ci_lo and ci_hi of
# every cell from the --images dump (qsort, type-7 quantiles written out,
# the inverse normal by bisection of erfc):
#  1. the summary with -q, every method, on two generated collections
#     (one with -l 2 -M 30) and tests/ref/synth_small (score ties, a run
#     lacking a topic), every cell within 1e-9;
#  2. --pairs with -q, every method: the differences A - B image by image;
#  3. -j 1, -j 2 and -j 3 print the same bytes for every method;
#  4. the methods differ where they should: basic and bc move the
#     interval of a measure whose images sit below the root upwards;
#  5. a split into --image-range files merged with --from-images --ci bc
#     prints the single run's bytes (summary and --pairs);
#  6. B = 1: basic and bc print NA for ci_lo and ci_hi, percentile the
#     image value;
#  7. the summary figure's legend names the method, and counts the roots
#     outside the table's intervals.
# The usage errors of --ci are cases of tests/cli_cases.txt.
set -u
. tests/lib.sh
REF=build/ref_intervals
GEN=${GEN:-build/gen}
[ -x "$REF" ] || { nok "build/ref_intervals built (make build/ref_intervals)"; exit 1; }
[ -x "$GEN" ] || { nok "build/gen built (make build/gen)"; exit 1; }

# compare KIND TABLE REFOUT WHAT: the bias, ci_lo and ci_hi of every row
# of cbeval's TABLE (summary or pairs) equal the reference's within 1e-9
# (relative beyond 1), and every reference row is there.
compare() {
	res=$(awk -F'\t' -v kind="$1" '
	function bad(a, b) {
		if (a == "NA" || b == "NA") return a != b
		d = a - b; if (d < 0) d = -d
		s = a < 0 ? -a : a; if (s < 1) s = 1
		return d > 1e-9 * s
	}
	NR == FNR { k = $1 SUBSEP $2 SUBSEP $3 (kind == "pairs" ? SUBSEP $4 : "")
		o = kind == "pairs" ? 4 : 3
		want[k] = $(o + 1) " " $(o + 2) " " $(o + 3); n++; next }
	FNR == 1 { next }
	{ if (kind == "pairs") { k = $1 SUBSEP $2 SUBSEP $3 SUBSEP $4; b = $7; lo = $9; hi = $10 }
	  else { k = $1 SUBSEP $2 SUBSEP $3; b = $6; lo = $8; hi = $12 }
	  if (!(k in want)) { extra++; next }
	  split(want[k], w, " "); seen++
	  if (bad(b, w[1]) || bad(lo, w[2]) || bad(hi, w[3])) { wrong++; if (!first) first = $0 " want " want[k] } }
	END { printf "%d %d %d %d|%s\n", n, seen + 0, wrong + 0, extra + 0, first }' "$3" "$2")
	counts=${res%%|*}
	set -- $counts "$4" "${res#*|}"
	if [ "$1" -gt 0 ] && [ "$1" -eq "$2" ] && [ "$3" -eq 0 ] && [ "$4" -eq 0 ]; then
		ok "$5: bias, ci_lo, ci_hi of $2 rows = the reference"
	else
		nok "$5: $1 reference rows, $2 matched, $3 differ, $4 extra (first: $6)"
	fi
}

"$GEN" -r 6 -t 7 -d 60 -s 11 -P 20 "$T/g1" > /dev/null 2>&1 || nok "gen g1 failed"
"$GEN" -r 4 -t 5 -d 40 -s 12 -P 15 "$T/g2" > /dev/null 2>&1 || nok "gen g2 failed"
R=tests/ref/synth_small
set_g1="$T/g1/qrels $(echo "$T"/g1/runs/*.run)"
set_g2="$T/g2/qrels $(echo "$T"/g2/runs/*.run)"
set_s="$R/qrels $R/runs/sys000.run $R/runs/sys001.run $R/runs/sys003.run $R/runs/sys005.run"
M="-m AP,P@10,RR,nDCG@10,RBP(p=0.8)"

# ---- 1, 3: the summary --------------------------------------------------
for name in g1 g2 s; do
	eval "files=\$set_$name"
	extra=
	[ "$name" = g2 ] && extra="-l 2 -M 30"
	for m in percentile basic bc; do
		# shellcheck disable=SC2086
		"$CBEVAL" -q -b 40 -p 15 --ci $m $extra $M -j 1 --images "$T/img" $files > "$T/s1" 2> "$T/err" ||
			nok "$name --ci $m failed: $(cat "$T/err")"
		# shellcheck disable=SC2086
		"$CBEVAL" -q -b 40 -p 15 --ci $m $extra $M -j 2 $files > "$T/s2" 2> /dev/null
		# shellcheck disable=SC2086
		"$CBEVAL" -q -b 40 -p 15 --ci $m $extra $M -j 3 $files > "$T/s3" 2> /dev/null
		"$REF" summary $m "$T/img" > "$T/ref" || nok "ref_intervals failed"
		compare summary "$T/s1" "$T/ref" "summary $name --ci $m"
		if cmp -s "$T/s1" "$T/s2" && cmp -s "$T/s1" "$T/s3"; then
			ok "summary $name --ci $m: -j 1, -j 2 and -j 3 print the same bytes"
		else
			nok "summary $name --ci $m: the output depends on -j"
		fi
		cp "$T/s1" "$T/sum_${name}_$m"
	done
done

# ---- 2: --pairs ----------------------------------------------------------
for m in percentile basic bc; do
	# shellcheck disable=SC2086
	"$CBEVAL" --pairs -q -b 40 -p 15 --ci $m $M -j 2 --images "$T/pimg" $set_g1 > "$T/p1" 2> "$T/err" ||
		nok "--pairs --ci $m failed: $(cat "$T/err")"
	# shellcheck disable=SC2086
	"$CBEVAL" --pairs -q -b 40 -p 15 --ci $m $M -j 1 $set_g1 > "$T/p2" 2> /dev/null
	"$REF" pairs $m "$T/pimg" > "$T/pref" || nok "ref_intervals pairs failed"
	compare pairs "$T/p1" "$T/pref" "--pairs -q g1 --ci $m"
	if cmp -s "$T/p1" "$T/p2"; then ok "--pairs --ci $m: -j 1 and -j 2 print the same bytes"
	else nok "--pairs --ci $m: the output depends on -j"; fi
	cp "$T/p1" "$T/pairs_$m"
done
if [ "$(head -n 1 "$T/pairs_bc")" = "$(printf 'runA\trunB\tmeasure\tqid\troot_diff\tmean\tbias\tsd\tci_lo\tci_hi\tp_gt\tp_eq\troot_p\tp_median\tp_lt05')" ]; then
	ok "--pairs header: bias right after mean"
else
	nok "--pairs header: $(head -n 1 "$T/pairs_bc")"
fi

# ---- 4: the methods differ as they should --------------------------------
# On the "all" rows of RR: where the images sit below the root (bias < 0),
# basic and bc lie higher than percentile at both ends.
res=$(awk -F'\t' '
	FILENAME ~ /_percentile$/ && $2 == "all" && $3 == "RR" { plo[$1] = $8; phi[$1] = $12; b[$1] = $6; next }
	FILENAME ~ /_basic$/ && $2 == "all" && $3 == "RR" { blo[$1] = $8; bhi[$1] = $12; next }
	FILENAME ~ /_bc$/ && $2 == "all" && $3 == "RR" { clo[$1] = $8; chi[$1] = $12; next }
	END { for (r in b) if (b[r] < -1e-9) { n++
		if (blo[r] > plo[r] && bhi[r] > phi[r] && clo[r] > plo[r] && chi[r] > phi[r]) up++ }
	      print n + 0, up + 0 }' "$T/sum_g1_percentile" "$T/sum_g1_basic" "$T/sum_g1_bc")
set -- $res
if [ "$1" -gt 0 ] && [ "$1" -eq "$2" ]; then
	ok "RR with images below the root: basic and bc lie above percentile ($2 of $1 runs)"
else
	nok "RR with images below the root: basic and bc above percentile for $2 of $1 runs"
fi
if cmp -s "$T/sum_g1_percentile" "$T/sum_g1_bc" || cmp -s "$T/sum_g1_basic" "$T/sum_g1_bc"; then
	nok "--ci bc prints what another method prints"
else
	ok "--ci percentile, basic and bc print different intervals"
fi
# the interval methods change only ci_lo and ci_hi
a=$(cut -f 1-7,9-11,13- "$T/sum_g1_percentile" | cksum)
b=$(cut -f 1-7,9-11,13- "$T/sum_g1_bc" | cksum)
if [ "$a" = "$b" ]; then ok "--ci changes only ci_lo and ci_hi"
else nok "--ci changes columns other than ci_lo and ci_hi"; fi
# bias = mean - root, to the printed digits
n=$(awk -F'\t' 'NR > 1 { d = $5 - $4 - $6; if (d < 0) d = -d; if (d > 2e-15) bad++ } END { print bad + 0 }' "$T/sum_g1_bc")
if [ "$n" -eq 0 ]; then ok "bias = mean - root on every row"
else nok "bias != mean - root on $n rows"; fi

# ---- 5: image ranges merged -----------------------------------------------
# shellcheck disable=SC2086
"$CBEVAL" -b 40 $M --image-range 1-25 --images "$T/r1.img" $set_g1 2> /dev/null
# shellcheck disable=SC2086
"$CBEVAL" -b 40 $M --image-range 26-40 --images "$T/r2.img" $set_g1 2> /dev/null
"$CBEVAL" -q -p 15 --ci bc --from-images "$T/r2.img" --from-images "$T/r1.img" > "$T/m1" 2> "$T/err" ||
	nok "merge --ci bc failed: $(cat "$T/err")"
"$CBEVAL" --pairs -q -p 15 --ci basic --from-images "$T/r1.img" --from-images "$T/r2.img" > "$T/m2" 2> /dev/null
if cmp -s "$T/m1" "$T/sum_g1_bc" && cmp -s "$T/m2" "$T/pairs_basic"; then
	ok "--from-images --ci bc and --pairs --ci basic print the single run's bytes"
else
	nok "--from-images with --ci differs from the single run"
fi

# ---- 7: the summary figure names the method and counts the roots outside
for m in percentile basic bc; do
	# shellcheck disable=SC2086
	"$CBEVAL" -b 200 -m RR --ci $m --svg "$T/f.svg" data/qrels data/runs/*.run > "$T/f.tsv" 2> /dev/null
	n=$(awk -F'\t' 'NR > 1 && $2 == "all" && ($4 < $8 || $4 > $12) { n++ } END { print n + 0 }' "$T/f.tsv")
	want="root outside its interval ($n run"
	if grep -q "95% $m interval (ci_lo..ci_hi)" "$T/f.svg" &&
	   { [ "$n" -eq 0 ] && ! grep -q "root outside" "$T/f.svg" || grep -qF "$want" "$T/f.svg"; }; then
		ok "--svg --ci $m: the legend names the method and counts $n roots outside the table's intervals"
	else
		nok "--svg --ci $m: legend $(grep -o '95% [a-z]* interval' "$T/f.svg" | head -n 1), outside count not $n"
	fi
done

# ---- 6: B = 1 -----------------------------------------------------------
# shellcheck disable=SC2086
"$CBEVAL" -b 1 -m P@10 --ci bc $set_g2 > "$T/b1bc" 2> /dev/null
# shellcheck disable=SC2086
"$CBEVAL" -b 1 -m P@10 --ci basic $set_g2 > "$T/b1b" 2> /dev/null
# shellcheck disable=SC2086
"$CBEVAL" -b 1 -m P@10 $set_g2 > "$T/b1p" 2> /dev/null
res=$(awk -F'\t' 'FNR > 1 { n++; if (FILENAME ~ /b1p$/) { if ($8 == $10 && $12 == $10 && $8 != "NA") good++ }
	else if ($8 == "NA" && $12 == "NA" && $10 != "NA") good++ } END { print n + 0, good + 0 }' \
	"$T/b1bc" "$T/b1b" "$T/b1p")
set -- $res
if [ "$1" -eq 12 ] && [ "$2" -eq 12 ]; then
	ok "-b 1: basic and bc print NA for ci_lo and ci_hi, percentile the image"
else
	nok "-b 1: $2 of $1 rows as the spec says"
fi
exit $fail
