type MyT = Integer[1, 5]
$r = assert_type(MyT, 7)
