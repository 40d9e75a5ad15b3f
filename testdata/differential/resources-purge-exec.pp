notify { 'before': }
resources { 'exec': purge => true }
