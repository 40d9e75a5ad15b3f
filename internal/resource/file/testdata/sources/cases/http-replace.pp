# Existing files: older than Last-Modified (replaced), newer (kept: the
# mtime checksum), and of other content under a sha256 header (replaced,
# with a backup suffix); checksum => md5 takes Content-MD5, and a checksum
# the server does not give falls back to one it does.
# setup: printf 'old\n' > $ROOT/r/old && touch -d '2020-01-01 00:00:00 UTC' $ROOT/r/old && printf 'mine\n' > $ROOT/r/newer && touch -d '2024-01-01 00:00:00 UTC' $ROOT/r/newer && printf 'other\n' > $ROOT/r/sha256 && printf 'checked by md5\n' > $ROOT/r/md5 && printf 'x\n' > $ROOT/r/fallback && printf 'checked by sha256\n' > $ROOT/r/same
file { '@ROOT@/r/old': source => '@URL@/plain.txt' }
file { '@ROOT@/r/newer': source => '@URL@/plain.txt' }
file { '@ROOT@/r/sha256': source => '@URL@/sha256.txt', backup => '.bak' }
file { '@ROOT@/r/md5': source => '@URL@/md5.txt', checksum => md5 }
file { '@ROOT@/r/fallback': source => '@URL@/sha256.txt', checksum => md5 }
file { '@ROOT@/r/same': source => '@URL@/sha256.txt' }
