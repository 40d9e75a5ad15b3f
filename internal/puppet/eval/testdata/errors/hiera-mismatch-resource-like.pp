# modulepath: ownmodules
class { 'ordoeval::typed': }
