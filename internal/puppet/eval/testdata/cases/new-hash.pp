notify { 'h1': message => Hash([['a', 1], ['b', 2]]) }
notify { 'h2': message => Hash(['a', 1, 'b', 2]) }
notify { 'h3': message => Hash([]) }
notify { 'h4': message => Struct[{a => Integer}]([['a', 1]]) }
notify { 'h5': message => Hash([[1, 2], [3, 4]]) }
notify { 'h6': message => Hash({'x' => 1}) }
