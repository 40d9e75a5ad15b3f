include ordoeval
