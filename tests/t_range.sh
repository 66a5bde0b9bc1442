#!/bin/sh
# t_range.sh - --image-range and --from-images: images split into ranges,
# computed by separate processes and merged, give the bytes of one run.
#
# 1. On data/ and on a generated collection (build/gen; with -l 2, -M,
#    --order rank, --top, GM and a count measure): -b 40 split into 4
#    ranges run side by side by xargs -P 4, merged with the files in
#    shuffled order; the summary, -q, --pairs, --pairs -q (and its
#    --pair-images file), --reliability, --images FILE and --images - are
#    cmp-identical to the single run's.
# 2. Ranges of unequal sizes (one of a single image), a .gz file among
#    them, and a merge of one file holding 1..B give the same bytes.
# 3. -j 1 and -j 2 write byte-identical image files and merges.
# 4. Every data error of the merge: overlap, images missing (inside and
#    at the end), another seed, -b, measures, runs, qrels (root scores),
#    scoring options; bad magic, a text --images table, another format
#    version, a truncated file (plain and .gz), bytes after the last
#    topic: exit status 2, the message exactly, nothing on stdout.  Usage
#    errors that need image files (--pairs over files written with
#    --pool): exit status 1.  The usage errors that need no image file
#    are cases of tests/cli_cases.txt.
#
# POSIX sh; xargs -P (GNU or BSD).
set -u
. tests/lib.sh
GEN=${GEN:-build/gen}
case $CBEVAL in
/*) ;;
*) CBEVAL=$(pwd)/$CBEVAL ;;
esac

# split B DIR PREFIX ARGS...: images 1..B in 4 ranges written by 4
# processes at once (xargs -P 4), DIR/PREFIX-FIRST-LAST.img.
split4() {
	sb=$1 sd=$2 sp=$3
	shift 3
	q=$((sb / 4))
	printf '%s\n' "1-$q" "$((q + 1))-$((2 * q))" "$((2 * q + 1))-$((3 * q))" \
		"$((3 * q + 1))-$sb" |
		xargs -P 4 -I @@ "$CBEVAL" -b "$sb" -j 1 --quiet --image-range @@ \
			--images "$sd/$sp-@@.img" "$@"
}

# The merge arguments of the given files, in the order given.
from_args() {
	for f in "$@"; do printf -- '--from-images\n%s\n' "$f"; done
}

# same NAME OPTS: the single run (args in $single) against the merge of
# the files in $files (newline-separated), OPTS the output options.
same() {
	name=$1
	shift
	# shellcheck disable=SC2086
	"$CBEVAL" -b 40 --quiet "$@" $single > "$T/one" 2> "$T/one.err"
	s1=$?
	# shellcheck disable=SC2046
	(IFS='
'; "$CBEVAL" "$@" $(from_args $files)) > "$T/two" 2> "$T/two.err"
	s2=$?
	if [ $s1 -eq 0 ] && [ $s2 -eq 0 ] && [ -s "$T/one" ] && cmp -s "$T/one" "$T/two"; then
		ok "$name: merge = single run ($(wc -l < "$T/one" | tr -d ' ') lines)"
	else
		nok "$name: merge = single run (status $s1 $s2)"
		cat "$T/one.err" "$T/two.err" | sed 's/^/#   /'
		cmp "$T/one" "$T/two" | sed 's/^/#   /'
	fi
}

# Every output of one collection: $single (the inputs and scoring options)
# and $files (the shuffled range files) set by the caller.
outputs() {
	tag=$1
	same "$tag summary"
	same "$tag -q" -q
	same "$tag --pairs" --pairs
	same "$tag --pairs -q --pair-images" --pairs -q --pair-images "$T/pi"
	same "$tag --reliability" --reliability
	same "$tag -p 6 --images -" -p 6 --images -
	same "$tag --images FILE" -q --images "$T/img"
	# the files written beside stdout
	"$CBEVAL" -b 40 --quiet --images "$T/img1" --pairs --pair-images "$T/pi1" $single > /dev/null 2>&1
	(IFS='
'; "$CBEVAL" --images "$T/img2" --pairs --pair-images "$T/pi2" $(from_args $files)) > /dev/null 2>&1
	if cmp -s "$T/img1" "$T/img2" && cmp -s "$T/pi1" "$T/pi2" && [ -s "$T/pi1" ]; then
		ok "$tag: --images FILE and --pair-images FILE of the merge = single run"
	else
		nok "$tag: --images FILE and --pair-images FILE of the merge = single run"
	fi
	# and the figures
	for a in "" --pairs; do
		# shellcheck disable=SC2086
		"$CBEVAL" -b 40 --quiet $a --svg "$T/f1.svg" $single > /dev/null 2>&1
		# shellcheck disable=SC2086
		(IFS='
'; "$CBEVAL" $a --svg "$T/f2.svg" $(from_args $files)) > /dev/null 2>&1
		if [ -s "$T/f1.svg" ] && cmp -s "$T/f1.svg" "$T/f2.svg"; then
			ok "$tag: the --svg figure${a:+ of $a} of the merge = single run"
		else
			nok "$tag: the --svg figure${a:+ of $a} of the merge = single run"
		fi
		rm -f "$T/f1.svg" "$T/f2.svg"
	done
}

# ---- 1. data/ and a generated collection --------------------------------
# both TAG: -b 40 of $single split into 4 ranges in $T/TAG, merged with
# the files in shuffled order, every output compared.
both() {
	mkdir "$T/split-$1"
	# shellcheck disable=SC2086
	split4 40 "$T/split-$1" r $single
	files=$(for r in 31-40 1-10 21-30 11-20; do echo "$T/split-$1/r-$r.img"; done)
	if [ "$(ls "$T/split-$1" | wc -l)" -eq 4 ]; then
		ok "$1: xargs -P 4 wrote 4 range files"
	else
		nok "$1: xargs -P 4 wrote 4 range files"
	fi
	outputs "$1"
}
single="data/qrels data/runs/gen000.run data/runs/gen001.run data/runs/gen002.run data/runs/gen003.run data/runs/gen004.run data/runs/gen005.run data/runs/gen006.run data/runs/gen007.run data/runs/gen008.run data/runs/gen009.run"
both data
if [ -x "$GEN" ] && "$GEN" -r 6 -t 7 -d 60 -s 5 -P 20 "$T/gen" > /dev/null 2>&1; then
	single="-l 2 -M 40 --order rank --top 5 -m AP,GM(AP),RBP(p=0.8),num_rel_ret,nDCG@10 $T/gen/qrels $T/gen/runs/gen000.run $T/gen/runs/gen001.run $T/gen/runs/gen002.run $T/gen/runs/gen003.run $T/gen/runs/gen004.run $T/gen/runs/gen005.run"
	both gen
else
	nok "$GEN is missing or failed (make build/gen)"
fi

# ---- 2. unequal ranges, a .gz file, one file of 1..B ---------------------
single="data/qrels data/runs/gen000.run data/runs/gen003.run data/runs/gen006.run"
mkdir "$T/u"
for r in 1-1 2-29 30-40 1-40; do
	# shellcheck disable=SC2086
	"$CBEVAL" -b 40 --quiet --image-range $r --images "$T/u/$r.img" $single
done
gzip -c "$T/u/2-29.img" > "$T/u/2-29.img.gz"
files="$T/u/30-40.img
$T/u/2-29.img.gz
$T/u/1-1.img"
same "unequal ranges with a .gz file" --pairs -q
files="$T/u/1-40.img"
same "one file of images 1-40" -q

# ---- 3. -j 1 and -j 2 ------------------------------------------------------
for j in 1 2; do
	# shellcheck disable=SC2086
	"$CBEVAL" -b 40 -j $j --quiet --image-range 2-29 --images "$T/u/j$j.img" $single
	"$CBEVAL" -j $j --pairs -q --from-images "$T/u/1-1.img" --from-images "$T/u/30-40.img" \
		--from-images "$T/u/j$j.img" > "$T/u/m$j"
done
if cmp -s "$T/u/j1.img" "$T/u/j2.img" && cmp -s "$T/u/m1" "$T/u/m2" && [ -s "$T/u/m1" ]; then
	ok "-j 1 and -j 2: the same image file and the same merge"
else
	nok "-j 1 and -j 2: the same image file and the same merge"
fi

# ---- 4. errors ---------------------------------------------------------------
# fails STATUS MESSAGE ARGS...: fails_in (lib.sh) in $T/u.
fails() { fails_in "$T/u" "$@"; }
cd "$T/u" || exit 2
top=$OLDPWD
q=$top/data/qrels
r0=$top/data/runs/gen000.run r3=$top/data/runs/gen003.run r6=$top/data/runs/gen006.run
"$CBEVAL" -b 40 --quiet --image-range 20-35 --images o.img "$q" "$r0" "$r3" "$r6"
"$CBEVAL" -b 40 --quiet --seed 9 --image-range 30-40 --images s.img "$q" "$r0" "$r3" "$r6"
"$CBEVAL" -b 41 --quiet --image-range 30-40 --images b.img "$q" "$r0" "$r3" "$r6"
"$CBEVAL" -b 40 --quiet -m AP --image-range 30-40 --images m.img "$q" "$r0" "$r3" "$r6"
"$CBEVAL" -b 40 --quiet --image-range 30-40 --images r.img "$q" "$r0" "$r3"
"$CBEVAL" -b 40 --quiet --dedup --image-range 30-40 --images x.img "$q" "$r0" "$r3" "$r6"
"$CBEVAL" -b 40 --quiet --pool 5 --image-range 1-40 --images p.img "$q" "$r0" "$r3" "$r6"
awk '$1 == 401 && $4 > 0 { $4 = 0 } { print }' "$q" > q2
"$CBEVAL" -b 40 --quiet --image-range 30-40 --images q.img q2 "$r0" "$r3" "$r6"
"$CBEVAL" -b 40 --quiet --images t.tsv "$q" "$r0" > /dev/null
head -c 5000 30-40.img > tr.img
head -c 20 30-40.img > th.img
gzip -c tr.img > tz.img.gz
cp 30-40.img long.img
printf 'xyz' >> long.img
printf 'CBEVIMG\000\002\000\000\000' > v2.img
cd "$top" || exit 2
size=$(wc -c < "$T/u/30-40.img" | tr -d ' ')
F1="--from-images 1-1.img --from-images 2-29.img"

# shellcheck disable=SC2086
{
fails 2 "cbeval: o.img: images 20-35 overlap 2-29.img (images 2-29)" $F1 --from-images o.img --from-images 30-40.img
fails 2 "cbeval: 30-40.img: images 30-40 overlap 1-40.img (images 1-40)" --from-images 30-40.img --from-images 1-40.img
fails 2 "cbeval: images 2-29 are missing (no file holds them)" --from-images 30-40.img --from-images 1-1.img
fails 2 "cbeval: images 30-40 are missing (no file holds them)" $F1
fails 2 "cbeval: image 1 is missing (no file holds it)" --from-images 2-29.img --from-images 30-40.img
fails 2 "cbeval: s.img: --seed 9 -b 40, but 1-1.img has --seed 1 -b 40" $F1 --from-images s.img
fails 2 "cbeval: b.img: --seed 1 -b 41, but 1-1.img has --seed 1 -b 40" $F1 --from-images b.img
fails 2 "cbeval: m.img: other measures than 1-1.img" $F1 --from-images m.img
fails 2 "cbeval: r.img: other runs than 1-1.img" $F1 --from-images r.img
fails 2 "cbeval: x.img: other scoring options (-l, -M, --order, --dedup, --pool, --top, --top-by) than 1-1.img" $F1 --from-images x.img
fails 2 "cbeval: q.img: other root scores than 1-1.img (written from other qrels or runs?)" $F1 --from-images q.img
fails 2 "cbeval: t.tsv: not a cbeval image file (those are written by --image-range with --images)" --from-images t.tsv
fails 2 "cbeval: v2.img: image file format version 2: this cbeval reads version 1" --from-images v2.img
fails 2 "cbeval: th.img: truncated: the file ends inside its header" $F1 --from-images th.img
fails 2 "cbeval: tr.img: truncated: 5000 bytes, but its header announces $size (20 topics x 252 values)" $F1 --from-images tr.img
fails 2 "cbeval: tz.img.gz: truncated: 5000 bytes, but its header announces $size (20 topics x 252 values)" $F1 --from-images tz.img.gz
fails 2 "cbeval: long.img: 3 bytes after the images of the last topic" $F1 --from-images long.img
fails 2 "cbeval: none.img: cannot open: No such file or directory" $F1 --from-images none.img
fails 1 "cbeval: option --pairs: p.img was written with --pool 5: under --pool each pair has its own pool, scored inside the analysis" --pairs --from-images p.img
fails 1 "cbeval: option --seed: with --from-images the scoring options, -b and --seed come from the image files" --seed 1 $F1 --from-images 30-40.img
}
# the summary under --pool merges like any other
"$CBEVAL" -b 40 --quiet --pool 5 -q "$q" "$r0" "$r3" "$r6" > "$T/p1"
(cd "$T/u" && "$CBEVAL" -q --from-images p.img) > "$T/p2"
if cmp -s "$T/p1" "$T/p2" && [ -s "$T/p1" ]; then ok "--pool 5: the -q summary of the merge = single run"; else nok "--pool 5: the -q summary of the merge = single run"; fi
exit $fail
