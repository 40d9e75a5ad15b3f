$x = Float.new('abc')
notify { "${x}": }
