# modulepath: oddmodules
include hempty
