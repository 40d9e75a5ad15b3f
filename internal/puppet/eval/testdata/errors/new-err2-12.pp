$x = Array(undef)
notify { "${x}": }
