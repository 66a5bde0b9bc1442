#!/bin/sh
# t_collection.sh - --save-collection and --collection: the qrels and runs
# saved as loaded and read back give the bytes of the QRELS and RUN files.
#
# 1. data/: saving leaves the output as it is; read back, the plain
#    evaluation, -q, -F trec, -b with -q, --images -, --reliability,
#    --top, --pool and --svg print what the files print; the collection
#    read from standard input and through gzip too; a run with no ranking.
# 2. A generated collection (build/gen) saved with -l 2 -M 40 --order
#    rank --dedup: read back without those options it prints what the
#    files print with them (and not what they print without).
#    A generated collection of 70 runs saved with -j 1 and 3 times with
#    -j 2: the same bytes.
# 3. A split: 4 ranges from the collection by xargs -P 4, each range file
#    cmp-identical to the one written from the files, and their merge
#    (--pairs -q) identical to the single run's.
# 4. Every data error of the reader, on damaged copies: another magic
#    (a text file), format version, cbeval version, truncated (plain and
#    .gz), a flipped byte (checksum), bytes after the checksum, a missing
#    file, and a --save-collection file that cannot be written: exit
#    status 2, the message exactly, nothing on stdout.  The usage errors
#    are cases of tests/cli_cases.txt.
#
# POSIX sh; xargs -P (GNU or BSD); od, dd.
set -u
. tests/lib.sh
GEN=${GEN:-build/gen}
top=$(pwd)

runs="data/runs/gen000.run data/runs/gen001.run data/runs/gen002.run data/runs/gen003.run data/runs/gen004.run data/runs/gen005.run"

# same NAME "FILE ARGS" "COLLECTION ARGS": both print the same, not empty.
same() {
	# shellcheck disable=SC2086
	"$CBEVAL" $2 > "$T/one" 2> "$T/one.err"
	s1=$?
	# shellcheck disable=SC2086
	"$CBEVAL" $3 > "$T/two" 2> "$T/two.err"
	s2=$?
	if [ $s1 -eq 0 ] && [ $s2 -eq 0 ] && [ -s "$T/one" ] && cmp -s "$T/one" "$T/two"; then
		ok "$1: --collection = QRELS and RUN files ($(wc -l < "$T/one" | tr -d ' ') lines)"
	else
		nok "$1: --collection = QRELS and RUN files (status $s1 $s2)"
		cat "$T/one.err" "$T/two.err" | sed 's/^/#   /'
	fi
}

# ---- 1. data/ -------------------------------------------------------------
# shellcheck disable=SC2086
"$CBEVAL" --quiet data/qrels $runs > "$T/plain"
# shellcheck disable=SC2086
"$CBEVAL" --quiet --save-collection "$T/d.cbc" data/qrels $runs > "$T/saved"
if [ -s "$T/d.cbc" ] && cmp -s "$T/plain" "$T/saved"; then
	ok "--save-collection writes the file and prints what the command prints without it"
else
	nok "--save-collection writes the file and prints what the command prints without it"
fi
C="--collection $T/d.cbc"
F="--quiet data/qrels $runs"
same "plain" "$F" "$C"
same "-q" "-q $F" "-q $C"
same "-F trec -q" "-F trec -q $F" "-F trec -q $C"
same "-b 30 -q" "-b 30 -q $F" "-b 30 -q $C"
same "-b 12 --images -" "-b 12 -p 6 --images - $F" "-b 12 -p 6 --images - $C"
same "--reliability" "-b 10 --reliability $F" "-b 10 --reliability $C"
same "--top 3 --top-by P@10" "-b 10 --top 3 --top-by P@10 $F" "-b 10 --top 3 --top-by P@10 $C"
same "--pool 5 -q" "-b 10 --pool 5 -q $F" "-b 10 --pool 5 -q $C"
same "-m with GM and RBP" "-m GM(AP),RBP(p=0.8),bpref,judged@10 -b 10 $F" "-m GM(AP),RBP(p=0.8),bpref,judged@10 -b 10 $C"
# every analysis reads the collection file as it reads the files
same "--pairs -q" "-b 10 --pairs -q $F" "-b 10 --pairs -q $C"
same "--pairs --pool 5" "-b 8 --pairs --pool 5 $F" "-b 8 --pairs --pool 5 $C"
same "--sensitivity" "--sensitivity -t 100 $F" "--sensitivity -t 100 $C"
same "--partitions" "--partitions 2 --resamples 50 --randomizations 50 $F" "--partitions 2 --resamples 50 --randomizations 50 $C"
same "--meld rank" "-b 5 --meld rank --mf 1.0,0.5 --splits 2 $F" "-b 5 --meld rank --mf 1.0,0.5 --splits 2 $C"
awk 'NR % 3 == 0 { print $3, "L"; next } { print $3, "R" }' data/qrels | sort -u -k1,1 > "$T/labels"
same "--meld LABELS" "-b 5 --meld $T/labels --mf 1.0,0.5 --splits 2 $F" "-b 5 --meld $T/labels --mf 1.0,0.5 --splits 2 $C"
same "--bias pool:5 --engineered" "--bias --against pool:5 --engineered -t 50 $F" "--bias --against pool:5 --engineered -t 50 $C"
same "--bias against qrels" "--bias --against data/qrels -t 30 $F" "--bias --against data/qrels -t 30 $C"
# shellcheck disable=SC2086
"$CBEVAL" -b 10 --svg "$T/f1.svg" $F > /dev/null 2>&1
# shellcheck disable=SC2086
"$CBEVAL" -b 10 --svg "$T/f2.svg" $C > /dev/null 2>&1
if [ -s "$T/f1.svg" ] && cmp -s "$T/f1.svg" "$T/f2.svg"; then
	ok "--svg: the same figure"
