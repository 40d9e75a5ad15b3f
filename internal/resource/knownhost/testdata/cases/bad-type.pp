sshkey { 'd.example': type => 'ssh-foo', key => 'AAAAB3NzaC1yc2EAAAADAQABAAABAQCrsa', target => '@ROOT@/r/known_hosts' }
