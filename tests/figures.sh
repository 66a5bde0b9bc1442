#!/bin/sh
# tests/figures.sh - the figures of README.md, man/fig/*.svg, made from
# data/ by cbeval --svg.  One line per figure below: its name and the
# options that make it.  "sh tests/figures.sh write" (make figures)
# writes them; "sh tests/figures.sh check DIR" writes them into DIR, for
# tests/t_svg.sh to compare with the committed ones byte for byte.
#
# Environment: CBEVAL = the binary (default ./cbeval).  Run from the top
# of the tree.  Exits non-zero when cbeval fails.
set -eu
CBEVAL=${CBEVAL:-./cbeval}
case ${1:-} in
write) out=man/fig ;;
check) out=$2 ;;
*) echo "usage: sh tests/figures.sh write | check DIR" >&2; exit 2 ;;
esac
mkdir -p "$out"
while read -r name opts; do
	# shellcheck disable=SC2086 # the options are words
	"$CBEVAL" $opts --svg "$out/$name.svg" data/qrels data/runs/* > /dev/null
done <<'LIST'
evaluation -q -m AP
summary -b 200 -m AP
topics -b 200 -q -m AP
pairs -b 50 --pairs -m AP
reliability -b 200 --reliability
sensitivity --sensitivity -t 200
partitions --partitions 4 -m AP
meld -b 20 --meld rank -m AP
bias --bias --against pool:5 --against pool:20 -m AP
compare -b 200 --compare gen002 -m AP,P@10
LIST
