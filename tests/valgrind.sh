#!/bin/sh
# tests/valgrind.sh - run cbeval under valgrind (memcheck, leaks included)
# on the test collections: plain evaluation, the bootstrap with -q and
# --images, --pairs, --reliability, --svg, gzip input, --meld, image
# ranges and their merge, and error exits.  Prints
# "ok - ..." / "not ok - ..." per command and exits 1 on any error.
# Used by "make check-valgrind".
set -u
CBEVAL=${CBEVAL:-./cbeval}
if ! command -v valgrind >/dev/null 2>&1; then
	echo "ok - valgrind # SKIP valgrind not installed"
	exit 0
fi
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
R=tests/ref/synth_small
fail=0
vg() {
	want=$1; shift
	valgrind -q --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,indirect,possible \
		--errors-for-leak-kinds=definite,indirect,possible "$CBEVAL" "$@" > /dev/null 2> "$T/vg"
	rc=$?
	if [ $rc -eq "$want" ] && ! grep -q '^==[0-9]*==' "$T/vg"; then
		echo "ok - valgrind clean: cbeval $*"
	else
		echo "not ok - valgrind: cbeval $* (status $rc)"
		sed 's/^/# /' "$T/vg" | head -30
		fail=1
	fi
}
gzip -c $R/runs/sys001.run > "$T/sys001.run.gz"
printf '1 Q0 a 1 nan T\n' > "$T/bad.run"
vg 0 data/qrels data/runs/*.run
vg 0 -q -F trec -m map,P_10 $R/qrels $R/runs/sys000.run "$T/sys001.run.gz"
vg 0 -q -b 5 -j 2 --images "$T/img" $R/qrels $R/runs/*.run
vg 0 -q -b 4 --pairs $R/qrels $R/runs/*.run
vg 0 -b 4 --reliability $R/qrels $R/runs/*.run
vg 0 -q -b 4 --pairs --svg "$T/pairs.svg" --pair-images "$T/pi" $R/qrels $R/runs/*.run
vg 0 -q -b 4 --svg "$T/topics.svg" $R/qrels $R/runs/*.run
vg 2 --svg "$T/no/such.svg" $R/qrels $R/runs/*.run
vg 0 --order=rank --dedup -M 50 $R/qrels $R/runs/sys002.run
# --meld: two blocks of images (the second partial), judged spans, mf 0
# copied from split 1 into --images
vg 0 --meld rank -b 9 --splits 2 --mf 1,0 -j 2 -m AP,bpref,'RBP(p=0.8)' --images "$T/meld.img" $R/qrels $R/runs/*.run
vg 2 $R/qrels "$T/bad.run"
vg 2 $R/qrels "$T/missing.run"
vg 1 -m 'RBP(p=2)' $R/qrels $R/runs/sys000.run
# image ranges, their merge (one file gzipped) and a merge error
vg 0 -b 4 -j 2 --image-range 1-2 --images "$T/a.img" $R/qrels $R/runs/*.run
vg 0 -b 4 --image-range 3-4 --images "$T/b.img" $R/qrels $R/runs/*.run
gzip -c "$T/b.img" > "$T/b.img.gz"
vg 0 -q --pairs --from-images "$T/b.img.gz" --from-images "$T/a.img"
vg 2 --from-images "$T/a.img"
exit $fail
