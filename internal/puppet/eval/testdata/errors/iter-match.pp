fail(String([2,1].reverse_each =~ Iterator))
