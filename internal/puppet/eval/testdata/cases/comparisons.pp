notify { 'cmp':
  message => [Timestamp(0) < 5, Timestamp(10) > 5.5, Timespan(3) <= 3, Integer < String, Integer[1,2] < Integer, Integer <= Integer, Numeric > Integer, String >= String[1], 'b' > 'A', 2 >= 1.5],
}