else
	nok "--svg: the same figure"
fi
# shellcheck disable=SC2086
"$CBEVAL" -b 20 -q $F > "$T/b20"
"$CBEVAL" -b 20 -q --collection - < "$T/d.cbc" > "$T/stdin" 2> "$T/err"
gzip -c "$T/d.cbc" > "$T/d.cbc.gz"
"$CBEVAL" -b 20 -q --collection "$T/d.cbc.gz" > "$T/gz" 2>> "$T/err"
if cmp -s "$T/b20" "$T/stdin" && cmp -s "$T/b20" "$T/gz" && [ ! -s "$T/err" ]; then
	ok "--collection - and a .gz collection file"
else
	nok "--collection - and a .gz collection file"
	sed 's/^/#   /' "$T/err"
fi

# a run with no ranking at all (its only topic is not in the qrels)
printf '1 0 d1 1\n2 0 e1 1\n' > "$T/q.t"
printf '9 Q0 d1 1 1.0 t\n' > "$T/r9.t"
printf '1 Q0 d1 1 1.0 u\n' > "$T/r1.t"
"$CBEVAL" --quiet --save-collection "$T/e.cbc" "$T/q.t" "$T/r9.t" "$T/r1.t" > /dev/null
same "a run with no ranking" "--quiet -b 5 -q $T/q.t $T/r9.t $T/r1.t" "-b 5 -q --collection $T/e.cbc"

# ---- 2. the loading options come from the file ------------------------------
if [ -x "$GEN" ] && "$GEN" -r 5 -t 6 -d 50 -s 3 -P 20 "$T/gen" > /dev/null 2>&1; then
	g="$T/gen/qrels $T/gen/runs/gen000.run $T/gen/runs/gen001.run $T/gen/runs/gen002.run $T/gen/runs/gen003.run $T/gen/runs/gen004.run"
	# shellcheck disable=SC2086
	"$CBEVAL" --quiet -l 2 -M 40 --order rank --dedup --save-collection "$T/g.cbc" $g > /dev/null
	same "saved with -l 2 -M 40 --order rank --dedup, -b 25 -q" \
		"-l 2 -M 40 --order rank --dedup -b 25 -q --quiet $g" \
		"-b 25 -q --collection $T/g.cbc"
	# shellcheck disable=SC2086
	"$CBEVAL" -b 25 -q --quiet $g > "$T/g1"
	if ! cmp -s "$T/g1" "$T/two"; then
		ok "those options change the output of the files (so the test can fail)"
	else
		nok "those options change the output of the files (so the test can fail)"
	fi
else
	nok "$GEN is missing or failed (make build/gen)"
fi

