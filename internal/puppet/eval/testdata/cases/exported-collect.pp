@@notify { 'e': }
Notify <<| |>>
