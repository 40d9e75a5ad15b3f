@nosuch { 'a': }
