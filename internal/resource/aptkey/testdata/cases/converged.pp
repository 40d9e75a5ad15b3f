# A key already there, by fingerprint, long and short id; an absent key
# that is absent.
apt_key { 'B4CE14FDB51E2968E459FB903D8AE9050A35CD4E':
  ensure  => present,
  source => '@ROOT@/keys/one.asc',
}
apt_key { '3D8AE9050A35CD4E':
  ensure  => present,
  source => '@ROOT@/keys/one.asc',
}
apt_key { '0A35CD4E':
  ensure  => present,
  source => '@ROOT@/keys/one.asc',
}
apt_key { 'E39002678B66B6D564891000DB8DBE95A0347D2E':
  ensure => absent,
}
# setup: apt-key add $ROOT/keys/one.asc
# after: apt-key adv --no-tty --list-keys --with-colons --fixed-list-mode 2>/dev/null | grep "^fpr" > $ROOT/r/keys.txt || true
