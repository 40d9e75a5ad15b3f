Resource['Notify'] { 'x': message => 'hi' }
