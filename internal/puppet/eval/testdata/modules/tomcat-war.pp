tomcat::install { '/opt/tomcat':
  source_url => 'https://archive.apache.org/dist/tomcat/tomcat-9/v9.0.80/bin/apache-tomcat-9.0.80.tar.gz',
}
tomcat::war { 'app.war':
  catalina_base => '/opt/tomcat',
  war_source    => 'https://example.com/app.war',
}
tomcat::setenv::entry { 'JAVA_OPTS':
  value => '-Xmx512m',
  catalina_home => '/opt/tomcat',
}
tomcat::config::server::tomcat_users { 'admin':
  catalina_base => '/opt/tomcat',
  element       => 'user',
  password      => 'secret',
  roles         => ['manager-gui', 'admin-gui'],
}
