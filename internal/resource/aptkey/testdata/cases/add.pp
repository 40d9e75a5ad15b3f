# Keys added from content (a full fingerprint, checked against the key
# with gpg) and from a file source (a long id: Puppet warns that the id
# should be a full fingerprint).
apt_key { 'B4CE14FDB51E2968E459FB903D8AE9050A35CD4E':
  ensure  => present,
  content => file('@ROOT@/keys/one.asc'),
}
apt_key { '0xdb8dbe95a0347d2e':
  ensure  => present,
  source => '@ROOT@/keys/two.asc',
}
# after: apt-key adv --no-tty --list-keys --with-colons --fixed-list-mode 2>/dev/null | grep "^fpr" > $ROOT/r/keys.txt || true
