notify { 's1': message => String(3.5) }
notify { 's2': message => String(255, '%x') }
notify { 's3': message => String(255, '%#o') }
notify { 's4': message => String([1, 'a'], '%s') }
notify { 's6': message => String(true, '%y') }
notify { 's7': message => String(3.14159, '%.2f') }
notify { 's8': message => String({'a' => 1}) }
notify { 's9': message => String(undef) }
notify { 's10': message => String(10, '%b') }
notify { 's11': message => String('x', '%p') }
notify { 's13': message => String(1.0) }
notify { 's14': message => String(Integer) }
notify { 's15': message => String(-5, '%+d') }
