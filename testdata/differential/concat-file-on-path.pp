# modules: puppetlabs-concat and -stdlib (record with record-modules)
file { 'motd': path => '@ROOT@/r/motd', mode => '0600', notify => Notify['motd changed'] }
notify { 'first': }
concat_file { '@ROOT@/r/motd': ensure_newline => true }
concat_fragment { 'a': target => '@ROOT@/r/motd', content => 'a' }
notify { 'motd changed': }
