notify { 'before': }
resources { 'user': purge => true, unless_system_user => 4294967294 }
resources { 'group': purge => false }
notify { 'after': }
