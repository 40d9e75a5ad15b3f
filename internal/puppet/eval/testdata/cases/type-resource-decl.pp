Resource['notify'] { 'x': message => 'hi' }
