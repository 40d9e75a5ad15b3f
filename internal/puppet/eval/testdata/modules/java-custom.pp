class { 'java':
  distribution => 'jre',
  package      => 'openjdk-17-jre-headless',
}
