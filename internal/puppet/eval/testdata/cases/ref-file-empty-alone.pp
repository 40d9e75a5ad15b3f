$x = File['']
notify { "${x}": }
