# checksum_value beside an http source: the file is checked against it,
# and the source is fetched only to write it; content that does not have
# the checksum is refused.
# setup: printf 'other\n' > $ROOT/r/right
file { '@ROOT@/r/right':
  ensure         => file,
  source         => '@URL@/sha256.txt',
  checksum_value => '9d678ff44ed7e3ac51dd407b2e0bc2397691ff55ad0d41268e4d39850750ec5b',
}
file { '@ROOT@/r/refused':
  ensure         => file,
  source         => '@URL@/plain.txt',
  checksum_value => '9d678ff44ed7e3ac51dd407b2e0bc2397691ff55ad0d41268e4d39850750ec5b',
}
