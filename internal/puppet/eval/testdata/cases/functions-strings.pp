$v = [
  split('a,b,,c,,', ','), split('a.b', '[.]'), join(['a', 'b', 1], '-'), sprintf('%s is %d and %05.2f %x', 'x', 42, 3.14159, 255),
  versioncmp('1.10', '1.9'), versioncmp('1.0', '1.0'), versioncmp('1.0a', '1.0b'), upcase('abc'), downcase('ABC'),
  capitalize('hello world'), strip('  x  '), regsubst('foo-bar-baz', '-', '_'), regsubst('foo-bar-baz', '-', '_', 'G'),
  regsubst('abc', '(b)', '[\1]'), size([1, 2]), size('hello'), empty(''), empty([]), sort([3, 1, 2]), sort(['b', 'a']),
  unique([1, 1, 2]), flatten([1, [2, [3]]]), keys({ 'a' => 1 }), values({ 'a' => 1 }), abs(-5), max(1, 5, 3), min(4, 2),
  'abc' =~ String, type(1), match('abc123', /([a-z]+)(\d+)/), chomp("line\n"),
]
notify { 'fn': message => $v }
