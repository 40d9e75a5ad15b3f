# A type that is not one of debconf's: the catalog is refused.
debconf { 'ordotest/number':
  type  => 'number',
  value => '1',
}
