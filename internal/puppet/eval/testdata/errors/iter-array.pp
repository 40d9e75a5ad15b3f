fail(String(Array([2,1].reverse_each)))
