class lo8 { }
