# The read-only properties compared with the key's as Puppet compares
# them: expired (a boolean), expiry and size in sync; type (a Ruby symbol
# no manifest value equals) and a created date that differs fail. The
# expired key is present: without refresh, expired keys count.
apt_key { '56826063EA4BB54A':
  ensure  => present,
  source  => '@ROOT@/keys/expired.asc',
  expired => true,
  expiry  => '2021-01-01',
  size    => 2048,
  type    => 'rsa',
}
apt_key { 'EA4BB54A':
  ensure  => present,
  source  => '@ROOT@/keys/expired.asc',
  created => '1999-01-01',
}
# setup: apt-key add $ROOT/keys/expired.asc
# after: apt-key adv --no-tty --list-keys --with-colons --fixed-list-mode 2>/dev/null | grep "^fpr" > $ROOT/r/keys.txt || true
