#!/bin/sh
# tests/outputs.sh - the outputs of every analysis on one collection, as
# checksums, to check that a change to the tree or to the speed of the
# code changes no output byte.
#
# Usage: sh tests/outputs.sh [DIR] > sums   then, after the change,
#        sh tests/outputs.sh [DIR] | diff sums -
# DIR is a collection (DIR/qrels, DIR/runs/*.run); by default the bench
# collection, made with build/gen as tests/bench.sh makes it (129 runs x
# 50 topics x 1000 documents).  Each line is "md5 bytes command": the
# plain evaluation (TSV, -q, -F trec -m all_trec), the bootstrap summary
# and --images, --pairs, --reliability, --pool, --sensitivity,
# --partitions, --meld, --bias, --compare and each figure, with -j 1 and
# -j 2 where the threads could matter.  Takes a few minutes.
set -u
CBEVAL=${CBEVAL:-./cbeval}
GEN=${GEN:-build/gen}
DIR=${1:-}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
if [ -z "$DIR" ]; then
	DIR=$T/bench
	"$GEN" -r 129 -t 50 -d 1000 -s 1 -P 100 "$DIR" > /dev/null || exit 2
fi
R=$(ls "$DIR"/runs/*.run | head -n 50 | tr '\n' ' ' | sed 's/ $//')
ALL=$(ls "$DIR"/runs/*.run | tr '\n' ' ' | sed 's/ $//')

# sum LABEL ARGS...: one line for cbeval ARGS (stdout and the status).
sum() {
	label=$1
	shift
	# shellcheck disable=SC2086
	"$CBEVAL" "$@" > "$T/out" 2> /dev/null
	rc=$?
	args=$(printf '%s' "$*" | sed "s|$ALL|(every run)|; s|$R|(50 runs)|; s|$DIR|DIR|g; s|$T|T|g")
	printf '%s %s %s: %s, status %s\n' "$(md5sum < "$T/out" | cut -d' ' -f1)" \
		"$(wc -c < "$T/out" | tr -d ' ')" "$label" "$args" "$rc"
}

Q=$DIR/qrels
# shellcheck disable=SC2086
{
sum plain -q $Q $ALL
sum trec -F trec -q -m all_trec $Q $ALL
for j in 1 2; do
	sum "boot j$j" -j $j -b 100 -q $Q $ALL
	sum "pairs j$j" -j $j -b 50 --pairs -m AP,P@10 $Q $R
	sum "images j$j" -j $j -b 10 --images - -m AP $Q $R
done
sum reliability -b 100 --reliability -m AP,nDCG@10 $Q $R
sum pool -b 50 --pool 10 -q -m AP $Q $R
sum sensitivity --sensitivity -t 200 -m AP,P@10 $Q $R
sum partitions --partitions 2 --resamples 200 --randomizations 200 -m AP $Q $R
sum meld -b 20 --meld rank --mf 1.0,0.5 --splits 2 -m AP $Q $R
sum bias --bias --against pool:10 --engineered -t 100 -m AP $Q $R
sum compare --compare all --test t,wilcoxon,rand --randomizations 1000 -m AP,P@10 $Q $R
sum "compare md" --compare all -b 20 -F markdown -m AP $Q $R
sum "pair-images" -b 20 --pairs --pair-images "$T/pi" -m AP $Q $R
printf '%s %s pair-images file\n' "$(md5sum < "$T/pi" | cut -d' ' -f1)" "$(wc -c < "$T/pi" | tr -d ' ')"
for a in "" "-b 20" "-b 20 --pairs" "--sensitivity -t 100" "-b 50 --reliability" \
	"--partitions 2 --resamples 100 --randomizations 100" \
	"-b 10 --meld rank --splits 2" "--bias --against pool:10 -t 50" \
	"--compare all"; do
	sum "svg $a" $a -m AP --svg "$T/f.svg" $Q $R
	printf '%s %s svg file of [%s]\n' "$(md5sum < "$T/f.svg" | cut -d' ' -f1)" \
		"$(wc -c < "$T/f.svg" | tr -d ' ')" "$a"
done
}
