class lo16 { }
