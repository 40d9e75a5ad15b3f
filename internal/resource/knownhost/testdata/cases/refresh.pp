sshkey { 'ref.example': type => 'rsa', key => 'AAAAB3NzaC1yc2EAAAADAQABAAABAQCrsa', target => '@ROOT@/r/known_hosts', notify => Exec['rescan'] }
exec { 'rescan': command => '/bin/true', refreshonly => true }
