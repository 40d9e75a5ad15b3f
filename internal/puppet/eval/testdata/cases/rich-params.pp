notify { 't': message => Timestamp('2020-01-02T03:04:05 UTC') }
notify { 's': message => Timespan(90) }
notify { 'r': message => SemVerRange('>=1.0.0') }
