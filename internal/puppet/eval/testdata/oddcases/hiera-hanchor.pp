# modulepath: oddmodules
include hanchor
