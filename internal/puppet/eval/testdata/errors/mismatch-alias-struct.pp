type MyT = Struct[{a => Integer}]
$r = assert_type(MyT, {a => 'x'})
