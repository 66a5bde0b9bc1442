# tests/top.sh - sourced first by the test scripts that work from the top
# of the tree (". "$(dirname "$0")/top.sh"): sets here (the directory the
# script was started in) and top, makes CBEVAL, the binary under test,
# an absolute path (default: the top's cbeval; a relative CBEVAL is
# taken from here), and changes to the top.
here=$(pwd)
top=$(cd "$(dirname "$0")/.." && pwd) || exit 2
case ${CBEVAL:-} in
'') CBEVAL=$top/cbeval ;;
/*) ;;
*) CBEVAL=$here/$CBEVAL ;;
esac
cd "$top" || exit 2
