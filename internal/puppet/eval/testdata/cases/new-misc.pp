notify { 'm1': message => String(Regexp('a.c')) }
notify { 'm2': message => String(Sensitive('s')) }
notify { 'm3': message => String(Timespan('1-02:03:04')) }
notify { 'm4': message => String(Timespan(3600.5)) }
notify { 'm5': message => String(Timestamp('2021-03-04T05:06:07 UTC')) }
notify { 'm6': message => String(SemVer(1, 2, 3)) }
notify { 'm7': message => String(SemVerRange('1.x')) }
notify { 'm8': message => String(Binary('hello', '%s')) }
notify { 'm9': message => String(Timespan({'hours' => 2, 'minutes' => 3})) }
notify { 'm10': message => String(Regexp('a/b')) }
notify { 'm11': message => String(Timestamp(0)) }
notify { 'm12': message => String(Binary([65, 66])) }
