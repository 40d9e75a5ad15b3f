$checks = [
  1 =~ Integer, 1.0 =~ Float, '1' =~ Numeric, true =~ Boolean, undef =~ Undef, [1] =~ Array[Integer],
  { 'a' => 1 } =~ Hash[String, Integer], 'abc' =~ Pattern[/b/], 'on' =~ Enum['on', 'off'], 5 =~ Integer[1, 4],
  [1, 'a'] =~ Tuple[Integer, String], { 'x' => 1 } =~ Struct[{ 'x' => Integer, Optional['y'] => String }],
  'x' =~ Variant[Integer, String], undef =~ Optional[String], 'x' =~ NotUndef, Notify['x'] =~ Type[Resource],
  [] =~ Array[String, 1], 'abc' =~ String[1, 2], 1 =~ Scalar, { 'a' => [1] } =~ Data,
]
notify { 'types': message => $checks }
