class lo5 { }
