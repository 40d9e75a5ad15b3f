notify { 'before': }
resources { 'nosuchtype': purge => true }
