class { 'java':
  package               => 'jdk-8u25-linux-x64',
  java_alternative      => 'jdk1.8.0_25',
  java_alternative_path => '/usr/java/jdk1.8.0_25/jre/bin/java',
}
