# modulepath: oddmodules
include hv3
