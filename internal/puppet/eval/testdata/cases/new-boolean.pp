notify { 'b1': message => String(Boolean('yes')) }
notify { 'b2': message => String(Boolean('N')) }
notify { 'b3': message => String(Boolean(0)) }
notify { 'b4': message => String(Boolean(2.5)) }
notify { 'b5': message => String(Boolean('TRUE')) }
notify { 'b7': message => String(Boolean(0.0)) }
