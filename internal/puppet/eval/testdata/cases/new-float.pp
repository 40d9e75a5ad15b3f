notify { 'f1': message => Float('3.5') }
notify { 'f2': message => Float(3) }
notify { 'f3': message => Float(true) }
notify { 'f4': message => Float('0b101') }
notify { 'f5': message => Float('-1.5e3') }
notify { 'f6': message => Float('- 2.5') }
notify { 'f7': message => Float(-4.25, true) }
notify { 'f8': message => Float({'from' => '7', 'abs' => true}) }
notify { 'f9': message => Float('0x1A') }
