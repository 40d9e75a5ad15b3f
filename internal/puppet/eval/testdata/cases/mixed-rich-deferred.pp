notify { 'a': message => Binary('aGVsbG8=') }
notify { 'b': message => Deferred('join', [[1,2], ',']) }
notify { 'c': message => SemVer('1.0.0') }
notify { 'd': message => Timespan(60) }
