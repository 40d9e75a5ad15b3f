# setup: chmod 755 $ROOT; userdel ordoprovkey 2>/dev/null; useradd -M -d $ROOT/r/home ordoprovkey; mkdir -p $ROOT/r/home; chown ordoprovkey $ROOT/r/home
ssh_authorized_key { 'alice@example': user => 'ordoprovkey', type => 'ssh-ed25519', key => 'AAAAC3NzaC1lZDI1NTE5AAAAIOrdoProvTestKeyOne', target => '@ROOT@/r/keys' }
