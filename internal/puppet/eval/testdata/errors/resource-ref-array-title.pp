$x = Notify[]
