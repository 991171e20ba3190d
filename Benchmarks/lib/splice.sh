# Sourced by run-daemon.sh and run-store.sh: replaces the section of BENCHMARKS.md between two
# marker lines with a file's contents (appends the section when the markers are not there yet).
#
#   splice_section BEGIN_MARKER END_MARKER SECTION_FILE TARGET_FILE
splice_section() {
    local begin="$1" end="$2" section="$3" target="$4" tmp="$4.tmp"
    touch "$target"
    awk -v begin="$begin" -v end="$end" -v file="$section" '
        function insert() { print begin; while ((getline line < file) > 0) print line; print end; done = 1 }
        $0 == begin { skipping = 1; insert(); next }
        $0 == end { skipping = 0; next }
        !skipping { print }
        END { if (!done) { print ""; insert() } }
    ' "$target" >"$tmp"
    mv "$tmp" "$target"
}
