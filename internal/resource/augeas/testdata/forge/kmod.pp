# setup: mkdir -p $ROOT/r/modprobe.d && printf '# existing\nblacklist pcspkr\noptions bonding mode=0 miimon=100\nblacklist gone\n' > $ROOT/r/modprobe.d/existing.conf
class { 'kmod':
  modprobe_d       => '@ROOT@/r/modprobe.d',
  modprobe_d_files => ['@ROOT@/r/modprobe.d/blacklist.conf'],
}
kmod::blacklist { 'floppy': file => '@ROOT@/r/modprobe.d/blacklist.conf' }
kmod::blacklist { 'pcspkr': file => '@ROOT@/r/modprobe.d/existing.conf' }
kmod::blacklist { 'gone': ensure => absent, file => '@ROOT@/r/modprobe.d/existing.conf' }
kmod::option { 'bonding mode':
  module => 'bonding',
  option => 'mode',
  value  => 1,
  file   => '@ROOT@/r/modprobe.d/existing.conf',
}
kmod::option { 'bonding fail_over_mac':
  module => 'bonding',
  option => 'fail_over_mac',
  value  => 'active',
  file   => '@ROOT@/r/modprobe.d/existing.conf',
}
kmod::alias { 'bond0': source => 'bonding', file => '@ROOT@/r/modprobe.d/aliases.conf' }
