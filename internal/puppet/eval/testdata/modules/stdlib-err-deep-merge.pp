notify { 'x': message => deep_merge({}) }
