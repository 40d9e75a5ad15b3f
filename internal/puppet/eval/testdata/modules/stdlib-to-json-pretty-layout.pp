notify { 'pretty':
  message => stdlib::to_json_pretty({'allow' => ['$1'], 'e' => {}, 'n' => 1.5, 'u' => undef, 'x' => "é<\u2028", 'i' => [[], [1]]}),
}
notify { 'skip':
  message => stdlib::to_json_pretty([1, undef, {'a' => []}], true),
}
notify { 'layout':
  message => stdlib::to_json_pretty({'a' => [1,2], 'b' => { 'c' => true }}, false, {'indent' => "\t", 'space_before' => ' ', 'max_nesting' => -1}),
}
