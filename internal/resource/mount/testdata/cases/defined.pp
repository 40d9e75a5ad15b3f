# setup: mkdir -p $ROOT/r/mnt; printf '# static\nproc /proc proc defaults 0 0\n' > $ROOT/r/fstab
mount { '@ROOT@/r/mnt': ensure => defined, device => 'tmpfs', fstype => 'tmpfs', options => 'size=1m', target => '@ROOT@/r/fstab' }
