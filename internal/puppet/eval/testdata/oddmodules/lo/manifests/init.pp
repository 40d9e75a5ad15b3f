class lo { }
