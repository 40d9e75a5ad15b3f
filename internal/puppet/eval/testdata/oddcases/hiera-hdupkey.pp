# modulepath: oddmodules
include hdupkey
