$x = Tuple[Integer, Integer]([1])
notify { "${x}": }
