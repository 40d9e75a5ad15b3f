file { '/tmp/x': mode => '0644' }
notify { 'a': message => 'm' }
notify { 'n1': message => String(File['/tmp/x'][['mode', 'owner']]) }
notify { 'n2': message => String(File['/tmp/x']['ensure']) }
notify { 'n3': message => String(Resource['file', '/tmp/x']['mode']) }
notify { 'n4': message => String(Notify['a']['message']) }
