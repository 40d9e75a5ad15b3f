# setup: mkdir -p $ROOT/r/mnt; printf '# static\nproc /proc proc defaults 0 0\n' > $ROOT/r/fstab; printf 'tmpfs @ROOT@/r/mnt tmpfs size=1m 0 0\n' | sed "s,@ROOT@,$ROOT," >> $ROOT/r/fstab
mount { '@ROOT@/r/mnt': ensure => defined, device => 'tmpfs', fstype => 'tmpfs', options => 'size=2m,mode=755', target => '@ROOT@/r/fstab' }
