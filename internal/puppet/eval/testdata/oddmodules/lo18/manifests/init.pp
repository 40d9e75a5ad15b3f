class lo18 { }
