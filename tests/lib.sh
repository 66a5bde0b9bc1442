# tests/lib.sh - sourced by the tests/t_*.sh scripts: the binary under test,
# a scratch directory removed on exit, and the ok/not ok protocol of
# tests/run.sh ("fail" is 1 once any check failed; end with "exit $fail").
CBEVAL=${CBEVAL:-./cbeval}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
fail=0
ok() { printf "ok - %s\n" "$*"; }
nok() { printf "not ok - %s\n" "$*"; fail=1; }
