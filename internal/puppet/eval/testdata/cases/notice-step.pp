notify { 'n1': message => String([1,2,3].step(2)) }
