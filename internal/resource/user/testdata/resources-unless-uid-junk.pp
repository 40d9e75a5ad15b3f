notify { 'before': }
resources { 'user': purge => true, unless_uid => ['300002', 'junk'] }
