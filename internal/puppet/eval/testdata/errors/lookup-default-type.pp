# modulepath: ownmodules
$x = lookup('ordoeval::absent', Integer, undef, 'str')
