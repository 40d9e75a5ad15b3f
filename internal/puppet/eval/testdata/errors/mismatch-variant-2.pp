$r = assert_type(Variant[Enum[a], Pattern[/x/]], 'b')
