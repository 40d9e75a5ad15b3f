$x = Numeric(undef)
notify { "${x}": }
