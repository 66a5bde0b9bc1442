# tests/lib.sh - sourced by the tests/t_*.sh scripts: the binary under test,
# a scratch directory removed on exit, and the ok/not ok protocol of
# tests/run.sh ("fail" is 1 once any check failed; end with "exit $fail").
CBEVAL=${CBEVAL:-./cbeval}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
ok() { printf "ok - %s\n" "$*"; }
nok() { printf "not ok - %s\n" "$*"; fail=1; }

# fails_in DIR STATUS MESSAGE ARGS...: run $CBEVAL ARGS in DIR and check
# its exit status, the first line of its standard error, and that it
# printed nothing on standard output.
fails_in() {
	fdir=$1 want=$2 msg=$3
	shift 3
	(cd "$fdir" && "$CBEVAL" "$@") > "$T/out" 2> "$T/err"
	st=$?
	got=$(head -n 1 "$T/err")
	if [ $st -eq "$want" ] && [ "$got" = "$msg" ] && [ ! -s "$T/out" ]; then
		ok "error: $msg"
	else
		nok "error: $msg (status $st, stdout $(wc -c < "$T/out") bytes)"
		sed 's/^/#   /' "$T/err"
	fi
}
