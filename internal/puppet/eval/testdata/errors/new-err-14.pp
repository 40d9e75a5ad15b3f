$x = Hash(['a'])
notify { "${x}": }
