sshkey { 'c.example': type => 'ssh-rsa', key => 'AAAAB3NzaC1yc2EAAAADAQABAAABAQCrsa', host_aliases => ['x,y'], target => '@ROOT@/r/known_hosts' }
