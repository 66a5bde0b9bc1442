# tests/fnlen.awk - used by t_layers.sh.
# the length of every function of a C file: from the line that opens its
# signature (at column 0) to its closing brace (at column 0)
FNR == 1 { start = 0; name = "" }
/^[A-Za-z_].*\(/ && !/;[ \t]*$/ && !/^(static )?(const )?struct [a-z_]+ [a-z_]+\[\]/ { if (!inbody) { start = FNR; name = $0 } }
/^\{/ { if (start) inbody = 1 }
/^\}/ { if (inbody) { n = FNR - start + 1; sub(/\(.*/, "", name); k = split(name, w, /[ *]+/); print n, FILENAME ":" w[k]; inbody = 0; start = 0 } }
