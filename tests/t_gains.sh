#!/bin/sh
# tests/t_gains.sh - the gain parameters of ndcg, ndcg_rel, Rndcg, G and rbp
# (levels 0, -1 and -2 and negative gains of rbp included)
# against trec_eval 10.0's answers in tests/ref/trec_eval_gains/ (its
# README says which command made each file): cbeval -F trec -q -c -m
# M.L=G,... on the same qrels and run must print each file byte for byte
# (4 decimals) less its runid line; and M_L=G,... and the canonical
# spelling STEM(gains=L:G,...) of the same gains the same lines.
set -u
. tests/lib.sh
G=tests/ref/trec_eval_gains

# same FILE QRELS RUN SPEC...: cbeval -F trec -q -c $OPTS -m SPEC prints
# FILE less its runid line, for each SPEC.
OPTS=
same() {
	file=$1 qrels=$2 run=$3
	shift 3
	for spec in "$@"; do
		# shellcheck disable=SC2086
		if "$CBEVAL" -F trec -q -c $OPTS -m "$spec" "tests/ref/$qrels" \
		     "tests/ref/$run" 2> "$T/err" | grep -v '^runid' > "$T/out" &&
		   cmp -s "$T/out" "$G/$file"; then
			ok "gains: $file with $OPTS -m $spec"
		else
			nok "gains: $file with $OPTS -m $spec"
			diff "$G/$file" "$T/out" | sed 's/^/#   /' | head -n 10
			sed 's/^/#   /' "$T/err" | head -n 3
		fi
	done
}

while IFS='|' read -r file qrels run meas gains; do
	stem=$meas
	[ "$meas" = ndcg ] && stem=nDCG
	same "$file" "$qrels" "$run" "$meas.$gains" "${meas}_$gains" \
		"$stem(gains=$(printf '%s' "$gains" | tr = :))"
done <<'LIST'
rel_level.g1.txt|trec_eval_test/qrels.rel_level|trec_eval_test/results.test|ndcg|1=3.5,2=9.0,4=7.0
rel_level.g2.txt|trec_eval_test/qrels.rel_level|trec_eval_test/results.test|ndcg|1=2.0,2=5.0,3=1.0,4=0.0
rel_level.g3.txt|trec_eval_test/qrels.rel_level|trec_eval_test/results.test|ndcg|1=1.5,2=-2.0,3=0.0,4=5.5
rel_level.g4.txt|trec_eval_test/qrels.rel_level|trec_eval_test/results.test|ndcg|1=3.5,3=-1.0,4=10.0,7=4.0
synth.sys000.g1.txt|synth_small/qrels|synth_small/runs/sys000.run|ndcg|1=2.0,2=5.0,3=1.0
synth.sys001.g1.txt|synth_small/qrels|synth_small/runs/sys001.run|ndcg|1=2.0,2=5.0,3=1.0
synth.sys000.g2.txt|synth_small/qrels|synth_small/runs/sys000.run|ndcg|1=5.5,2=-1.0,3=0.0,6=4.0
synth.sys001.g2.txt|synth_small/qrels|synth_small/runs/sys001.run|ndcg|1=5.5,2=-1.0,3=0.0,6=4.0
synth.sys000.g3.txt|synth_small/qrels|synth_small/runs/sys000.run|ndcg|2=0.0,3=7.5
synth.sys001.g3.txt|synth_small/qrels|synth_small/runs/sys001.run|ndcg|2=0.0,3=7.5
ndcg_rel.rel_level.g1.txt|trec_eval_test/qrels.rel_level|trec_eval_test/results.test|ndcg_rel|1=3.5,2=9.0,4=7.0
ndcg_rel.rel_level.g2.txt|trec_eval_test/qrels.rel_level|trec_eval_test/results.test|ndcg_rel|1=2.0,2=5.0,3=1.0,4=0.0
ndcg_rel.rel_level.g3.txt|trec_eval_test/qrels.rel_level|trec_eval_test/results.test|ndcg_rel|1=1.5,2=-2.0,3=0.0,4=5.5
ndcg_rel.rel_level.g4.txt|trec_eval_test/qrels.rel_level|trec_eval_test/results.test|ndcg_rel|1=3.5,3=-1.0,4=10.0,7=4.0
ndcg_rel.synth.sys001.g1.txt|synth_small/qrels|synth_small/runs/sys001.run|ndcg_rel|1=2.0,2=5.0,3=1.0
ndcg_rel.synth.sys001.g2.txt|synth_small/qrels|synth_small/runs/sys001.run|ndcg_rel|1=5.5,2=-1.0,3=0.0,6=4.0
ndcg_rel.synth.sys001.g3.txt|synth_small/qrels|synth_small/runs/sys001.run|ndcg_rel|2=0.0,3=7.5
Rndcg.rel_level.g1.txt|trec_eval_test/qrels.rel_level|trec_eval_test/results.test|Rndcg|1=3.5,2=9.0,4=7.0
Rndcg.rel_level.g2.txt|trec_eval_test/qrels.rel_level|trec_eval_test/results.test|Rndcg|1=2.0,2=5.0,3=1.0,4=0.0
Rndcg.synth.sys001.g1.txt|synth_small/qrels|synth_small/runs/sys001.run|Rndcg|1=2.0,2=5.0,3=1.0
Rndcg.synth.sys001.g3.txt|synth_small/qrels|synth_small/runs/sys001.run|Rndcg|2=0.0,3=7.5
G.rel_level.g1.txt|trec_eval_test/qrels.rel_level|trec_eval_test/results.test|G|1=3.5,2=9.0,4=7.0
G.rel_level.g2.txt|trec_eval_test/qrels.rel_level|trec_eval_test/results.test|G|1=2.0,2=5.0,3=1.0,4=0.0
G.rel_level.g3.txt|trec_eval_test/qrels.rel_level|trec_eval_test/results.test|G|1=1.5,2=-2.0,3=0.0,4=5.5
G.rel_level.g4.txt|trec_eval_test/qrels.rel_level|trec_eval_test/results.test|G|1=3.5,3=-1.0,4=10.0,7=4.0
G.synth.sys001.g1.txt|synth_small/qrels|synth_small/runs/sys001.run|G|1=2.0,2=5.0,3=1.0
G.synth.sys001.g2.txt|synth_small/qrels|synth_small/runs/sys001.run|G|1=5.5,2=-1.0,3=0.0,6=4.0
G.synth.sys001.g3.txt|synth_small/qrels|synth_small/runs/sys001.run|G|2=0.0,3=7.5
LIST

