sshkey { 'both.example@ssh-rsa': key => 'AAAAB3NzaC1yc2EAAAADAQABAAABAQCrsa', target => '@ROOT@/r/known_hosts' }
sshkey { 'both.example@ssh-ed25519': key => 'AAAAC3NzaC1lZDI1NTE5AAAAIOrdoOrdoOrdoOrdoOrdoOrdoOrdoOrdoOrdoOrdoOrdoOr', target => '@ROOT@/r/known_hosts' }
