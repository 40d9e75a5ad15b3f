notify { 'x': message => 'b', * => {message => 'a'} }
