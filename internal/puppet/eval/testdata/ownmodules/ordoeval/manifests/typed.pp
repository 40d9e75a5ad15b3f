class ordoeval::typed (
  Integer $count,
) {
  notify { "count ${count}": }
}
