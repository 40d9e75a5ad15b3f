# modulepath: ownmodules
notify { 'before': }
include ordoeval::typed
