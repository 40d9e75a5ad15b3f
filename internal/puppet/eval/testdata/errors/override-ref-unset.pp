notify { 'a': }
Notify['a'] { message => 'y' }
Notify['a'] { message => 'z' }
