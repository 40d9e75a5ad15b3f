class lo4 { }
