$x = Boolean(undef)
notify { "${x}": }
