# flags: --noop
notify { 'int': message => 42 }
notify { 'float': message => 1.5 }
notify { 'hash': message => {'b' => 1, 'a' => 'x'} }
notify { 'quote': message => "it's" }
