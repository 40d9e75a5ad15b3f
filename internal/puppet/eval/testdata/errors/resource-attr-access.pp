notify { 'a': message => 'm' }
notify { 'n1': message => String(Notify['a']['message']) }
notify { 'n2': message => String(Notify['a']['nosuch']) }
