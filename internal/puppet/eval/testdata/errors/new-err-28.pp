$x = String(3, '%q')
notify { "${x}": }
