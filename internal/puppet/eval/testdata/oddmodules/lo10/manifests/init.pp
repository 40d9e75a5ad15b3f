class lo10 { }
