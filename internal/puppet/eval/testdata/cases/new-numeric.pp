notify { 'n1': message => Numeric('3.5') }
notify { 'n2': message => Numeric('42') }
notify { 'n3': message => Numeric('0x1f') }
notify { 'n4': message => Numeric('0b11') }
notify { 'n5': message => Numeric(false) }
notify { 'n6': message => Numeric('-7', true) }
notify { 'n7': message => Numeric({'from' => '-2.5', 'abs' => true}) }
notify { 'n8': message => Numeric('017') }
notify { 'n9': message => Numeric('1e3') }
