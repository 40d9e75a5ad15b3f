notify { 'x': message => undef, withpath => undef }
$u = undef
notify { 'y': message => $u }
