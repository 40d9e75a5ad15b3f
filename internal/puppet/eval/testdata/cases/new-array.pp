notify { 'a1': message => Array({'a' => 1, 'b' => 2}) }
notify { 'a2': message => Array('abc', true) }
notify { 'a3': message => Array(3, true) }
notify { 'a4': message => Tuple([1, 2]) }
notify { 'a5': message => Array(Integer[1, 3]) }
notify { 'a6': message => Array('ab') }
notify { 'a7': message => String(Array(Binary('aGk='))) }
