fail(String(sort([2,1].reverse_each)))
