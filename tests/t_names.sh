#!/bin/sh
# tests/t_names.sh - measure names round-trip:
#  - every name cbeval prints, in TSV and in -F trec, is accepted back by -m
#    and gives the same column (the same values on every topic);
#  - parameters that differ only in their 7th to 17th significant digit
#    stay two measures, each printed with the digits that tell it apart,
#    and read back to the same measure;
#  - the same parameter written differently (0.95, .950, 9.5e-1) is one
#    measure.
# Runs on tests/ref/synth_small (8 runs, graded qrels).
. "$(dirname "$0")/lib.sh"
ref=$(dirname "$0")/ref/synth_small
Q=$ref/qrels
R=$ref/runs/sys001.run

# Every measure kind, with awkward parameters, and GM of several.
specs='AP,RR,P@7,nDCG@13,RBP(p=0.95),RBP(p=0.3333333333333333),INSQ(T=2.5),INSQ(T=0.1),RBP(p=0.8,gain=graded),RBP(p=0.8,gain=graded,max=2),INSQ(T=2,gain=graded),INSQ(T=2.5,gain=graded,max=3),GM(RBP(p=0.8,gain=graded)),GM(INSQ(T=2,gain=graded,max=2)),R@7,Rprec,bpref,judged@9,num_ret,num_rel,num_rel_ret,Q,nCG@7,GM(AP),GM(Q),GM(nDCG@13),GM(nCG@7),GM(RBP(p=0.95)),GM(RBP(p=0.3333333333333333)),GM(INSQ(T=2.5)),GM(P@7),GM(judged@9),GM(num_ret),IPrec@0.125,IPrec@0.3333333333333333,IPrec@1,11pt_avg,infAP,gm_map,gm_bpref,utility,utility(a=2,b=-1.5,c=0.1,d=0.0001),Rprec_mult(m=0.125),Rprec_mult(m=1.5),unj@7,nDCG,nDCG(gains=1:3.5,2:9,4:-1),GM(nDCG(gains=3:0.5)),ndcg_rel,Rndcg,G,ndcg_rel(gains=2:0.5,3:-1),Rndcg(gains=1:4),G(gains=1:2.5,2:0),binG,rbp,rbp(p=0.8),rbp_resid,rbp_resid(p=0.95),ERR@20,ERR(max=3)@5,nDCG(dcg=exp-log2)@10,GM(ERR@20),GM(rbp),AP@5,Success@3,RR@3,SetP,SetR,SetAP,SetRelP,SetF,SetF(beta=0.5),relative_P@5,num_q,num_nonrel_judged_ret,rbp(p=0.8,gains=1:2,3:5),nDCG(gains=-2:0.75,-1:-0.25,0:0.5,1:2),ndcg_rel(gains=-1:0.5,0:0.25),Rndcg(gains=-2:-1,0:1.5),G(gains=-1:0.5,0:0.25),rbp(p=0.8,gains=-2:1,-1:-0.5,0:0.5,3:5),rbp(p=0.9,gains=2:-1),nDCG(gains=-7:2),RBP(p=0.8)@10,RBP(p=0.8,gain=graded)@5,RBP(p=0.8,gain=graded,max=2)@7,INSQ(T=2)@5,INSQ(T=2,gain=graded,max=3)@9,GM(RBP(p=0.95)@20),GM(INSQ(T=2.5)@4)'
if ! "$CBEVAL" -q -p 17 -m "$specs" "$Q" "$R" > "$T/all.tsv" 2> "$T/err"; then
	nok "names: cbeval -m '$specs' failed: $(head -n 1 "$T/err")"
	exit 1
fi
"$CBEVAL" -q -p 17 -F trec -m "$specs" "$Q" "$R" > "$T/all.trec" 2> /dev/null

# name -> its values, one "qid value" line per topic, from a TSV output.
column() { awk -F '\t' -v m="$1" 'NR > 1 && $3 == m { print $2, $4 }' "$2"; }
# The same from -F trec output (measure qid value, names padded).
tcolumn() { awk -F '\t' -v m="$1" '{ n = $1; sub(/ +$/, "", n) } n == m { print $2, $3 }' "$2"; }

