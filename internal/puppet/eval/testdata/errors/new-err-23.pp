$x = Binary('!!')
notify { "${x}": }
