if false { $x = "a" =~ /(/ }
