fail(String(unique([2,1].reverse_each)))
