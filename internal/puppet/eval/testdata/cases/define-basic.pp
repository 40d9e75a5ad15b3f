define mytype($msg = "default for ${title}", $count = 1) {
  notify { "n-${title}": message => "${name}: ${msg} x${count}" }
}
mytype { 'a': }
mytype { 'b': msg => 'given', count => 2 }
mytype { ['c', 'd']: }
