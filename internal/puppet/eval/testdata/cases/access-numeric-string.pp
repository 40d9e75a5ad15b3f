# A numeric string as an index: an Array takes it as its number with a
# warning, a String without one.
notify { 'x':
  message => [[1, 2, 3]['1'], [1, 2, 3]['0', '2'], 'abc'['1'], 'abc'['0', '2'], {1 => 'a', '1' => 'b'}['1']],
}
