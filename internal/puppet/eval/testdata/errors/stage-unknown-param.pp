stage { 's': nosuch => 1 }
