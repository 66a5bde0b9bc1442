#!/bin/sh
# t_gdeval.sh - ERR@k and nDCG(dcg=exp-log2)@k against the answers of
# gdeval.pl (the TREC Web track's script, version 1.2a, as ir_measures
# ships it) kept in tests/ref/gdeval/: gdeval.pl QRELS RUN K, K = 5 and
# 20, on tests/ref/synth_small (8 runs, grades 0..3, score ties) and on
# trec_eval's qrels.rel_level (grades -1..4) with results.test.  Every
# topic gdeval prints (it prints only the topics with a positive grade)
# must have cbeval's per-topic value within 0.000005 (gdeval prints 5
# decimals).  gdeval's own mean, over those topics only, is not compared:
# cbeval's mean is over every qrels topic (see the manual page).
set -u
. tests/lib.sh
G=tests/ref/gdeval
S=tests/ref/synth_small
TE=tests/ref/trec_eval_test

# check CSV QRELS K RUN...: the values of CSV against cbeval's.
check() {
	csv=$1 q=$2 k=$3
	shift 3
	"$CBEVAL" -q -p 10 -m "nDCG(dcg=exp-log2)@$k" -m "ERR@$k" "$q" "$@" > "$T/out" 2> "$T/err" ||
		{ nok "$(basename "$csv"): cbeval failed: $(head -n 1 "$T/err")"; return; }
	res=$(awk -F'\t' -v k="$k" '
	NR == FNR { if (FNR > 1) v[$1 SUBSEP $2 SUBSEP $3] = $4; next }
	$1 == "runid" { next }
	{ split($0, f, ","); n++
	  a = v[f[1] SUBSEP f[2] SUBSEP "nDCG(dcg=exp-log2)@" k]; b = v[f[1] SUBSEP f[2] SUBSEP "ERR@" k]
	  if (a == "" || b == "") { miss++; next }
	  d1 = a - f[3]; d2 = b - f[4]; if (d1 < 0) d1 = -d1; if (d2 < 0) d2 = -d2
	  if (d1 > 0.000005 || d2 > 0.000005) { bad++; if (!ex) ex = f[1] " " f[2] " got " a ", " b " want " f[3] ", " f[4] } }
	END { printf "%d %d %d %s\n", n, bad + 0, miss + 0, ex }' "$T/out" FS=, "$csv")
	set -- $res
	if [ "$1" -gt 0 ] && [ "$2" -eq 0 ] && [ "$3" -eq 0 ]; then
		ok "$(basename "$csv"): nDCG(dcg=exp-log2)@$k and ERR@$k of $1 topics = gdeval.pl's"
	else
		nok "$(basename "$csv"): $1 topics, $2 differ, $3 missing: $4 $5 $6 $7 $8 $9"
	fi
}
for k in 5 20; do
	check "$G/synth_small.k$k.csv" "$S/qrels" "$k" "$S"/runs/sys00*.run
	check "$G/rel_level.k$k.csv" "$TE/qrels.rel_level" "$k" "$TE/results.test"
done
exit $fail
