sshkey { 'bad.example': type => 'ssh-rsa', key => ' AAAAB3NzaC1yc2EAAAADAQABAAABAQCrsa', target => '@ROOT@/r/known_hosts' }
