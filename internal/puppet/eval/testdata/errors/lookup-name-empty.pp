notify { 'x': message => String(lookup('')) }
