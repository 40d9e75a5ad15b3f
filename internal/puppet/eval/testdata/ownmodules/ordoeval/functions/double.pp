function ordoeval::double(Integer $x) >> Integer {
  $x * 2
}
