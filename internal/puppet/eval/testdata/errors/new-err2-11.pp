$x = Numeric.new([1])
notify { "${x}": }
