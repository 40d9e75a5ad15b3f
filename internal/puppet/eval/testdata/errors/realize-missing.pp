realize(Notify['nosuch'])
