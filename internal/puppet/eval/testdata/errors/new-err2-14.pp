$x = Array.new()
notify { "${x}": }