# roundtrip LABEL NAMES-FILE FULL-OUTPUT EXTRACT [cbeval options]: each
# name is given alone to -m and must give the same column as in FULL.
roundtrip() {
	label=$1 names=$2 full=$3 extract=$4
	shift 4
	n=0 bad=
	for name in $(cat "$names"); do
		n=$((n + 1))
		$extract "$name" "$full" > "$T/want"
		if ! "$CBEVAL" -q -p 17 "$@" -m "$name" "$Q" "$R" > "$T/one" 2> "$T/err"; then
			bad="$bad $name(rejected: $(head -n 1 "$T/err"))"
			continue
		fi
		$extract "$name" "$T/one" > "$T/got"
		[ -s "$T/want" ] && cmp -s "$T/want" "$T/got" || bad="$bad $name"
	done
	if [ -z "$bad" ] && [ "$n" -ge 10 ]; then
		ok "names: each of the $n $label names is accepted by -m and gives the same column"
	else
		nok "names: $label names read back by -m ($n names):$bad"
	fi
}
awk -F '\t' 'NR > 1 { print $3 }' "$T/all.tsv" | sort -u > "$T/names.tsv"
awk -F '\t' '$1 !~ /^runid/ { n = $1; sub(/ +$/, "", n); print n }' "$T/all.trec" |
	sort -u > "$T/names.trec"
roundtrip TSV "$T/names.tsv" "$T/all.tsv" column
roundtrip "-F trec" "$T/names.trec" "$T/all.trec" tcolumn -F trec

# Pairs of parameters that differ in the d-th significant digit, d = 7..17
# (the last pair are neighbouring doubles: 0.1 and the next one up).
pairs='0.1234567:0.1234568
0.12345678:0.12345679
0.123456789:0.123456788
0.1234567891:0.1234567892
0.12345678901:0.12345678902
0.123456789012:0.123456789013
0.1234567890123:0.1234567890124
0.12345678901234:0.12345678901235
0.123456789012345:0.123456789012346
0.1234567890123456:0.1234567890123457
0.1:0.10000000000000002'
n=0 bad=
for pq in $pairs; do
	a=${pq%%:*} b=${pq##*:}
	for kind in RBP:p INSQ:T; do
		k=${kind%%:*} par=${kind##*:}
		n=$((n + 1))
		"$CBEVAL" -m "$k($par=$a),$k($par=$b)" "$Q" "$R" 2> /dev/null |
			awk -F '\t' 'NR > 1 && $3 !~ /residual/ { print $3 }' > "$T/names"
		printf '%s\n%s\n' "$k($par=$a)" "$k($par=$b)" > "$T/want"
		if ! cmp -s "$T/names" "$T/want"; then
			bad="$bad $k:$a/$b($(tr '\n' ' ' < "$T/names"))"
			continue
		fi
		# and each name reads back to itself
		for x in $a $b; do
			got=$("$CBEVAL" -m "$k($par=$x)" "$Q" "$R" 2> /dev/null |
				awk -F '\t' 'NR == 2 { print $3 }')
			[ "$got" = "$k($par=$x)" ] || bad="$bad $k($par=$x)->$got"
		done
	done
done
if [ -z "$bad" ]; then
	ok "names: $n pairs of parameters differing in the 7th to 17th digit stay two measures"
else
	nok "names: parameters differing in a late digit:$bad"
fi

# One parameter, three spellings: one measure, printed one way.
got=$("$CBEVAL" -m 'RBP(p=0.95),RBP(p=.950),RBP(p=9.5e-1),rbp_0.95' "$Q" "$R" 2> /dev/null |
	awk -F '\t' 'NR > 1 { printf "%s ", $3 }')
if [ "$got" = "RBP(p=0.95) RBP(p=0.95).residual " ]; then
	ok "names: 0.95, .950, 9.5e-1 and rbp_0.95 are one measure"
else
	nok "names: one parameter spelt four ways gave: $got"
fi
exit $fail
