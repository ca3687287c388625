# The partitions of an SD card image, read and written by the MBR's own offsets (no loop device, no mount).
# Sourced by scripts/build/image.sh and scripts/test/image.sh.
#   card_field IMAGE N start|size   partition N's first sector or its length in sectors (512 bytes)
#   card_read IMAGE N               partition N on stdout
#   card_extract IMAGE N FILE       partition N copied into FILE
#   card_sha256 IMAGE N             partition N's sha256, read in place

card_field() {
    sfdisk --dump "$1" | awk -v n="$2" -v f="$3" -F'[:,]' '
        $1 ~ "^[^ ]*[^0-9]" n " *$" { for (i = 2; i <= NF; i++) { split($i, kv, "="); gsub(/ /, "", kv[1]); gsub(/ /, "", kv[2]); if (kv[1] == f) print kv[2] } }'
}

# card_read IMAGE N: partition N on stdout (byte offsets, in 4 MiB reads)
card_read() {
    dd if="$1" bs=4M iflag=skip_bytes,count_bytes status=none \
        skip=$(( $(card_field "$1" "$2" start) * 512 )) count=$(( $(card_field "$1" "$2" size) * 512 ))
}

card_extract() { card_read "$1" "$2" > "$3"; }

card_sha256() { card_read "$1" "$2" | sha256sum | cut -d' ' -f1; }
