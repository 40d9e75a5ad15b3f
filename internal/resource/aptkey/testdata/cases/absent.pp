# A key removed (apt-key del with its short id, until apt-key list no
# longer shows it); the other key stays.
apt_key { 'B4CE14FDB51E2968E459FB903D8AE9050A35CD4E':
  ensure => absent,
}
# setup: apt-key add $ROOT/keys/one.asc && apt-key add $ROOT/keys/two.asc
# after: apt-key adv --no-tty --list-keys --with-colons --fixed-list-mode 2>/dev/null | grep "^fpr" > $ROOT/r/keys.txt || true
