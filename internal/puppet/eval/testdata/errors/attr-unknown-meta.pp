notify { 'a': nosuchmeta => 1 }
