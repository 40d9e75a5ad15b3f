notify { 'x': message => Timespan(3600) }
