class lo13 { }
