notify { 'main1': }
class a { notify { 'in-a': } }
require a
notify { 'main2': }
