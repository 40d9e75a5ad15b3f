class hi { }
