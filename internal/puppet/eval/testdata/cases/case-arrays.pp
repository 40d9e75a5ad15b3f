$v = 'b'
case $v {
  ['a', 'b']: { notify { 'in-array': } }
  default: { notify { 'default': } }
}
$w = ['x', 'y']
case 'y' {
  *$w: { notify { 'splat': } }
}
