class lo15 { }
