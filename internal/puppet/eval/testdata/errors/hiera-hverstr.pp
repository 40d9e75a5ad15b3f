# modulepath: oddmodules
include hverstr
