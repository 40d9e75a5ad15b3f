# modulepath: oddmodules
include lo19
