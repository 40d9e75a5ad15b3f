# flags: --strict_variables
notify { 'x': message => "${nope}" }
