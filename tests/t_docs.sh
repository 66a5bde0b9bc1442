#!/bin/sh
# tests/t_docs.sh - the documentation agrees with the program:
#  - every option of `cbeval --help` has an ".It Fl" entry in man/cbeval.1;
#  - the options of the man page's SYNOPSIS are those of --help's usage
#    lines, and every one of them is in --help;
#  - README.md's usage block is --help's usage lines;
#  - the output columns named by --help are in the man page;
#  - README.md's "Quick start" holds exactly the two documented commands;
#  - `cbeval --version` prints "cbeval VERSION" and exits 0;
#  - `mandoc -Tlint` finds no warning or error in the man page (an "ok
#    ... # SKIP" line when mandoc is not installed).
# Prints "ok - ..." or "not ok - ..." per check ("#" lines explain a
# failure); exits 1 if any check failed.  POSIX sh + awk.
#
# Environment: CBEVAL = the binary to test (default ./cbeval, relative to
# the top of the tree).
set -u

. "$(dirname "$0")/top.sh"

MAN=man/cbeval.1
README=README.md
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cbeval-docs.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
failed=0

ok() { echo "ok - $1"; }
notok() {
	echo "not ok - $1"
	failed=1
}
# Print a file as "#" comment lines.
explain() { sed 's/^/#   /' "$1"; }

if ! "$CBEVAL" --help > "$tmp/help" 2> "$tmp/help.err"; then
	notok "cbeval --help exits 0"
	explain "$tmp/help.err"
	exit 1
fi
for f in "$MAN" "$README"; do
	if [ ! -f "$f" ]; then
		notok "$f exists"
		exit 1
	fi
done

# Options of --help: the first column of the indented option lines, such
# as "  -m SPEC", "  --order=KEY", "  -h, --help".
awk '/^  -/ {
	sub(/^  /, ""); sub(/  .*/, "")
	n = split($0, a, /, /)
	for (i = 1; i <= n; i++) { sub(/[ =].*/, "", a[i]); print a[i] }
}' "$tmp/help" | sort -u > "$tmp/help.opts"

# Options of the usage lines: "[-q]", "[-b B]", "[--order score|...]",
# and both of the alternatives "[--pairs | --reliability]".
awk '/^usage:/ { u = 1 } u && /^$/ { exit } u' "$tmp/help" > "$tmp/usage"
sed 's/ | / [/g' "$tmp/usage" | tr ' ' '\n' |
	sed -n 's/^\[\(-[-A-Za-z0-9]*\).*/\1/p' |
	sort -u > "$tmp/usage.opts"

# Fl arguments of the given mdoc lines: ".Fl x" is "-x", ".Fl -x" "--x".
fl_of() {
	awk '{ for (i = 1; i < NF; i++) if ($i == "Fl") print "-" $(i + 1) }' |
		sed 's/[,;.:)]*$//' | sort -u
}
awk '/^\.Sh / { s = ($2 == "SYNOPSIS") ; next } s' "$MAN" | fl_of > "$tmp/syn.opts"
grep '^\.It ' "$MAN" | fl_of > "$tmp/item.opts"

if [ ! -s "$tmp/help.opts" ] || [ ! -s "$tmp/usage.opts" ]; then
	notok "--help lists options and usage lines"
	explain "$tmp/help"
else
	ok "--help lists $(wc -l < "$tmp/help.opts" | tr -d ' ') options"
fi

missing=$(comm -23 "$tmp/help.opts" "$tmp/item.opts")
if [ -z "$missing" ]; then
	ok "every --help option has an .It Fl entry in $MAN"
else
	notok "every --help option has an .It Fl entry in $MAN"
	echo "#   missing:" $missing
fi

extra=$(comm -23 "$tmp/syn.opts" "$tmp/help.opts")
if [ -s "$tmp/syn.opts" ] && [ -z "$extra" ]; then
	ok "every SYNOPSIS option of $MAN is in --help"
else
	notok "every SYNOPSIS option of $MAN is in --help"
	echo "#   not in --help:" $extra
fi

