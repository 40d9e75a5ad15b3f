$x = Integer("abc")
