notify { 'int': message => 42 }
notify { 'float': message => 1.5 }
notify { 'bool': message => true }
notify { 'quote': message => "it's" }
notify { 'newline': message => "a\nb" }
