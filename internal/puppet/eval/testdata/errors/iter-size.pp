fail(String(size([1,2].reverse_each)))
