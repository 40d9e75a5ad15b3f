type MyT = Variant[Integer, String]
$r = assert_type(MyT, [1])
