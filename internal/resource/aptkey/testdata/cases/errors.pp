# Failures: content whose key is not the id, a source file that does
# not exist, an http source that is not there, a key server that
# refuses the connection.
apt_key { 'B4CE14FDB51E2968E459FB903D8AE9050A35CD4E':
  ensure  => present,
  content => file('@ROOT@/keys/two.asc'),
}
apt_key { 'E39002678B66B6D564891000DB8DBE95A0347D2E':
  ensure  => present,
  source => '@ROOT@/keys/missing.asc',
}
apt_key { '1111111111111111111111111111111111111111':
  ensure  => present,
  source => 'http://127.0.0.1:9/key.asc',
}
apt_key { '2222222222222222222222222222222222222222':
  ensure  => present,
  server => 'hkp://127.0.0.1:11',
}
# after: apt-key adv --no-tty --list-keys --with-colons --fixed-list-mode 2>/dev/null | grep "^fpr" > $ROOT/r/keys.txt || true
