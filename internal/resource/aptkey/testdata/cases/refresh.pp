# An expired key (expired.asc, made to expire in 2021) is added again
# with refresh => true; a key that has not expired is left alone.
apt_key { 'A5224300E81460998848C08556826063EA4BB54A':
  ensure  => present,
  source  => '@ROOT@/keys/expired.asc',
  refresh => true,
}
apt_key { 'B4CE14FDB51E2968E459FB903D8AE9050A35CD4E':
  ensure  => present,
  source  => '@ROOT@/keys/one.asc',
  refresh => true,
}
# setup: apt-key add $ROOT/keys/expired.asc && apt-key add $ROOT/keys/one.asc
# after: apt-key adv --no-tty --list-keys --with-colons --fixed-list-mode 2>/dev/null | grep "^fpr" > $ROOT/r/keys.txt || true
