notify { 'x': message => deep_merge({}, 1) }
