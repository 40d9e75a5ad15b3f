# Ruby's floor division and modulo, Integer#<< with a Float count, shifts
# past 64 bits, numeric strings with blanks and signs, and the splat
# operator's unfolding of undef, scalars and hashes.
notify { 'division':
  message => [7 / -2, -7 / 2, -7 / -2, 6 / -2, 7 % -2, -7 % 2, -7 % -2, 7.0 / -2],
}
notify { 'shifts':
  message => [1 << 1.5, 1 >> 1.5, 1 << -1, -8 >> 1, 1 >> 70, -1 >> 70, 0 << 100, 1 << 62],
}
notify { 'strings':
  message => [' 5' + 1, '- 3' + 0, "\t+0x1F" + 0, '010' + 0, '1e2' + 0, '2.5' * 2, -' 3'],
}
notify { 'splat':
  message => [*undef, *3, *[1, 2], *{ 'a' => 1 }],
}
notify { 'unfolded':
  message => *{ 'k' => 'v' },
}
$list = ['x', 'y']
case 'y' {
  *$list: { notify { 'case-splat': } }
  default: {}
}
