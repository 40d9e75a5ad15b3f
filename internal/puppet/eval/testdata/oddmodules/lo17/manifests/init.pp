class lo17 { }