if cmp -s "$tmp/syn.opts" "$tmp/usage.opts"; then
	ok "SYNOPSIS of $MAN has the options of the usage lines"
else
	notok "SYNOPSIS of $MAN has the options of the usage lines"
	diff "$tmp/usage.opts" "$tmp/syn.opts" | sed -n 's/^\([<>]\)/#   \1/p'
	echo "#   (< usage only, > SYNOPSIS only)"
fi

# README's usage block (the fenced block after "## Usage") against the
# usage lines, blanks squeezed.
awk '/^## / { s = ($0 == "## Usage"); next }
	s && /^```/ { if (f) exit; f = 1; next }
	s && f' "$README" | tr -s ' \t' '  ' | sed 's/^ //' > "$tmp/readme.usage"
sed 's/^usage: //' "$tmp/usage" | tr -s ' \t' '  ' | sed 's/^ //' > "$tmp/usage.norm"
if [ -s "$tmp/readme.usage" ] && cmp -s "$tmp/readme.usage" "$tmp/usage.norm"; then
	ok "$README usage block matches --help"
else
	notok "$README usage block matches --help"
	diff "$tmp/usage.norm" "$tmp/readme.usage" | sed 's/^/#   /'
fi

# Output columns named by --help ("output: TSV ...; run qid measure
# value (-b 0), or run qid ... rank_max (-b B).").
awk '/^output:/ { o = 1 } /^exit status:/ { o = 0 } o' "$tmp/help" |
	sed 's/^output:[^;]*;//; s/([^)]*)//g' | tr ' ,.' '\n\n\n' |
	grep -E '^[a-z_0-9]+$' | grep -v -x -E 'or|a|with|header|line' |
	sort -u > "$tmp/cols"
nocol=
for c in $(cat "$tmp/cols"); do
	grep -q -w -e "$c" "$MAN" || nocol="$nocol $c"
done
if [ -s "$tmp/cols" ] && [ -z "$nocol" ]; then
	ok "the $(wc -l < "$tmp/cols" | tr -d ' ') output columns of --help are in $MAN"
else
	notok "the output columns of --help are in $MAN"
	echo "#   missing:$nocol"
fi

# README quick start: the fenced lines of the "## Quick start" section.
awk '/^## / { s = ($0 == "## Quick start"); next }
	s && /^```/ { f = !f; next }
	s && f' "$README" > "$tmp/quick"
printf '%s\n' 'make && ./cbeval data/qrels data/runs/*' 'make test' > "$tmp/quick.want"
if cmp -s "$tmp/quick" "$tmp/quick.want"; then
	ok "$README quick start is the two commands"
else
	notok "$README quick start is the two commands"
	diff "$tmp/quick.want" "$tmp/quick" | sed 's/^/#   /'
fi

# --version.
if "$CBEVAL" --version > "$tmp/version" 2> "$tmp/version.err" &&
	[ "$(wc -l < "$tmp/version" | tr -d ' ')" = 1 ] &&
	grep -q -E '^cbeval [0-9]+\.[0-9]+(\.[0-9]+)?([-+.][0-9A-Za-z.]+)?$' "$tmp/version"; then
	ok "--version prints $(cat "$tmp/version")"
else
	notok "--version prints 'cbeval VERSION' and exits 0"
	explain "$tmp/version"
	explain "$tmp/version.err"
fi

# mandoc lint: warnings and errors fail; style remarks (such as an Xr to a
# manual not installed here) are shown but allowed.
if command -v mandoc > /dev/null 2>&1; then
	mandoc -Tlint "$MAN" > "$tmp/lint" 2>&1
	rc=$?
	if [ "$rc" -le 1 ] &&
		! grep -q -E 'WARNING|ERROR|UNSUPP|BADARG' "$tmp/lint"; then
		ok "mandoc -Tlint $MAN: no warning or error"
		grep -E 'STYLE' "$tmp/lint" | sed 's/^/# /'
	else
		notok "mandoc -Tlint $MAN: no warning or error (status $rc)"
		explain "$tmp/lint"
	fi
else
	ok "mandoc -Tlint $MAN # SKIP mandoc not installed"
fi

exit $failed
