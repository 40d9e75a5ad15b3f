$x = slice([1,2], 'a') |$a| { }
