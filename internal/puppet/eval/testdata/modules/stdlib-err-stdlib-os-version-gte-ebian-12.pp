notify { 'x': message => stdlib::os_version_gte('Debian', 12) }