# rbp's gains (with p; gains >= 0), against trec_eval with its m_rbp.c
# min and max initialised (see the README: unset there, they make
# trec_eval's rbp depend on its build): rbp.p=P,L=G,..., rbp_p=P,L=G,...
# and rbp(p=P,gains=L:G,...) print each file less its runid line.
while IFS='|' read -r file qrels run p gains; do
	same "$file" "$qrels" "$run" "rbp.p=$p,$gains" "rbp_p=$p,$gains" \
		"rbp(p=$p,gains=$(printf '%s' "$gains" | tr = :))"
done <<'LIST'
rbp.rel_level.g1.txt|trec_eval_test/qrels.rel_level|trec_eval_test/results.test|0.8|1=2.0,3=5.0
rbp.rel_level.g2.txt|trec_eval_test/qrels.rel_level|trec_eval_test/results.test|0.9|7=10.0
rbp.rel_level.g3.txt|trec_eval_test/qrels.rel_level|trec_eval_test/results.test|0.5|1=0.5,2=0.7
rbp.rel_level.g4.txt|trec_eval_test/qrels.rel_level|trec_eval_test/results.test|0.8|2=0.0,3=0.0
rbp.synth.sys000.g1.txt|synth_small/qrels|synth_small/runs/sys000.run|0.9|1=2.0,2=5.0,3=1.0
rbp.synth.sys001.g1.txt|synth_small/qrels|synth_small/runs/sys001.run|0.9|1=2.0,2=5.0,3=1.0
LIST
# Gains for levels 0 (grade 0), -1 (unjudged: not in the topic's qrels)
# and -2 (a negative grade), and negative gains of rbp, against the same
# trec_eval builds (rbp: the one with min and max initialised), with -l 1
# and -l 2, on qrels.rel_level (grades -1 to 4) and qrels.neg (grades -2
# to 3, a topic without a positive grade, judged documents dropped, so
# that runs retrieve unjudged ones; sys001.run has ties): M.L=G,...,
# M_L=G,... and the canonical spelling print each file.
R=trec_eval_test/qrels.rel_level' 'trec_eval_test/results.test
N=trec_eval_gains/qrels.neg' 'synth_small/runs/sys001.run
while IFS='|' read -r file set meas gains OPTS; do
	stem=$meas
	[ "$meas" = ndcg ] && stem=nDCG
	canon="$stem(gains=$(printf '%s' "$gains" | tr = :))"
	[ "$meas" = rbp ] && canon="rbp(${gains%%,*},gains=$(printf '%s' \
		"${gains#*,}" | tr = :))"
	eval "set -- \$$set"
	same "$file" "$1" "$2" "$meas.$gains" "${meas}_$gains" "$canon"
done <<'LIST'
low.rel_level.ndcg.a.txt|R|ndcg|-1=-0.25,0=0.5,1=2.0|
low.rel_level.ndcg.b.l2.txt|R|ndcg|-2=3.0,-1=1.5,0=2.0,3=1.0|-l 2
low.neg.ndcg.a.txt|N|ndcg|-1=-0.25,0=0.5,1=2.0|
low.neg.ndcg.b.txt|N|ndcg|-2=3.0,-1=1.5,0=2.0,3=1.0|
low.neg.ndcg.c.l2.txt|N|ndcg|-2=-1.0,0=7.0|-l 2
low.neg.ndcg_rel.a.txt|N|ndcg_rel|-1=-0.25,0=0.5,1=2.0|
low.neg.ndcg_rel.b.l2.txt|N|ndcg_rel|-2=3.0,-1=1.5,0=2.0,3=1.0|-l 2
low.neg.Rndcg.a.txt|N|Rndcg|-1=-0.25,0=0.5,1=2.0|
low.neg.Rndcg.c.l2.txt|N|Rndcg|-2=-1.0,0=7.0|-l 2
low.neg.G.a.txt|N|G|-1=-0.25,0=0.5,1=2.0|
low.neg.G.d.l2.txt|N|G|-1=0.5|-l 2
low.rel_level.G.c.txt|R|G|-2=-1.0,0=7.0|
low.neg.rbp.a.txt|N|rbp|p=0.8,-1=-0.25,0=0.5,1=2.0|
low.neg.rbp.b.l2.txt|N|rbp|p=0.9,-2=3.0,-1=1.5,0=2.0,3=1.0|-l 2
low.neg.rbp.m.txt|N|rbp|p=0.9,2=-1.0|
low.neg.rbp.f.txt|N|rbp|p=0.8,0=0.5|
low.rel_level.rbp.d.txt|R|rbp|p=0.95,-1=0.5|
low.rel_level.rbp.c.l2.txt|R|rbp|p=0.5,-2=-1.0,0=7.0|-l 2
LIST
OPTS=

# What is still refused: a level given twice, a level out of range.
for bad in 'ndcg.0=1,0=2' 'rbp(p=0.8,gains=-1:1,-1:2)' 'G.-2000000=1'; do
	if "$CBEVAL" -m "$bad" tests/ref/trec_eval_test/qrels.rel_level \
	     tests/ref/trec_eval_test/results.test > "$T/out" 2> "$T/err"; then
		nok "gains: -m $bad is refused"
	elif [ -s "$T/out" ]; then
		nok "gains: -m $bad prints on stdout"
	else
		ok "gains: -m $bad is refused: $(head -n 1 "$T/err")"
	fi
done

# The issue's example: ndcg.0=0,1=1,2=3 (levels 0 and 1 at their default
# gains) is ndcg.2=3 (compared in the TSV, whose names are canonical;
# -F trec names each by the text given, as trec_eval does).
for m in ndcg ndcg_rel Rndcg G; do
	"$CBEVAL" -q -m "$m.0=0,1=1,2=3" \
		tests/ref/trec_eval_test/qrels.rel_level \
		tests/ref/trec_eval_test/results.test > "$T/a" 2> "$T/err"
	"$CBEVAL" -q -m "$m.2=3" \
		tests/ref/trec_eval_test/qrels.rel_level \
		tests/ref/trec_eval_test/results.test > "$T/b" 2> /dev/null
	if [ -s "$T/a" ] && cmp -s "$T/a" "$T/b"; then
		ok "gains: $m.0=0,1=1,2=3 is $m.2=3"
	else
		nok "gains: $m.0=0,1=1,2=3 is $m.2=3"
		sed 's/^/#   /' "$T/err" | head -n 3
	fi
done

# The gains that are the default change nothing: ndcg.2=2.0 is ndcg
# (under -F trec it is named by the text given, as trec_eval names it).
"$CBEVAL" -q -m ndcg tests/ref/trec_eval_test/qrels.rel_level \
	tests/ref/trec_eval_test/results.test > "$T/a" 2> /dev/null
"$CBEVAL" -q -m 'ndcg.2=2.0,3=3' \
	tests/ref/trec_eval_test/qrels.rel_level \
	tests/ref/trec_eval_test/results.test > "$T/b" 2> /dev/null
if [ -s "$T/a" ] && cmp -s "$T/a" "$T/b"; then
	ok "gains: ndcg.2=2.0,3=3 is ndcg"
else
	nok "gains: ndcg.2=2.0,3=3 is ndcg"
fi
exit $fail
