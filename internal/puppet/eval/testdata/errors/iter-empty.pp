fail(String(empty([2,1].reverse_each)))
