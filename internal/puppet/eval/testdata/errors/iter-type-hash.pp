fail(String(type({'a'=>1}.reverse_each)))
