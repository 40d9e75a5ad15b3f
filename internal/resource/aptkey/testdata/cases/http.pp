# http sources: a key fetched and checked against its fingerprint with
# gpg, one that is not there (404).
apt_key { 'E39002678B66B6D564891000DB8DBE95A0347D2E':
  ensure => present,
  source => '@URL@@ROOT@/keys/two.asc',
}
apt_key { 'B4CE14FDB51E2968E459FB903D8AE9050A35CD4E':
  ensure => present,
  source => '@URL@@ROOT@/keys/missing.asc',
}
# after: apt-key adv --no-tty --list-keys --with-colons --fixed-list-mode 2>/dev/null | grep "^fpr" > $ROOT/r/keys.txt || true
