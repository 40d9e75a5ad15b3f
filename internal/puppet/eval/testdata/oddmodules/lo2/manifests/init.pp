class lo2 { }
