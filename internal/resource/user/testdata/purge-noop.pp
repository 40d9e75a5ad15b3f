# setup: useradd -m -d $ROOT/home ordorespn && mkdir -p $ROOT/home/.ssh && printf 'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC1 keep@host\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI2 drop@host\nssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC3\n' > $ROOT/home/.ssh/authorized_keys && chown -R ordorespn $ROOT/home
# cleanup: userdel ordorespn; groupdel ordorespn
# flags: --noop
user { 'ordorespn': ensure => present, home => '@ROOT@/home', purge_ssh_keys => true }
ssh_authorized_key { 'keep@host': user => 'ordorespn', type => 'ssh-rsa', key => 'AAAAB3NzaC1yc2EAAAADAQABAAABAQC1' }
notify { 'after': require => User['ordorespn'] }
