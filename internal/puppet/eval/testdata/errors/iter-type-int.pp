fail(String(type(3.reverse_each)))
