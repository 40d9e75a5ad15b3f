include kmod
kmod::load { 'br_netfilter': }
kmod::blacklist { 'pcspkr': }
kmod::option { 'bonding mode':
  module => 'bonding',
  option => 'mode',
  value  => '802.3ad',
}
kmod::alias { 'bond0':
  source => 'bonding',
}
