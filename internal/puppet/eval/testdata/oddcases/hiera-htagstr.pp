# modulepath: oddmodules
include htagstr
