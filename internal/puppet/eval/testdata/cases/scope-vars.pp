$x = 'top'
class a { $y = "in a ${x}" notify { 'a': message => $y } }
include a
notify { 'b': message => "${a::y} and ${::x}" }
