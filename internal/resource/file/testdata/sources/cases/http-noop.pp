# --noop: what would change is said, nothing is fetched or written.
# flags: --noop
# setup: printf 'old\n' > $ROOT/r/old && touch -d '2020-01-01 00:00:00 UTC' $ROOT/r/old
file { '@ROOT@/r/new': source => '@URL@/sha256.txt' }
file { '@ROOT@/r/old': source => '@URL@/plain.txt' }
