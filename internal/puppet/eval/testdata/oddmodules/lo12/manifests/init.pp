class lo12 { }
