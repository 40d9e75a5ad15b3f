@@notify { 'exp': }
notify { 'real': }
