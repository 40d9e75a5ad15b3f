$x = lookup() 
