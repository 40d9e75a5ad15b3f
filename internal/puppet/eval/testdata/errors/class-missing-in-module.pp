# modulepath: ownmodules
include ordoeval::nosuch
