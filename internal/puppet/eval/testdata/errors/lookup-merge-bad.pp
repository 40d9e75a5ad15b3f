# modulepath: ownmodules
$x = lookup('ordoeval::settings', Hash, 'nosuchmerge')
