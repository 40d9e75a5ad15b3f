# setup: mkdir -p $ROOT/r/mnt; printf '# static\nproc /proc proc defaults 0 0\n' > $ROOT/r/fstab; printf 'tmpfs @ROOT@/r/mnt tmpfs size=1m 0 0\n' | sed "s,@ROOT@,$ROOT," >> $ROOT/r/fstab
mount { '@ROOT@/r/mnt': ensure => absent, target => '@ROOT@/r/fstab' }
