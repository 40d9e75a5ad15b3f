# An Enum iterates over its strings.
notify { 'x': message => Enum[b, a].map |$x| { $x } }