# ---- 2b. the same bytes whatever -j -----------------------------------------------
# 70 runs: with -j 2 two threads intern the documents of a topic in an
# order that changes from run to run (the file did, before its documents
# were renumbered when written)
if [ -x "$GEN" ] && "$GEN" -r 70 -t 10 -d 300 -s 7 -P 30 "$T/g70" > /dev/null 2>&1; then
	"$CBEVAL" --quiet -j 1 --save-collection "$T/j1.cbc" "$T/g70/qrels" "$T"/g70/runs/* > /dev/null
	same_bytes=1
	for i in 1 2 3; do
		"$CBEVAL" --quiet -j 2 --save-collection "$T/j2.cbc" "$T/g70/qrels" "$T"/g70/runs/* > /dev/null
		cmp -s "$T/j1.cbc" "$T/j2.cbc" || same_bytes=0
	done
	if [ -s "$T/j1.cbc" ] && [ $same_bytes -eq 1 ]; then
		ok "--save-collection writes the same bytes with -j 1 and -j 2 (3 times)"
	else
		nok "--save-collection writes the same bytes with -j 1 and -j 2 (3 times)"
	fi
else
	nok "$GEN is missing or failed (make build/gen)"
fi

# ---- 3. a split -----------------------------------------------------------------
mkdir "$T/s"
printf '%s\n' 1-10 11-20 21-30 31-40 |
	xargs -P 4 -I @@ "$CBEVAL" -b 40 -j 1 --image-range @@ \
		--images "$T/s/c-@@.img" --collection "$T/d.cbc"
bad=0
for r in 1-10 11-20 21-30 31-40; do
	# shellcheck disable=SC2086
	"$CBEVAL" -b 40 -j 1 --image-range $r --images "$T/s/f-$r.img" $F
	cmp -s "$T/s/c-$r.img" "$T/s/f-$r.img" || bad=1
done
if [ $bad -eq 0 ] && [ -s "$T/s/c-1-10.img" ]; then
	ok "4 ranges by xargs -P 4 from the collection: each range file = the one from the files"
else
	nok "4 ranges by xargs -P 4 from the collection: each range file = the one from the files"
fi
"$CBEVAL" --pairs -q --from-images "$T/s/c-21-30.img" --from-images "$T/s/c-1-10.img" \
	--from-images "$T/s/c-31-40.img" --from-images "$T/s/c-11-20.img" > "$T/merged"
# shellcheck disable=SC2086
"$CBEVAL" -b 40 --pairs -q $F > "$T/single"
if [ -s "$T/single" ] && cmp -s "$T/merged" "$T/single"; then
	ok "their merge, --pairs -q = the single run"
else
	nok "their merge, --pairs -q = the single run"
fi

# ---- 4. errors -------------------------------------------------------------------
# fails STATUS MESSAGE ARGS...: fails_in (lib.sh) in $T.
fails() { fails_in "$T" "$@"; }
case $CBEVAL in
/*) ;;
*) CBEVAL=$(pwd)/$CBEVAL ;;
esac
size=$(wc -c < "$T/d.cbc" | tr -d ' ')
cp "$T/plain" "$T/text.cbc"
head -c 3000 "$T/d.cbc" > "$T/tr.cbc"
gzip -c "$T/tr.cbc" > "$T/tz.cbc.gz"
cp "$T/d.cbc" "$T/long.cbc"
printf 'x' >> "$T/long.cbc"
printf 'CBEVCOL\000\002\000\000\000' > "$T/v2.cbc"
# the version string "0.1.0" (bytes 16-20) as "0.0.9"
{ head -c 16 "$T/d.cbc"; printf '0.0.9'; tail -c +22 "$T/d.cbc"; } > "$T/old.cbc"
# one byte of a docno near the middle, flipped
cp "$T/d.cbc" "$T/flip.cbc"
at=$((size / 2))
byte=$(od -An -tu1 -j "$at" -N 1 "$T/d.cbc" | tr -d ' ')
printf "\\$(printf '%03o' $((byte ^ 1)))" |
	dd of="$T/flip.cbc" bs=1 seek="$at" conv=notrunc 2> /dev/null
ver=$("$CBEVAL" --version | sed 's/^cbeval //')
fails 2 "cbeval: text.cbc: not a cbeval collection file (those are written by --save-collection)" --collection text.cbc
fails 2 "cbeval: v2.cbc: collection file format version 2: this cbeval reads version 1" --collection v2.cbc
fails 2 "cbeval: old.cbc: written by cbeval 0.0.9, read by cbeval $ver: save it again with this one" --collection old.cbc
fails 2 "cbeval: tr.cbc: truncated collection file" --collection tr.cbc
fails 2 "cbeval: tz.cbc.gz: truncated collection file" --collection tz.cbc.gz
fails 2 "cbeval: long.cbc: corrupt collection file: bytes after the checksum" --collection long.cbc
fails 2 "cbeval: none.cbc: cannot open: No such file or directory" --collection none.cbc
fails 2 "cbeval: no/such/dir/c.cbc: cannot open for writing: No such file or directory" --save-collection no/such/dir/c.cbc "$top/data/qrels" "$top/data/runs/gen000.run"
# the flipped byte is caught: by the checksum, or by a check before it
(cd "$T" && "$CBEVAL" --collection flip.cbc) > "$T/out" 2> "$T/err"
st=$?
if [ $st -eq 2 ] && [ ! -s "$T/out" ] && grep -q '^cbeval: flip.cbc: corrupt collection file: ' "$T/err"; then
	ok "error: a flipped byte: $(cat "$T/err")"
else
	nok "error: a flipped byte (status $st)"
	sed 's/^/#   /' "$T/err"
fi
exit $fail
