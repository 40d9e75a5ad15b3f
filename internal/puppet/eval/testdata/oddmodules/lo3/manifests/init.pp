class lo3 { }
