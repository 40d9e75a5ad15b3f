class lo7 { }
