sshkey { 'f.example': type => 'ssh-rsa', target => '@ROOT@/r/known_hosts' }
