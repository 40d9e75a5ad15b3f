# setup: printf 'a.example ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQCrsa\n  indented.example ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQCrsa\n' > $ROOT/r/known_hosts
sshkey { 'b.example': type => 'ssh-rsa', key => 'AAAAB3NzaC1yc2EAAAADAQABAAABAQCrsa', target => '@ROOT@/r/known_hosts' }
