class lo11 { }
