# Without ensure (the type has no default): nothing is managed, as in
# Puppet; the id that is no fingerprint is still warned about.
apt_key { 'B4CE14FDB51E2968E459FB903D8AE9050A35CD4E':
  content => file('@ROOT@/keys/one.asc'),
}
apt_key { '0xdb8dbe95a0347d2e':
  source => '@ROOT@/keys/two.asc',
}
# after: apt-key adv --no-tty --list-keys --with-colons --fixed-list-mode 2>/dev/null | grep "^fpr" > $ROOT/r/keys.txt || true
