notify { 'x': message => stdlib::os_version_gte('', '1') }
