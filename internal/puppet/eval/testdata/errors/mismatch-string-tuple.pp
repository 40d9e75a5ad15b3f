$r = assert_type(String, [1, {a=>[true]}])
