notify { ['A', 'AA', 'B', 'BB']: }
[Notify['A'], Notify['AA']] -> [] ~> [Notify['B'], Notify['BB']]
