notify { 'x': message => template('nosuchmod/x.erb') }
