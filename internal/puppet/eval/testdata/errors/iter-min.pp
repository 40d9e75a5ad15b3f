fail(String(min([2,1].reverse_each)))
