accounts::user { 'Bad User': uid => 'x' }
