sshkey { 'e.example': key => 'AAAAB3NzaC1yc2EAAAADAQABAAABAQCrsa', target => '@ROOT@/r/known_hosts' }
notify { 'after': }
