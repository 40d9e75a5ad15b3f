$osname = 'Debian'
if $osname == 'debian' { notify { 'if': } } elsif $osname == 'x' { notify { 'elsif': } } else { notify { 'else': } }
unless $osname == 'RedHat' { notify { 'unless': } }
$v = $osname ? { /^Deb(.*)$/ => "matched ${1}", default => 'no' }
notify { 'selector': message => $v }
case $osname {
  'RedHat', 'CentOS': { notify { 'case-rh': } }
  /^(De)(b)ian$/: { notify { 'case-re': message => "${0}-${1}-${2}" } }
  default: { notify { 'case-default': } }
}
case 3 {
  Integer[1, 2]: { notify { 'small': } }
  Integer[3, default]: { notify { 'big': } }
}
$m = [1, 2] ? { [1, 2] => 'arr', default => 'other' }
notify { 'sel2': message => $m }
