# Puppet's catalog writer warns for each attribute value that is not
# data and becomes a string: a data type (a type alias too), a regexp,
# default, and a data type or regexp as a hash key. Each warning's name
# is built onto the one before, for the same resource. References are
# written without a warning.
type MyT = Integer[1, 2]
notify { 'x': message => Integer }
notify { 'y': message => [String, { 'a' => Optional[Integer] }] }
notify { 'r': message => [/a.b/, default, 'plain'] }
notify { 'k': message => { Integer => 1, /re/ => 2 } }
notify { 'm': message => Integer, loglevel => notice, withpath => false }
notify { 'f': message => [File['/x'], Class['main'], Notify['x']] }
notify { 'a': message => MyT }
