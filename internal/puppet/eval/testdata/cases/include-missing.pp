include nope
