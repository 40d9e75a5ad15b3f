$x = Array[String]([1])
notify { "${x}": }
