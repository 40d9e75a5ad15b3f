notify { 'a': message => 'm' }
Notify['a'] { message => 'y' }
