fail(String(length([1,2].reverse_each)))
