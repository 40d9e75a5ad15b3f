notify { 'before': }
resources { 'exec': }
resources { 'service': purge => false }
