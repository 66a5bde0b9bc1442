#!/bin/sh
# t_rel.sh - (rel=N) on the measures that binarise relevance: a measure
# M(rel=N) must give, cell by cell, what M gives under -l N, whatever -l
# the command has, in plain evaluation (-q), in every bootstrap image
# (--images), under --pool and in --pairs, on data/, tests/ref/synth_small
# (grades 0..3, score ties) and a generated collection; -j 1 and -j 2
# print the same bytes; several levels mix in one command with the
# measures at -l; and the names read back.  The usage errors are cases of
# tests/cli_cases.txt.
set -u
. tests/lib.sh
GEN=${GEN:-build/gen}
R=tests/ref/synth_small
BIN="AP RR P@10 R@100 Rprec bpref num_rel num_rel_ret RBP(p=0.8) INSQ(T=2) Q
AP@10 RR@10 Success@5 SetP SetR SetAP SetRelP SetF SetF(beta=0.5) relative_P@10
num_nonrel_judged_ret IPrec@0.3 11pt_avg infAP gm_map gm_bpref utility
utility(a=2,b=-1,c=-0.5,d=0.25) Rprec_mult(m=0.6) binG"

# spec_rel M N: M with (rel=N) in its name.
spec_rel() {
	case $1 in
	*"("*) printf '%s' "$1" | sed "s/)/,rel=$2)/" ;;
	*@*) printf '%s' "$1" | sed "s/@/(rel=$2)@/" ;;
	*) printf '%s(rel=%s)' "$1" "$2" ;;
	esac
}

# same_cells A B WHAT: the two tables (same layout) hold the same values
# once "(rel=N)" and ",rel=N" are taken out of the measure names of A.
same_cells() {
	sed 's/(rel=[0-9]*)//; s/,rel=[0-9]*)/)/' "$1" > "$T/a.norm"
	if cmp -s "$T/a.norm" "$2" && [ -s "$2" ]; then
		ok "$3: $(($(wc -l < "$2") - 1)) rows identical"
	else
		nok "$3: differ"; diff "$T/a.norm" "$2" | head -n 6 | sed 's/^/#   /'
	fi
}

"$GEN" -r 5 -t 6 -d 50 -s 21 -P 15 "$T/g" > /dev/null 2>&1 || nok "gen failed"
for name in data synth_small generated; do
	case $name in
	data) coll="data/qrels data/runs/gen001.run data/runs/gen002.run data/runs/gen005.run" ;;
	synth_small) coll="$R/qrels $R/runs/sys000.run $R/runs/sys001.run $R/runs/sys004.run" ;;
	generated) coll="$T/g/qrels $(echo "$T"/g/runs/*.run)" ;;
	esac
	for n in 2 3; do
		ml="" mr=""
		for m in $BIN; do ml="$ml -m $m"; mr="$mr -m $(spec_rel "$m" "$n")"; done
		# shellcheck disable=SC2086
		"$CBEVAL" -q -p 17 -l 1 $mr $coll > "$T/a" 2> /dev/null
		# shellcheck disable=SC2086
		"$CBEVAL" -q -p 17 -l "$n" $ml $coll > "$T/b" 2> /dev/null
		same_cells "$T/a" "$T/b" "$name: M(rel=$n) at -l 1 = M at -l $n, -q"
		# shellcheck disable=SC2086
		"$CBEVAL" -b 4 -j 1 --images "$T/ia" $mr $coll > /dev/null 2>&1
		# shellcheck disable=SC2086
		"$CBEVAL" -b 4 -j 2 --images "$T/ia2" $mr $coll > /dev/null 2>&1
		# shellcheck disable=SC2086
		"$CBEVAL" -b 4 -l "$n" --images "$T/ib" $ml $coll > /dev/null 2>&1
		same_cells "$T/ia" "$T/ib" "$name: M(rel=$n) = M at -l $n in images 0..4 (--images)"
		if cmp -s "$T/ia" "$T/ia2"; then ok "$name rel=$n: -j 1 and -j 2 write the same images"
		else nok "$name rel=$n: the images depend on -j"; fi
		# shellcheck disable=SC2086
		"$CBEVAL" -q -p 17 -b 3 --pool 5 $mr $coll > "$T/pa" 2> /dev/null
		# shellcheck disable=SC2086
		"$CBEVAL" -q -p 17 -b 3 --pool 5 -l "$n" $ml $coll > "$T/pb" 2> /dev/null
		same_cells "$T/pa" "$T/pb" "$name: M(rel=$n) = M at -l $n under --pool 5 (-q -b 3)"
	done
	# several levels with the measures at -l in one command, and --pairs
	# shellcheck disable=SC2086
	"$CBEVAL" -p 17 -b 3 --pairs -m AP -m 'AP(rel=2)' -m 'RR(rel=3)' -m nDCG@10 $coll > "$T/m" 2> /dev/null
	for sp in "AP 1 AP" "AP(rel=2) 2 AP" "RR(rel=3) 3 RR" "nDCG@10 1 nDCG@10"; do
		set -- $sp
		# shellcheck disable=SC2086
		"$CBEVAL" -p 17 -b 3 --pairs -l "$2" -m "$3" $coll > "$T/one" 2> /dev/null
		a=$(awk -F'\t' -v m="$1" 'NR > 1 && $3 == m' "$T/m" | cut -f1,2,4- | cksum)
		b=$(awk -F'\t' -v m="$3" 'NR > 1 && $3 == m' "$T/one" | cut -f1,2,4- | cksum)
		if [ "$a" = "$b" ]; then ok "$name: --pairs rows of $1 among mixed levels = $3 at -l $2 alone"
		else nok "$name: --pairs rows of $1 among mixed levels differ from $3 at -l $2"; fi
	done
done

# Names: every printed name reads back with -m, TSV and -F trec.
"$CBEVAL" -m 'AP(rel=2),R(rel=2)@1000,RBP(rel=2,p=0.8),GM(P(rel=3)@5),map(rel=2)' \
	data/qrels data/runs/gen002.run > "$T/n" 2> "$T/err"
names=$(awk -F'\t' 'NR > 1 { printf "%s%s", s, $3; s = "," }' "$T/n")
if [ "$names" = "AP(rel=2),R(rel=2)@1000,RBP(p=0.8,rel=2),RBP(p=0.8,rel=2).residual,GM(P(rel=3)@5)" ]; then
	ok "(rel=N) names: $names"
else
	nok "(rel=N) names: $names $(cat "$T/err")"
fi
"$CBEVAL" -F trec -m 'AP(rel=2),R(rel=2)@1000,RBP(p=0.8,rel=2)' data/qrels data/runs/gen002.run > "$T/t" 2> /dev/null
tn=$(awk '$1 != "runid" { printf "%s%s", s, $1; s = "," }' "$T/t")
"$CBEVAL" -F trec -m "$tn" data/qrels data/runs/gen002.run > "$T/t2" 2> /dev/null
"$CBEVAL" -m "$names" data/qrels data/runs/gen002.run > "$T/n2" 2> /dev/null
if [ "$tn" = "map(rel=2),recall_1000(rel=2),rbp_0.8(rel=2),rbp_0.8_residual(rel=2)" ] &&
   cmp -s "$T/t" "$T/t2" && cmp -s "$T/n" "$T/n2"; then
	ok "-F trec names $tn and the TSV names read back with -m"
else
	nok "-F trec names ($tn) or TSV names do not read back"
fi
exit $fail
