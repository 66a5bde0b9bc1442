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
# ir_measures' names (the list of issue 25) give the values of the
# measure they name, spelled as trec_eval or canonically: every pair
# "ir_measures name ~ other spelling" has the same per-topic values.
pairs="AP~map AP@10~map_cut.10 P@10~P_10 R@100~recall_100 RR~recip_rank
RR@10~recip_rank_10 nDCG~ndcg nDCG@10~ndcg_cut.10 Rprec~Rprec Bpref~bpref
Judged@10~judged_10 NumQ~num_q NumRet~num_ret NumRel~num_rel
NumRelRet~num_rel_ret Success@5~success_5 IPrec@0.3~iprec_at_recall_0.30
infAP~infAP SetP~set_P SetR~set_recall SetF~set_F SetAP~set_map
ERR@20~err_20 RBP(p=0.8)~rbp_0.8 INSQ(T=2)~insq_2 MAP~AP MRR~RR NDCG~nDCG
MRR@10~RR@10 ndcg@10~nDCG@10 mrr~RR map~AP ap@5~AP@5"
bad=""
n=0
for pr in $pairs; do
	a=${pr%%~*} b=${pr#*~}
	# shellcheck disable=SC2086
	va=$("$CBEVAL" -q -p 17 -m "$a" $Q $RUNS 2> /dev/null | awk -F'\t' 'NR > 1 && $3 !~ /residual/ { print $1, $2, $4 }' | cksum)
	# shellcheck disable=SC2086
	vb=$("$CBEVAL" -q -p 17 -m "$b" $Q $RUNS 2> /dev/null | awk -F'\t' 'NR > 1 && $3 !~ /residual/ { print $1, $2, $4 }' | cksum)
	n=$((n + 1))
	[ "$va" = "$vb" ] && [ "$va" != "$(printf '' | cksum)" ] || bad="$bad $a"
done
if [ -z "$bad" ]; then ok "ir_measures' names: all $n give the values of the measure they name"
else nok "ir_measures' names that differ or fail:$bad"; fi
exit $fail
