return(1)
