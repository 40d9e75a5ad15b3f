# modules: puppetlabs-concat and -stdlib (record with record-modules)
concat { '@ROOT@/r/motd': mode => '0640', backup => false }
concat::fragment { 'motd-b': target => '@ROOT@/r/motd', content => "b\n", order => '20' }
concat::fragment { 'motd-a': target => '@ROOT@/r/motd', content => "a\n", order => '10' }
exec { 'motd-changed': command => '/bin/true', refreshonly => true, subscribe => Concat['@ROOT@/r/motd'] }
concat_file { 'plain': path => '@ROOT@/r/plain', notify => Notify['after plain'] }
concat_fragment { 'plain-1': target => 'plain', content => "one\n" }
notify { 'after plain': }
