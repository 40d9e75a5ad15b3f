# [] on a string: characters, negative indices, ranges, and an index out
# of range, which gives an empty string.
notify { 'x':
  message => ['abc'[0], 'abc'[-1], 'abc'[1,2], 'abc'[5], 'abc'[-5], 'abc'[1,-1],
    'abc'[-2,1], 'abc'[0,10], 'abc'[3], 'abc'[2,-2], 'aé'[1], ''[0], 'abc'[-5,2]],
}
