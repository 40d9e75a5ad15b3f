class lo14 { }
