notify { 'flatten': message => String(flatten(1)) }
notify { 'strip': message => String(strip(1)) }
notify { 'upcase': message => String(upcase(1)) }
notify { 'filter': message => String(filter('abc') |$a| { true }) }
notify { 'map': message => String(map(1) |$a| { }) }
