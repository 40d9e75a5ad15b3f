class lo20 { }
