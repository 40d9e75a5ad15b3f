$x = String[3]('ab')
notify { "${x}": }
