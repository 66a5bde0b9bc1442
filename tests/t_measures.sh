#!/bin/sh
# t_measures.sh - every measure of issue 25 under every analysis: with
# -m all_trec and the measures trec_eval lacks, each analysis runs on
# data/ (4 runs) and prints one row per measure output where its table
# has one (the row counts below), with -j 1 and -j 2 alike; and --top-by
# and GM() take the new measures.  The values themselves are checked
# elsewhere: against trec_eval (t_trec_all), gdeval (t_gdeval), images
# written out (test_images, t_pools) and -l (t_rel).
set -u
. tests/lib.sh
Q=data/qrels
RUNS="data/runs/gen001.run data/runs/gen002.run data/runs/gen005.run data/runs/gen006.run"
M="-m all_trec -m RR@10 -m ERR@20 -m nDCG(dcg=exp-log2)@10 -m AP(rel=2)"
# shellcheck disable=SC2086
"$CBEVAL" $M $Q $RUNS > "$T/plain" 2> "$T/err" || nok "plain evaluation failed: $(head -n 1 "$T/err")"
nm=$(awk -F'\t' 'NR > 1 && $1 == "gen001" { n++ } END { print n + 0 }' "$T/plain")
ns=$(awk -F'\t' 'NR > 1 && $1 == "gen001" && $3 !~ /residual/ { n++ } END { print n + 0 }' "$T/plain")
[ "$nm" -ge 100 ] && ok "plain evaluation: $nm measure outputs per run" || nok "plain evaluation: $nm outputs"

# rows ANALYSIS WANT ARGS...: the analysis runs with -j 1 and -j 2, prints
# the same bytes, and WANT data rows (an awk count of what its table has
# per measure output).
rows() {
	what=$1 want=$2
	shift 2
	# shellcheck disable=SC2086
	"$CBEVAL" -j 1 "$@" $M $Q $RUNS > "$T/a1" 2> "$T/err" || { nok "$what failed: $(head -n 1 "$T/err")"; return; }
	# shellcheck disable=SC2086
	"$CBEVAL" -j 2 "$@" $M $Q $RUNS > "$T/a2" 2> /dev/null
	got=$(($(wc -l < "$T/a1") - 1))
	if [ "$got" -eq "$want" ] && cmp -s "$T/a1" "$T/a2"; then
		ok "$what: $got rows, the same with -j 1 and -j 2"
	else
		nok "$what: $got rows (want $want), -j 1 and -j 2 $(cmp -s "$T/a1" "$T/a2" && echo alike || echo differ)"
	fi
}
rows "-b 5 summary" $((4 * nm)) -b 5
rows "--pairs -b 5" $((6 * nm)) --pairs -b 5
rows "-b 5 --pool 10" $((4 * nm)) -b 5 --pool 10
rows "--sensitivity -t 20" $((ns * (6 * 5 + 115) + ns * (ns - 1) / 2 * 4)) --sensitivity -t 20
"$CBEVAL" --reliability -b 5 $M $Q $RUNS > "$T/rel" 2> "$T/err" &&
	[ "$(awk -F'\t' 'NR > 1 { s[$1] = 1 } END { for (k in s) n++; print n + 0 }' "$T/rel")" -eq "$nm" ] &&
	ok "--reliability -b 5: statistics for all $nm measure outputs" ||
	nok "--reliability -b 5 failed or lacks measures: $(head -n 1 "$T/err")"
for a in "--partitions 2 --resamples 20 --randomizations 20" "--meld rank -b 3 --splits 2" "--bias --against pool:5 -t 20"; do
	# shellcheck disable=SC2086
	if "$CBEVAL" $a $M $Q $RUNS > "$T/x" 2> "$T/err" &&
	   [ "$(awk -F'\t' 'NR > 1 { s[$1] = 1 } END { for (k in s) n++; print n + 0 }' "$T/x")" -ge "$((ns - 1))" ]; then
		ok "$a: rows for the measures"
	else
		nok "$a failed or lacks measures: $(head -n 1 "$T/err")"
	fi
done
"$CBEVAL" --top 2 --top-by 'ERR@20' -m infAP -m 'GM(RR@10)' -m 'GM(ndcg)' --svg "$T/f.svg" $Q $RUNS > "$T/top" 2> "$T/err" &&
	[ "$(awk -F'\t' 'NR > 1 { r[$1] = 1 } END { for (k in r) n++; print n + 0 }' "$T/top")" -eq 2 ] && [ -s "$T/f.svg" ] &&
	ok "--top-by ERR@20, GM(RR@10), GM(ndcg) and --svg" || nok "--top-by ERR@20 / GM / --svg: $(head -n 1 "$T/err")"
exit $fail
