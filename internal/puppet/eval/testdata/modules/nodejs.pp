class { 'nodejs': manage_nodejs_package => true, repo_class => undef }
