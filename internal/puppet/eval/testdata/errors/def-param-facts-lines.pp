define foo(
  $a = 1,
  $facts = 1,
) { notify { "x": } }

foo { 'a': }
