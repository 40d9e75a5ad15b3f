sshkey { 'gone.example': ensure => absent, type => 'ssh-rsa', target => '@ROOT@/r/none' }
