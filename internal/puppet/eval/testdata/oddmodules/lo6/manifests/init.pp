class lo6 { }
