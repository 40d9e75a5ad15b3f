class lo9 { }
