# < <= > >= on data types: whether one is a (proper) subtype of the other.
notify { 'x':
  message => [Integer[1,2] < Integer, Integer < Integer[1,2], Integer[1,2] <= Integer[0,5], Integer[0,5] <= Integer[1,2],
    Integer <= Integer, Integer < Integer, String[1] < String, String < String[1], String[2,3] <= String[1,5],
    Float[1.0, 2.0] < Float, Float < Float[0.0], Array[Integer] < Array, Array < Array[Integer],
    Array[Integer[1,2]] < Array[Integer], Array[Integer, 1] < Array[Integer], Enum[a] < Enum[a, b], Enum[a, c] < Enum[a, b],
    Integer < Numeric, Numeric > Float, Integer >= Integer[1,2], String > String[1], Optional[String] > String],
}
