tomcat::war { 'app.jar': catalina_base => '/opt/tomcat', war_source => 'https://example.com/app.jar' }
