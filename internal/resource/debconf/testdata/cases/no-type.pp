# Without type (and not absent): the catalog is refused.
debconf { 'ordotest/untyped':
  value => '1',
}
