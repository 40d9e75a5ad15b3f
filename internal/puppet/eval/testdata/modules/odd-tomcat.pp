tomcat::install { 'relative/path': source_url => 'https://example.com/t.tar.gz' }
