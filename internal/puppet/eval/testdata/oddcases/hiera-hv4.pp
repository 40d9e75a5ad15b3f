# modulepath: oddmodules
include hv4
