$h = { 'k' => [1, 2, { 'z' => 'q' }] }
$a = ['x', 'y']
notify { 'i1': message => "h=${h} a=${a} k=${h['k'][2]['z']} n=${a[-1]}" }
notify { 'i2': message => "${1 + 2} ${10 / 3} ${2.5 * 2} ${-3}" }
notify { 'i3': message => "${undef}|${Integer}|${Notify['x']}|${[1, 'a', undef]}" }
