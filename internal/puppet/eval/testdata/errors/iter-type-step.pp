fail(String(type(Integer[1,3].step(1))))
